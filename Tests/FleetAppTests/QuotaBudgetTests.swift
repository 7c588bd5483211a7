import FleetTestSupport
import Foundation
import Testing

/// The request budget: `--max-requests`, `--monthly-quota` over a ledger already in use, and
/// two processes sharing one state file. Exactly the budget is spent, in priority order. (The
/// tiny monthly budgets here are far below the pace limit, so those runs pass
/// `--allow-over-pace`; ``RunLimitTests`` tests that guard.)
@Suite("Quota budget during live runs")
struct QuotaBudgetTests {
    /// Checks a run that ran out of budget: the served cells are the plan's first ones, every
    /// other flight says "not fetched: quota".
    static func expectServedInPriorityOrder(
        _ live: LiveHarness, served: [RecordedRequest], budget: Int, out: String
    ) async throws {
        let planned = try await live.plannedCells("s.csv")
        #expect(served.count == budget)
        #expect(
            Set(served.map(\.cellKey)) == Set(planned.prefix(budget).map(\.key)),
            "served \(served.map(\.cellKey)), priority order \(planned.map(\.key))")
        let summary = try live.runJSON(out)
        #expect(summary.exitCode == 2)
        #expect(summary.requests("sent") == budget)
        #expect(summary.requests("skipped_for_quota") == planned.count - budget)
        let rows = try live.csvRows("\(out)/flights.csv")
        let unserved = rows.filter { ($0["status_detail"] ?? "").contains("not fetched: quota") }
        #expect(!unserved.isEmpty)
        #expect(rows.filter { $0["status"] == "ok" }.count + unserved.count == rows.count)
    }

    @Test("--max-requests below the cells: exactly that many sent, earliest departures first, the rest 'quota', exit 2")
    func maxRequests() async throws {
        let server = try await FakeWeatherKitServer.start(arguments: ["--latency-ms", "50"])
        defer { server.stop() }
        let live = try LiveHarness()
        defer { live.remove() }
        try live.write(LiveSchedule.csv(LiveSchedule.flights(5)), to: "s.csv")
        let result = await live.run(LiveRunTests.runArguments(server, out: "r", extra: ["--max-requests", "3"]))
        #expect(result.exitCode == 2, "\(result.stderr)")
        try await Self.expectServedInPriorityOrder(live, served: try await server.requests(), budget: 3, out: "r")
        #expect(try await live.quotaUsed() == 3)
    }

    @Test("--monthly-quota with a ledger already in use: only what is left is sent, in priority order")
    func monthlyQuotaWithUsedLedger() async throws {
        let server = try await FakeWeatherKitServer.start(arguments: ["--latency-ms", "50"])
        defer { server.stop() }
        let live = try LiveHarness()
        defer { live.remove() }
        let flights = LiveSchedule.flights(5)
        try live.write(LiveSchedule.csv(Array(flights.prefix(1))), to: "s.csv")
        let earlier = await live.run(LiveRunTests.runArguments(server, out: "r1"))
        #expect(earlier.exitCode == 0, "\(earlier.stderr)")
        #expect(try await live.quotaUsed() == 2)
        try live.write(LiveSchedule.csv(Array(flights.dropFirst())), to: "s.csv")
        let result = await live.run(
            LiveRunTests.runArguments(server, out: "r2", extra: ["--monthly-quota", "5", "--allow-over-pace"]))
        #expect(result.exitCode == 2, "\(result.stderr)")
        let served = Array(try await server.requests().dropFirst(2))
        try await Self.expectServedInPriorityOrder(live, served: served, budget: 3, out: "r2")
        #expect(try await live.quotaUsed() == 5)
        let summary = try live.runJSON("r2")
        #expect(summary.quota("used") == 5)
        #expect(summary.quota("remaining") == 0)
        let again = await live.run(
            LiveRunTests.runArguments(server, out: "r3", extra: ["--monthly-quota", "5", "--allow-over-pace"]))
        #expect(again.exitCode == 2, "\(again.stderr)")
        #expect(try await server.stats().requests == 5, "a run sent requests with the month's quota used up")
    }

    @Test("two processes sharing a state file never exceed the monthly budget together")
    func twoProcessesShareTheBudget() async throws {
        let server = try await FakeWeatherKitServer.start(arguments: ["--latency-ms", "100"])
        defer { server.stop() }
        let live = try LiveHarness()
        defer { live.remove() }
        let flights = LiveSchedule.flights(8)
        try live.write(LiveSchedule.csv(Array(flights.prefix(4))), to: "a.csv")
        try live.write(LiveSchedule.csv(Array(flights.suffix(4))), to: "b.csv")
        let budget = 10
        func arguments(_ schedule: String, out: String) -> [String] {
            [
                "run", schedule, "--endpoint", server.baseURL.absoluteString, "--state", "state.sqlite", "--out", out,
                "--monthly-quota", String(budget), "--concurrency", "4", "--allow-over-pace",
            ]
        }
        let first = try live.start(arguments("a.csv", out: "ra"))
        let second = try live.start(arguments("b.csv", out: "rb"))
        let results = [try await first.wait(), try await second.wait()]
        for result in results {
            #expect([0, 2].contains(result.exitCode), "\(result.stderr)")
        }
        #expect(results.contains { $0.exitCode == 2 }, "16 cells cannot fit a budget of 10")
        #expect(try await server.stats().requests == budget)
        #expect(try await live.quotaUsed() == budget)
        let summaries = [try live.runJSON("ra"), try live.runJSON("rb")]
        #expect(summaries.compactMap { $0.requests("sent") }.reduce(0, +) == budget)
        #expect(summaries.compactMap { $0.requests("skipped_for_quota") }.reduce(0, +) == 16 - budget)
    }

    @Test("a short budget with 30% 5xx: the cells served are exactly a prefix of the priority order")
    func scarceBudgetWithFaults() async throws {
        let server = try await FakeWeatherKitServer.start()
        defer { server.stop() }
        try await server.setFaults(FakeFaults(rules: [FakeFaults.Rule(.status5xx, count: -1, fraction: 0.3)]))
        let live = try LiveHarness()
        defer { live.remove() }
        try live.write(LiveSchedule.csv(LiveSchedule.flights(12)), to: "s.csv")
        let result = await live.run(
            LiveRunTests.runArguments(server, out: "r", extra: ["--max-requests", "15", "--concurrency", "32"]))
        #expect(result.exitCode == 2, "\(result.stderr)")
        let planned = try await live.plannedCells("s.csv").map(\.key)
        let requests = try await server.requests().filter { $0.kind == "weather" }
        #expect(requests.count == 15)
        // Served, or given all 4 attempts (a cell the faults beat 4 times in a row had its chance).
        let served = Set(requests.filter { $0.status == 200 }.map(\.cellKey))
        let attempts = Dictionary(grouping: requests, by: \.cellKey).mapValues(\.count)
        let flags = planned.map { served.contains($0) || attempts[$0, default: 0] >= 4 }
        let prefix = flags.prefix { $0 }.count
        #expect(prefix > 0 && flags.dropFirst(prefix).allSatisfy { !$0 }, "served \(flags) in priority order")
    }
}
