import FleetTestSupport
import Foundation
import Testing

/// The two guards that keep one live run from burning the month: rows more than 7 days in the
/// past are rejected unless `--allow-past`, and a run needing more than 3 × the remaining daily
/// pace is refused before anything is sent unless `--allow-over-pace`. Run as the built binary
/// against the counting fake server.
@Suite("Run limits: past rows and the month's pace")
struct RunLimitTests {
    /// Two flights from now, one row 6 days old (kept), one 8 days old and 100 from 2001 on.
    static func scheduleWithPastRows(now: Date = Date()) -> (csv: String, pastRows: Int) {
        let current = LiveSchedule.flights(2, now: now)
        func row(_ number: String, _ from: String, _ to: String, _ departure: Date) -> String {
            "\(number),\(from),\(to),\(LiveSchedule.utc(departure)),\(LiveSchedule.utc(departure.addingTimeInterval(3 * 3600)))"
        }
        let sixDaysAgo = row("KL600", "ORD", "CDG", now.addingTimeInterval(-6 * 86_400))
        let eightDaysAgo = row("KL800", "JFK", "LHR", now.addingTimeInterval(-8 * 86_400))
        let first = WeatherFixtures.date("2001-03-02T10:00:00Z")
        let ancient = (0..<100).map { index in
            row("KL\(1000 + index)", "JFK", "LHR", first.addingTimeInterval(Double(index) * 86_400 * 3))
        }
        return (LiveSchedule.csv(current, extraRows: [sixDaysAgo, eightDaysAgo] + ancient), 101)
    }

    @Test("rows more than 7 days in the past are rejected with the reason and cost no request; exit 2")
    func pastRowsRejected() async throws {
        let server = try await FakeWeatherKitServer.start()
        defer { server.stop() }
        let live = try LiveHarness()
        defer { live.remove() }
        let (csv, pastRows) = Self.scheduleWithPastRows()
        try live.write(csv, to: "s.csv")
        let result = try await live.runBinary(LiveRunTests.runArguments(server, out: "r"))
        #expect(result.exitCode == 2, "\(result.stderr)")
        let requests = try await server.requests()
        #expect(requests.count == 4, "one per cell of the current flights: \(requests.map(\.rawQuery))")
        let weekAgo = LiveSchedule.utc(Date().addingTimeInterval(-8 * 86_400))
        #expect(requests.allSatisfy { ($0.query["hourlyStart"] ?? "") > weekAgo })
        let rejects = try live.csvRows("r/rejects.csv")
        #expect(rejects.count == pastRows)
        for reject in rejects {
            let reason = reject["reason"] ?? ""
            #expect(reason.contains("more than 7 days before the run"), "\(reason)")
            #expect(reason.hasSuffix("pass --allow-past to brief it"), "\(reason)")
        }
        #expect(rejects.contains { ($0["reason"] ?? "").hasPrefix("departs 2001-03-02T10:00:00Z, more than 7 days") })
        let flights = try live.csvRows("r/flights.csv").compactMap { $0["flight"] }
        #expect(Set(flights) == ["UA100", "UA101", "KL600"])
        #expect(try live.runJSON("r").flights("rejected") == pastRows)
        #expect(result.stderr.contains("\(pastRows) row(s) depart more than 7 days before the run and were rejected"))
    }

    @Test("plan counts the rows past the limit: rejected by default, planned with --allow-past")
    func planShowsPastRows() async throws {
        let live = try LiveHarness()
        defer { live.remove() }
        let (csv, pastRows) = Self.scheduleWithPastRows()
        try live.write(csv, to: "s.csv")
        let plain = try await Self.planJSON(live, ["plan", "s.csv", "--json", "--state", "p.sqlite"])
        let past = try #require(plain["past"] as? [String: Any])
        #expect(past["rows"] as? Int == pastRows)
        #expect(past["days"] as? Int == 7)
        #expect(past["rejected"] as? Bool == true)
        #expect((plain["requests"] as? [String: Any])?["planned"] as? Int == 4)
        let allowed = try await Self.planJSON(live, ["plan", "s.csv", "--json", "--state", "p.sqlite", "--allow-past"])
        #expect((allowed["past"] as? [String: Any])?["rows"] as? Int == pastRows)
        #expect((allowed["past"] as? [String: Any])?["rejected"] as? Bool == false)
        #expect(((allowed["requests"] as? [String: Any])?["planned"] as? Int ?? 0) > 4)
        let table = try await live.runBinary(["plan", "s.csv", "--state", "p.sqlite"])
        #expect(table.exitCode == 0, "\(table.stderr)")
        #expect(table.stdout.contains("rows departing more than 7 days before the run: \(pastRows) (rejected"))
    }

