import FleetTestSupport
import Foundation
import Testing

/// WeatherKit refusing the credentials: the run stops sending within a handful of requests
/// and says what to check.
@Suite("Authorization failures during a live run")
struct AuthFailureTests {
    /// `--concurrency` of the runs.
    static let concurrency = 8

    /// Checks the advice names every setting a person should look at.
    static func expectAdvice(_ stderr: String) {
        for words in [
            "Team ID", "WEATHERKIT_TEAM_ID", "Service ID", "WEATHERKIT_SERVICE_ID", "Key ID", "WEATHERKIT_KEY_ID",
            "Key file", "WEATHERKIT_KEY_FILE",
        ] {
            #expect(stderr.contains(words), "the message does not name \(words): \(stderr)")
        }
    }

    @Test("a token the server cannot verify (401 NOT_ENABLED): a handful of requests, exit 1, no report, advice")
    func notEnabledStopsTheRun() async throws {
        // The server checks tokens against another key, so it answers 401 NOT_ENABLED to every one.
        let server = try await FakeWeatherKitServer.start(publicKey: TestCredentials.rfc7515PublicKey)
        defer { server.stop() }
        let live = try LiveHarness()
        defer { live.remove() }
        try live.write(LiveSchedule.csv(LiveSchedule.flights(6)), to: "s.csv")
        let result = await live.run(
            LiveRunTests.runArguments(server, out: "r", extra: ["--concurrency", String(Self.concurrency)]))
        #expect(result.exitCode == 1, "\(result.stderr)")
        #expect(result.stderr.contains("NOT_ENABLED"))
        #expect(result.stderr.contains("no report was published"))
        Self.expectAdvice(result.stderr)
        #expect(!FileManager.default.fileExists(atPath: live.file("r").path), "a report was published")
        let stats = try await server.stats()
        // The run's first request goes alone; refused, it is retried once with a new token.
        #expect(stats.requests == 2, "the lone trial and its renewal retry, whatever the concurrency")
        #expect(stats.byStatus["401"] == stats.requests)
        #expect(try await live.quotaUsed() == stats.requests)
    }

    @Test("OVER_QUOTA stops the run at once, without a renewal retry")
    func overQuotaStopsAtOnce() async throws {
        let server = try await FakeWeatherKitServer.start()
        defer { server.stop() }
        try await server.setFaults(FakeFaults(rules: [FakeFaults.Rule(.overQuota)]))
        let live = try LiveHarness()
        defer { live.remove() }
        try live.write(LiveSchedule.csv(LiveSchedule.flights(6)), to: "s.csv")
        let result = await live.run(
            LiveRunTests.runArguments(server, out: "r", extra: ["--concurrency", String(Self.concurrency)]))
        #expect(result.exitCode == 1, "\(result.stderr)")
        #expect(result.stderr.contains("OVER_QUOTA"))
        #expect(!FileManager.default.fileExists(atPath: live.file("r").path))
        let stats = try await server.stats()
        #expect(stats.requests == 1, "the lone trial request")
    }

    @Test("a refusal after some weather came in: the report is published, exit 2, unfetched flights say why")
    func refusalAfterSomeWeather() async throws {
        let server = try await FakeWeatherKitServer.start()
        defer { server.stop() }
        // The first two requests are answered (gzip is a normal answer, compressed), then 401s.
        try await server.setFaults(
            FakeFaults(rules: [FakeFaults.Rule(.gzip, count: 2), FakeFaults.Rule(.unauthorized)]))
        let live = try LiveHarness()
        defer { live.remove() }
        let flights = LiveSchedule.flights(6)
        try live.write(LiveSchedule.csv(flights), to: "s.csv")
        let result = await live.run(
            LiveRunTests.runArguments(server, out: "r", extra: ["--concurrency", String(Self.concurrency)]))
        #expect(result.exitCode == 2, "\(result.stderr)")
        #expect(result.stderr.contains("NOT_ENABLED"))
        Self.expectAdvice(result.stderr)
        let stats = try await server.stats()
        #expect(stats.byStatus["200"] == 2)
        // Two answered, the refused ones already in flight, and one renewal retry.
        #expect(stats.requests <= 3 + Self.concurrency, "the run kept sending after the breaker opened")
        let rows = try live.csvRows("r/flights.csv")
        #expect(rows.count == flights.count)
        let refused = rows.filter { ($0["status_detail"] ?? "").contains("not fetched: WeatherKit refused") }
        #expect(!refused.isEmpty)
        #expect(rows.allSatisfy { $0["status"] != "ok" || ($0["status_detail"] ?? "").isEmpty })
        let summary = try live.runJSON("r")
        #expect(summary.requests("succeeded") == 2)
        #expect(summary.requests("sent") == stats.requests)
    }
}
