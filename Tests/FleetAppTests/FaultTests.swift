import FleetTestSupport
import Foundation
import Testing

/// Runs against a fake server that misbehaves: transient faults are retried and counted,
/// persistent ones fail their cells without losing a schedule row, and expired copies stand
/// in when fresh data cannot be had.
@Suite("Faults during a live run")
struct FaultTests {
    /// A transient fault injected a few times.
    struct Transient: Sendable, CustomTestStringConvertible {
        /// How the case is named in test output.
        let name: String
        /// The rule injected (its count is the number of faults).
        let rule: FakeFaults.Rule
        var testDescription: String { name }
    }

    /// Each transient fault at most twice, so no request runs out of its four attempts.
    static let transient = [
        Transient(name: "HTTP 503 twice", rule: FakeFaults.Rule(.status5xx, count: 2, status: 503)),
        Transient(name: "HTTP 502 once", rule: FakeFaults.Rule(.status5xx, count: 1, status: 502)),
        Transient(name: "429 with Retry-After: 1", rule: FakeFaults.Rule(.status429, count: 1, retryAfter: "1")),
        Transient(name: "spurious empty 404 twice", rule: FakeFaults.Rule(.empty404, count: 2)),
        Transient(name: "spurious empty 400", rule: FakeFaults.Rule(.empty400, count: 1)),
        Transient(name: "truncated body twice", rule: FakeFaults.Rule(.truncated, count: 2)),
        Transient(name: "hang past the client timeout", rule: FakeFaults.Rule(.hang, count: 1, hangSeconds: 8)),
    ]

    @Test("transient faults are retried, counted in run.json, and the run still ends clean", arguments: transient)
    func transientFaultsAreRetried(_ fault: Transient) async throws {
        let server = try await FakeWeatherKitServer.start()
        defer { server.stop() }
        try await server.setFaults(FakeFaults(rules: [fault.rule]))
        // A 2 s client timeout: far above a normal answer here, far below the 8 s hang.
        let live = try LiveHarness(requestTimeoutSeconds: 2)
        defer { live.remove() }
        let flights = LiveSchedule.flights(3)
        try live.write(LiveSchedule.csv(flights), to: "s.csv")
        let result = await live.run(LiveRunTests.runArguments(server, out: "r"))
        #expect(result.exitCode == 0, "\(result.stderr)")
        let faults = fault.rule.count
        let summary = try live.runJSON("r")
        #expect(summary.requests("sent") == 6 + faults)
        #expect(summary.requests("retried") == faults)
        #expect(summary.requests("succeeded") == 6)
        #expect(summary.requests("failed") == 0)
        let stats = try await server.stats()
        #expect(stats.faultsApplied[fault.rule.mode.rawValue] == faults)
        #expect(stats.requests + stats.inFlight == 6 + faults, "the server saw a different number of requests")
        #expect(try await live.quotaUsed() == 6 + faults)
        let rows = try live.csvRows("r/flights.csv")
        #expect(rows.count == flights.count)
        #expect(try live.csvRows("r/rejects.csv").isEmpty)
        #expect(rows.allSatisfy { $0["status"] == "ok" })
    }

    @Test("persistent 5xx: the cells fail after the retries, flights are partial or unavailable, rows all kept, exit 2")
    func persistentServerErrors() async throws {
        let server = try await FakeWeatherKitServer.start()
        defer { server.stop() }
        let live = try LiveHarness()
        defer { live.remove() }
        let cached = try #require(LiveSchedule.flights(1).first)
        try live.write(LiveSchedule.csv([cached]), to: "s.csv")
        let warmUp = await live.run(LiveRunTests.runArguments(server, out: "r1"))
        #expect(warmUp.exitCode == 0, "\(warmUp.stderr)")
        try await server.setFaults(FakeFaults(rules: [FakeFaults.Rule(.status5xx, status: 503)]))
        // JFK's window is unchanged (same departure), so it stays a cache hit; ORD, ATL, DFW fail.
        let partial = LiveSchedule.Flight(
            number: "UA900", origin: "JFK", destination: "ORD", departure: cached.departure,
            arrival: cached.departure.addingTimeInterval(2 * 3600))
        let unavailable = LiveSchedule.Flight(
            number: "UA901", origin: "ATL", destination: "DFW", departure: cached.departure.addingTimeInterval(3600),
            arrival: cached.departure.addingTimeInterval(4 * 3600))
        let departure = LiveSchedule.utc(cached.departure)
        let arrival = LiveSchedule.utc(cached.arrival)
        try live.write(
            LiveSchedule.csv(
                [cached, partial, unavailable],
                extraRows: ["UA902,ORD,ZZZ,\(departure),\(arrival)", "UA903,JFK,LHR,not-a-time,\(arrival)"]),
            to: "s.csv")
        let result = await live.run(LiveRunTests.runArguments(server, out: "r2"))
        #expect(result.exitCode == 2, "\(result.stderr)")
        let rows = try live.csvRows("r2/flights.csv")
        let rejects = try live.csvRows("r2/rejects.csv")
        #expect(rows.count + rejects.count == 5, "a schedule row was lost")
        #expect(Set(rejects.compactMap { $0["raw"]?.components(separatedBy: ",").first }) == ["UA902", "UA903"])
        let byFlight = Dictionary(uniqueKeysWithValues: rows.compactMap { row in row["flight"].map { ($0, row) } })
        #expect(byFlight[cached.number]?["status"] == "ok")
        #expect(byFlight["UA900"]?["status"] == "partial")
        #expect(byFlight["UA901"]?["status"] == "unavailable")
        #expect(byFlight["UA901"]?["risk"] == "unknown")
        let detail = byFlight["UA900"]?["status_detail"] ?? ""
        #expect(detail.contains("arrival") && detail.contains("HTTP 503") && detail.contains("4 attempts"), "\(detail)")
        let summary = try live.runJSON("r2")
        #expect(summary.requests("failed") == 3)
        #expect(summary.requests("sent") == 12)
        #expect(summary.requests("retried") == 9)
        #expect(summary.requests("succeeded") == 0)
        #expect(summary.requests("cache_hits") == 2)
        #expect(summary.flights("rows") == 5)
        #expect(summary.flights("rejected") == 2)
        #expect(summary.flights("without_weather") == 2)
        #expect(try await server.stats().byStatus["503"] == 12)
        #expect(FileManager.default.fileExists(atPath: live.file("r2/index.html").path))
    }