    @Test("a replay is not screened: it spends nothing")
    func replayUnaffected() async throws {
        let live = try LiveHarness()
        defer { live.remove() }
        let (csv, _) = Self.scheduleWithPastRows()
        try live.write(csv, to: "s.csv")
        try FileManager.default.createDirectory(at: live.file("empty"), withIntermediateDirectories: true)
        let plan = try await Self.planJSON(live, ["plan", "s.csv", "--json", "--replay", "empty"])
        #expect(plan["past"] == nil || plan["past"] is NSNull)
        #expect(((plan["requests"] as? [String: Any])?["planned"] as? Int ?? 0) > 4)
    }

    @Test("a big run against a nearly used month is refused before sending; --allow-over-pace lets it go")
    func overPaceRefused() async throws {
        let server = try await FakeWeatherKitServer.start()
        defer { server.stop() }
        let live = try LiveHarness()
        defer { live.remove() }
        let flights = LiveSchedule.flights(12)
        try live.write(LiveSchedule.csv(Array(flights.prefix(1))), to: "s.csv")
        let earlier = try await live.runBinary(LiveRunTests.runArguments(server, out: "r1"))
        #expect(earlier.exitCode == 0, "\(earlier.stderr)")
        try live.write(LiveSchedule.csv(Array(flights.dropFirst())), to: "s.csv")
        // 3 a month with 2 used: 1 left, a daily pace of at most 1, a limit of at most 3 < 22.
        let quota = ["--monthly-quota", "3"]
        let refused = try await live.runBinary(LiveRunTests.runArguments(server, out: "r2", extra: quota))
        #expect(refused.exitCode == 1, "\(refused.stderr)")
        #expect(try await server.stats().requests == 2, "a refused run sent requests")
        #expect(try await live.quotaUsed() == 2)
        #expect(refused.stderr.contains("22 requests against a limit of"), "\(refused.stderr)")
        #expect(refused.stderr.contains("3 × the daily pace"), "\(refused.stderr)")
        #expect(refused.stderr.contains("1 of 3 left"), "\(refused.stderr)")
        #expect(refused.stderr.contains("--allow-over-pace"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: live.file("r2").path))
        let plan = try await Self.planJSON(live, ["plan", "s.csv", "--json", "--state", "state.sqlite"] + quota)
        let check = try #require(plan["pace_limit"] as? [String: Any])
        #expect(check["exceeded"] as? Bool == true)
        #expect(check["requests"] as? Int == 22)
        #expect(check["over_by"] as? Int == 22 - (check["limit"] as? Int ?? 0))
        let table = try await live.runBinary(["plan", "s.csv", "--state", "state.sqlite"] + quota)
        #expect(table.stdout.contains("a run would be refused (--allow-over-pace"), "\(table.stdout)")
        let allowed = try await live.runBinary(
            LiveRunTests.runArguments(server, out: "r3", extra: quota + ["--allow-over-pace"]))
        #expect(allowed.exitCode == 2, "\(allowed.stderr)")
        #expect(try await server.stats().requests == 3, "the month's last call, then the quota stop")
        #expect(try await live.quotaUsed() == 3)
    }

    @Test("a rerun the cache serves is not refused, however small the pace")
    func cachedRerunFitsThePace() async throws {
        let server = try await FakeWeatherKitServer.start()
        defer { server.stop() }
        let live = try LiveHarness()
        defer { live.remove() }
        try live.write(LiveSchedule.csv(LiveSchedule.flights(4)), to: "s.csv")
        let first = try await live.runBinary(LiveRunTests.runArguments(server, out: "r1"))
        #expect(first.exitCode == 0, "\(first.stderr)")
        #expect(try await server.stats().requests == 8)
        let rerun = try await live.runBinary(
            LiveRunTests.runArguments(server, out: "r2", extra: ["--monthly-quota", "9"]))
        #expect(rerun.exitCode == 0, "\(rerun.stderr)")
        #expect(try await server.stats().requests == 8)
    }

    /// Runs `plan … --json` as the binary and parses what it prints.
    static func planJSON(_ live: LiveHarness, _ arguments: [String]) async throws -> [String: Any] {
        let result = try await live.runBinary(arguments)
        try #require(result.exitCode == 0, "\(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }
}
