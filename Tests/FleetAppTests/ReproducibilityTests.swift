import FleetTestSupport
import Foundation
import Testing

@Suite("Reproducible reports")
struct ReproducibilityTests {
    /// Every file of a report, relative path → bytes.
    static func files(under root: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            guard !url.hasDirectoryPath else { continue }
            let relative = String(url.path.dropFirst(root.path.count + 1))
            result[relative] = try Data(contentsOf: url)
        }
        return result
    }

    @Test("identical inputs give byte-identical CSV and HTML apart from the run's own timestamps")
    func byteIdentical() async throws {
        let directory = try TemporaryDirectory(prefix: "fleetwx-repro")
        defer { directory.remove() }
        let base = ["HOME": directory.url.path, "FLEETWX_TEMPLATES": AppHarness.templates.path]
        for (name, now) in [
            ("a", "2026-11-30T05:00:00Z"), ("b", "2026-11-30T05:00:00Z"), ("c", "2026-11-30T06:30:00Z"),
        ] {
            // The built binary, a fresh process each time, so hash seeds differ and any
            // dependence on dictionary order would show (waited for without blocking a thread).
            let run = try BinaryRun.start(
                arguments: [
                    "run", AppHarness.demoSchedule.path, "--replay", AppHarness.demoWeather.path, "--out", name,
                    "--state", "\(name).sqlite", "--now", now,
                ], environment: base, directory: directory)
            let result = try await run.wait()
            #expect(result.exitCode == 0, "\(result.stderr)")
        }
        let first = try Self.files(under: directory.file("a"))
        let second = try Self.files(under: directory.file("b"))
        #expect(first.keys.sorted() == second.keys.sorted())
        #expect(first.count > 40)
        for (name, bytes) in first where name.hasSuffix(".csv") {
            #expect(second[name] == bytes, "\(name) differs between two runs")
        }
        // HTML embeds the run's start time (title, summary band, footer): blank out exactly that.
        for (name, bytes) in first where name.hasSuffix(".html") {
            let left = try RunNormalising.withoutRunTime(
                String(decoding: bytes, as: UTF8.self), report: directory.file("a"))
            let right = try RunNormalising.withoutRunTime(
                String(decoding: second[name] ?? Data(), as: UTF8.self), report: directory.file("b"))
            #expect(left == right, "\(name) differs between two runs")
        }
        let later = try Self.files(under: directory.file("c"))
        #expect(later["flights.csv"] == first["flights.csv"], "the run time does not leak into flights.csv")
    }
}