    @Test("when data has expired and the server fails, the expired copy is used, marked stale with its age; exit 2")
    func staleFallback() async throws {
        let server = try await FakeWeatherKitServer.start(arguments: ["--expire-seconds", "1"])
        defer { server.stop() }
        let live = try LiveHarness()
        defer { live.remove() }
        let flights = LiveSchedule.flights(2)
        try live.write(LiveSchedule.csv(flights), to: "s.csv")
        let first = await live.run(LiveRunTests.runArguments(server, out: "r1"))
        #expect(first.exitCode == 0, "\(first.stderr)")
        // Everything expires within a second (judged by the real clock); then the server fails.
        try await Task.sleep(for: .milliseconds(2500))
        try await server.setFaults(FakeFaults(rules: [FakeFaults.Rule(.status5xx, status: 503)]))
        let second = await live.run(LiveRunTests.runArguments(server, out: "r2"))
        #expect(second.exitCode == 2, "\(second.stderr)")
        let rows = try live.csvRows("r2/flights.csv")
        #expect(rows.count == flights.count)
        for row in rows {
            #expect(row["status"] == "stale")
            let detail = row["status_detail"] ?? ""
            #expect(detail.contains("stale"), "\(detail)")
            #expect(detail.contains("HTTP 503"), "\(detail)")
            #expect(
                detail.range(of: #"fetched \d+ s ago, expired \d+ s ago"#, options: .regularExpression) != nil,
                "\(detail)")
            #expect(row["dep_condition"]?.isEmpty == false, "the stale copy's weather is missing")
        }
        let summary = try live.runJSON("r2")
        #expect(summary.flights("stale") == flights.count)
        #expect(summary.requests("failed") == 4)
        let html = try String(contentsOf: live.file("r2/index.html"), encoding: .utf8)
        #expect(html.contains("class=\"stale\""))
        #expect(html.contains("STALE"))
    }
}

@Suite("A run that obtains no weather at all")
struct NothingObtainedTests {
    @Test("when every fetch fails, the run exits 1, says why, and the previous report stays published")
    func totalOutageKeepsThePreviousReport() async throws {
        let server = try await FakeWeatherKitServer.start()
        defer { server.stop() }
        let live = try LiveHarness(requestTimeoutSeconds: 2)
        defer { live.remove() }
        try live.write(LiveSchedule.csv(LiveSchedule.flights(2)), to: "s.csv")
        let good = await live.run(LiveRunTests.runArguments(server, out: "Output/good"))
        #expect(good.exitCode == 0, "\(good.stderr)")
        try await server.setFaults(FakeFaults(rules: [FakeFaults.Rule(.status5xx, count: -1, status: 503)]))
        // A fresh state file, so no cached copy can stand in.
        let outage = await live.run([
            "run", "s.csv", "--endpoint", server.baseURL.absoluteString, "--state", "fresh.sqlite", "--out",
            "Output/outage",
        ])
        #expect(outage.exitCode == 1)
        #expect(outage.stderr.contains("no weather was obtained"), "\(outage.stderr)")
        #expect(outage.stderr.contains("503"), "the reason is given")
        #expect(!FileManager.default.fileExists(atPath: live.file("Output/outage").path))
        let latest = try FileManager.default.destinationOfSymbolicLink(atPath: live.file("Output/latest").path)
        #expect(latest == "good")
    }

    @Test("an --out that cannot be published to, or missing templates, costs no request", arguments: [false, true])
    func badOutputSendsNothing(missingTemplates: Bool) async throws {
        let server = try await FakeWeatherKitServer.start()
        defer { server.stop() }
        let live = try LiveHarness()
        defer { live.remove() }
        try live.write(LiveSchedule.csv(LiveSchedule.flights(2)), to: "s.csv")
        try live.write("keep me\n", to: "work/notes.txt")
        var arguments = LiveRunTests.runArguments(server, out: missingTemplates ? "r" : "work")
        if missingTemplates { arguments += ["--templates", "no-such-templates"] }
        let result = await live.run(arguments)
        #expect(result.exitCode == 1)
        #expect(result.stderr.contains(missingTemplates ? "template" : "not a fleetwx report"), "\(result.stderr)")
        #expect(try await server.stats().requests == 0)
        #expect(try String(contentsOf: live.file("work/notes.txt"), encoding: .utf8) == "keep me\n")
    }
}
