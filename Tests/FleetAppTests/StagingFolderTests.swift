import FleetTestSupport
import Foundation
import Testing

/// The report's staging folder (issue 9): made before the schedule is read, locked by its run,
/// cleaned up at the next run when its run is gone.
@Suite("Report staging folders")
struct StagingFolderTests {
    /// A staging folder name beside `--out`.
    static func stagingName(_ report: String) -> String { ".\(report).staging-\(UUID().uuidString)" }

    /// Makes a staging folder by hand, with a lock file or without, and an age.
    static func makeStaging(_ app: AppHarness, _ name: String, lockFile: Bool, ageSeconds: TimeInterval = 0) throws {
        let url = app.file("Output/\(name)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try "half a report\n".write(to: url.appendingPathComponent("flights.csv"), atomically: false, encoding: .utf8)
        if lockFile { try Data().write(to: url.appendingPathComponent(".fleetwx-staging.lock")) }
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(-ageSeconds)], ofItemAtPath: url.path)
    }

    /// Starts `flock(1)` holding a lock file until the returned process is stopped.
    static func holdLock(_ path: String) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
        process.arguments = [path, "sleep", "120"]
        try process.run()
        // Wait until the child holds it: a lock of our own then fails.
        for _ in 0..<200 {
            let descriptor = open(path, O_RDWR)
            defer { close(descriptor) }
            if descriptor >= 0, flock(descriptor, LOCK_EX | LOCK_NB) != 0 { return process }
            if descriptor >= 0 { flock(descriptor, LOCK_UN) }
            usleep(20_000)
        }
        process.terminate()
        throw CocoaError(.featureUnsupported)
    }

    @Test("stale staging folders are removed at the next run, with a note; a live run's is never touched")
    func staleRemoved() async throws {
        let app = try AppHarness()
        defer { app.remove() }
        try FileManager.default.copyItem(at: AppHarness.demoSchedule, to: app.file("demo.csv"))
        let killed = Self.stagingName("2026-11-29")  // its run was killed: lock file, lock free
        let live = Self.stagingName("2026-11-30")  // a run still writing: lock held
        let oldUnlocked = Self.stagingName("run1")  // an older version's, two hours old
        let youngUnlocked = Self.stagingName("run2")  // an older version's, just made
        try Self.makeStaging(app, killed, lockFile: true)
        try Self.makeStaging(app, live, lockFile: true)
        try Self.makeStaging(app, oldUnlocked, lockFile: false, ageSeconds: 7_200)
        try Self.makeStaging(app, youngUnlocked, lockFile: false)
        try Self.makeStaging(app, "not-staging.staging-x", lockFile: true)
        let holder = try Self.holdLock(app.file("Output/\(live)/.fleetwx-staging.lock").path)
        defer { holder.terminate() }

        let result = await app.run(["run", "demo.csv", "--replay", AppHarness.demoWeather.path, "--out", "Output/r"])
        #expect(result.exitCode == 0 || result.exitCode == 2, "\(result.stderr)")
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: app.file("Output").path))
        #expect(!left.contains(killed))
        #expect(!left.contains(oldUnlocked))
        #expect(left.contains(live))
        #expect(left.contains(youngUnlocked))
        #expect(left.contains("not-staging.staging-x"))
        #expect(left.contains("r"))
        #expect(!left.contains { $0.hasPrefix(".r.staging-") }, "the run's own staging folder was published")
        let notes = result.stderr.split(separator: "\n").filter { $0.contains("staging folder") }
        #expect(notes.count == 1, "\(result.stderr)")
        #expect(notes.first?.contains("removed 2 staging folders") == true, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: app.file("Output/r/.fleetwx-staging.lock").path))
    }

    @Test("a fatal error after staging leaves no staging folder behind")
    func fatalRemoves() async throws {
        let app = try AppHarness()
        defer { app.remove() }
        try "flight,origin\n".write(to: app.file("s.csv"), atomically: false, encoding: .utf8)
        let result = await app.run(["run", "s.csv", "--replay", AppHarness.demoWeather.path, "--out", "Output/r"])
        #expect(result.exitCode == 1)
        let left = (try? FileManager.default.contentsOfDirectory(atPath: app.file("Output").path)) ?? []
        #expect(left.isEmpty, "\(left)")
    }

    @Test("an --out whose folder cannot be written is refused before the first request")
    func unwritableParent() async throws {
        let server = try await FakeWeatherKitServer.start()
        defer { server.stop() }
        let live = try LiveHarness()
        defer { live.remove() }
        try live.write(LiveSchedule.csv(LiveSchedule.flights(2)), to: "s.csv")
        try live.write("not a folder\n", to: "notes.txt")
        let result = await live.run(LiveRunTests.runArguments(server, out: "notes.txt/r"))
        #expect(result.exitCode == 1, "\(result.stderr)")
        #expect(result.stderr.contains("cannot create the folder to write the report in"), "\(result.stderr)")
        #expect(result.stderr.contains("choose another --out"), "\(result.stderr)")
        #expect(!result.stderr.contains("Domain"), "\(result.stderr)")
        #expect(try await server.stats().requests == 0)
    }
}
