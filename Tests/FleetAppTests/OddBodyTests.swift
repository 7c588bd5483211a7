import FleetTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Runs whose WeatherKit answers hold values, headers or encodings no real answer has: each
/// costs exactly one request per cell, keeps what it can, and never crashes the process.
@Suite("Odd bodies and headers in a live run", .timeLimit(.minutes(10)))
struct OddBodyTests {
    /// Cells of the one-flight schedule these runs use (JFK and LHR).
    static let cells = 2

    /// A one-flight schedule in a fresh harness, against a server with `rules`.
    static func prepare(_ rules: [FakeFaults.Rule]) async throws -> (FakeWeatherKitServer, LiveHarness) {
        let server = try await FakeWeatherKitServer.start()
        try await server.setFaults(FakeFaults(rules: rules))
        let live = try LiveHarness(requestTimeoutSeconds: 30)
        try live.write(LiveSchedule.csv(LiveSchedule.flights(1)), to: "s.csv")
        return (server, live)
    }

    /// A `patch` rule for every request.
    static func patch(_ patches: [(String, String)]) -> FakeFaults.Rule {
        FakeFaults.Rule(.patch, patches: patches.map { FakeFaults.Rule.Patch($0.0, $0.1) })
    }

    @Test("a whole number given as a fraction costs one request per cell; the rest of the data is kept")
    func oddValueCostsOneRequest() async throws {
        let (server, live) = try await Self.prepare([Self.patch([("forecastHourly.hours.*.uvIndex", "4.5")])])
        defer { server.stop() }
        defer { live.remove() }
        let result = await live.run(LiveRunTests.runArguments(server, out: "r"))
        #expect(result.exitCode == 0, "\(result.stderr)")
        let stats = try await server.stats()
        #expect(stats.requests + stats.inFlight == Self.cells)
        #expect(stats.faultsApplied["patch"] == Self.cells)
        #expect(try await live.quotaUsed() == Self.cells)
        let summary = try live.runJSON("r")
        #expect(summary.requests("sent") == Self.cells)
        #expect(summary.requests("retried") == 0)
        #expect(summary.requests("succeeded") == Self.cells)
        let warnings = summary.object["warnings"] as? [String] ?? []
        #expect(
            warnings.contains { $0.contains("forecastHourly.hours[0].uvIndex: 4.5 is not a whole number; dropped") },
            "\(warnings)")
        #expect(result.stderr.contains("uvIndex: 4.5 is not a whole number"), "\(result.stderr)")
        let rows = try live.csvRows("r/flights.csv")
        #expect(rows.count == 1)
        #expect(rows.first?["status"] == "ok")
        #expect(rows.first?["dep_condition"]?.isEmpty == false)
        #expect(rows.first?["arr_temperature_c"]?.isEmpty == false)
    }

    /// An odd answer, and the exit code a run given it must end with.
    struct Odd: Sendable, CustomTestStringConvertible {
        let name: String
        let rules: [FakeFaults.Rule]
        /// 0 or 2 when weather is still obtained; 1 when no cell's body could be used.
        let exitCode: Int32
        var testDescription: String { name }
    }

    static let odd: [Odd] = [
        Odd(
            name: "precipitationChance 1e300 with rain, intensities 1e300",
            rules: [
                patch([
                    ("forecastHourly.hours.*.precipitationChance", "1e300"),
                    ("forecastHourly.hours.*.precipitationType", #""rain""#),
                    ("forecastHourly.hours.*.precipitationIntensity", "1e300"),
                    ("forecastDaily.days.*.precipitationChance", "1e300"),
                    ("currentWeather.precipitationIntensity", "1e300"),
                ])
            ], exitCode: 2),
        Odd(
            name: "numbers beyond any double, huge whole numbers",
            rules: [
                patch([
                    ("forecastHourly.hours.*.temperature", "1e999"), ("forecastHourly.hours.*.windSpeed", "-1e999"),
                    ("forecastHourly.hours.*.uvIndex", "1e300"), ("forecastHourly.metadata.version", "1e300"),
                    ("currentWeather.uvIndex", "-9223372036854775809"),
                ])
            ], exitCode: 2),
        Odd(
            name: "NaN-like strings where numbers and dates belong",
            rules: [
                patch([
                    ("forecastHourly.hours.*.temperature", #""NaN""#),
                    ("forecastHourly.hours.*.windGust", #""Infinity""#),
                    ("forecastHourly.hours.*.visibility", #""-Infinity""#),
                    ("forecastHourly.hours.3.forecastStart", #""soon""#),
                    ("forecastHourly.metadata.expireTime", #""never""#),
                ])
            ], exitCode: 2),
        Odd(
            name: "values of the wrong type",
            rules: [
                patch([
                    ("forecastHourly.hours.0", "5"), ("forecastHourly.hours.1.windSpeed", "[1]"),
                    ("forecastHourly.hours.*.conditionCode", "12"), ("forecastDaily.metadata", #""x""#),
                    ("weatherAlerts.alerts", "{}"), ("currentWeather.daylight", #""yes""#),
                ])
            ], exitCode: 2),
        Odd(
            name: "a hostile attribution link and alerts for another place",
            rules: [
                patch([
                    ("forecastHourly.metadata.attributionURL", #""http://evil.example/""#),
                    ("currentWeather.metadata.attributionURL", #""https://apple.com.evil.example/""#),
                    ("weatherAlerts.metadata.latitude", "0"),
                ])
            ], exitCode: 0),
        Odd(name: "a data set that is not an object", rules: [patch([("forecastHourly", "[]")])], exitCode: 1),
        Odd(
            name: "JSON nested 100,000 deep",
            rules: [
                FakeFaults.Rule(
                    .rawBody, body: String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000))
            ], exitCode: 1),
    ]

    @Test("an odd body never crashes the process and costs one request per cell", arguments: odd)
    func oddBodiesDoNotCrash(_ odd: Odd) async throws {
        let (server, live) = try await Self.prepare(odd.rules)
        defer { server.stop() }
        defer { live.remove() }
        let result = try await live.runBinary(LiveRunTests.runArguments(server, out: "r"))
        #expect(result.exitCode == odd.exitCode, "\(result.stderr)")
        #expect(!result.stderr.contains("Fatal error"), "\(result.stderr)")
        let stats = try await server.stats()
        #expect(stats.requests + stats.inFlight == Self.cells, "a well-formed body was retried")
        #expect(try await live.quotaUsed() == Self.cells)
        guard odd.exitCode != 1 else {
            #expect(result.stderr.contains("no weather was obtained"), "\(result.stderr)")
            return
        }
        let summary = try live.runJSON("r")
        #expect(summary.requests("retried") == 0)
        let attribution = summary.object["attribution"] as? [String: Any]
        #expect(attribution?["url"] as? String == "https://developer.apple.com/weatherkit/data-source-attribution/")
        for file in ["r/index.html", "r/flights.csv", "r/routes/JFK-LHR.html"] {
            let text = try String(contentsOf: live.file(file), encoding: .utf8)
            #expect(!text.contains("evil.example"), "\(file)")
        }
        #expect(try live.csvRows("r/flights.csv").count == 1)
    }

    @Test("Retry-After: 1e300 is a bounded wait, not a crash; SIGTERM then ends the run cleanly")
    func hugeRetryAfter() async throws {
        let (server, live) = try await Self.prepare([FakeFaults.Rule(.status429, count: 1, retryAfter: "1e300")])
        defer { server.stop() }
        defer { live.remove() }
        let run = try live.start(LiveRunTests.runArguments(server, out: "r"))
        try await waitUntil("the 429 answered") {
            guard run.isRunning else { return true }
            return try await server.stats().byStatus["429"] == 1
        }
        // The answer is read within milliseconds of being sent; a process that traps on the
        // header is gone well within this second.
        try await Task.sleep(for: .seconds(1))
        #expect(run.isRunning, "fleetwx died on the Retry-After header")
        run.send(SIGTERM)
        let result = try await run.wait()
        #expect(result.exitCode == 2, "\(result.stderr)")
        #expect(!result.stderr.contains("Fatal error"), "\(result.stderr)")
        // The other cell was fetched meanwhile; the 429's retry was still waiting (at most the
        // retry policy's 60 s) when the signal came.
        let requests = try await server.requests()
        #expect(requests.map(\.status).sorted() == [200, 429], "\(requests.map(\.status))")
    }

    @Test("a gzip bomb sent although identity was asked for is refused before it inflates")
    func gzipBombIsRefused() async throws {
        let (server, live) = try await Self.prepare([FakeFaults.Rule(.gzipBomb)])
        defer { server.stop() }
        defer { live.remove() }
        let run = try live.start(LiveRunTests.runArguments(server, out: "r"))
        var peakKiB = 0
        while run.isRunning {
            peakKiB = max(peakKiB, Self.peakResidentKiB(of: run.process.processIdentifier) ?? 0)
            try await Task.sleep(for: .milliseconds(10))
        }
        let result = try await run.wait()
        #expect(result.exitCode == 1, "\(result.stderr)")
        #expect(result.stderr.contains("Content-Encoding: gzip"), "\(result.stderr)")
        // The bomb inflates to 1 GiB (a run that kept it peaked at 1.2 GiB); refused, the run
        // stays near 100 MiB, whatever libcurl inflates and drops meanwhile on a loaded machine.
        #expect(peakKiB < 512 * 1024, "peak RSS \(peakKiB / 1024) MiB")
        #expect(try await server.stats().requests == Self.cells)
        let logged = try await server.requests()
        #expect(logged.allSatisfy { $0.acceptEncoding == "identity" })
    }

    /// `VmHWM` (peak resident set) of a running process, in KiB.
    static func peakResidentKiB(of pid: Int32) -> Int? {
        // Read with a handle: /proc files report a size of zero, which whole-file reads trust.
        guard let handle = FileHandle(forReadingAtPath: "/proc/\(pid)/status") else { return nil }
        defer { try? handle.close() }
        let status = String(decoding: (try? handle.readToEnd()) ?? Data(), as: UTF8.self)
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return Int(line.dropFirst("VmHWM:".count).split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "")
        }
        return nil
    }
}
