import FleetFetch
import FleetPlan
import FleetStore
import FleetTestSupport
import FleetWeatherKit
import Foundation
import Synchronization
import Testing

/// A short budget with faults: retries and later window parts are granted in the plan's
/// priority order too, so the cells served are always a prefix of that order.
@Suite("FetchEngine: the budget in priority order")
struct BudgetPriorityTests {
    /// Answers the first attempt of every cell in `failing` with 503, everything else with weather.
    static func flakyTransport(failing: Set<String>, delay: Duration = .milliseconds(1)) -> FakeTransport {
        let seen = Mutex<Set<String>>([])
        return FakeTransport(delay: delay) { request in
            let key = EngineFixture.cellKey(of: request)
            let first = seen.withLock { $0.insert(key).inserted }
            if first && failing.contains(key) { return EngineFixture.status(503) }
            return try EngineFixture.weatherResponse(for: request)
        }
    }

    @Test(
        "with retries and a budget shorter than the plan, the served cells are a prefix of the priority order",
        arguments: [7, 12, 17])
    func retriesKeepPriority(_ budget: Int) async throws {
        for round in 0..<3 {
            let fixture = try EngineFixture(flights: 12)
            defer { fixture.remove() }
            let order = fixture.plan.cells.map(\.key.text)
            // Every other cell from the top needs a retry.
            let failing = Set(order.enumerated().filter { $0.offset % 2 == 0 }.map(\.element))
            let transport = Self.flakyTransport(failing: failing)
            let retry = RetryPolicy(maxAttempts: 4, baseDelay: .milliseconds(1), random: { 0.5 })
            let report = try await fixture.engine(transport, concurrency: 32, maxRequests: budget, retry: retry)
                .fetch(fixture.plan)
            let served = fixture.plan.cells.map { report.outcomes[$0.key]?.status == .fetched }
            let prefix = served.prefix { $0 }.count
            #expect(
                served.dropFirst(prefix).allSatisfy { !$0 },
                "round \(round): served \(served) is not a prefix of the priority order")
            // The budget is used up by the top cells: every cell served took 1 or 2 calls.
            let spent = order.prefix(prefix).reduce(0) { $0 + (failing.contains($1) ? 2 : 1) }
            #expect(
                prefix > 0 && spent <= budget && budget - spent < 2, "round \(round): \(prefix) served, \(spent) spent")
            #expect(report.counters.sent <= budget)
            for key in fixture.plan.cells.map(\.key).dropFirst(prefix) {
                #expect(report.outcomes[key]?.status == .notFetchedQuota || report.outcomes[key]?.weather == nil)
            }
        }
    }

    @Test("a cell's later window part is kept for it: a lower cell cannot take it")
    func laterPartsKeepPriority() async throws {
        let fixture = try EngineFixture(flights: 1)
        defer { fixture.remove() }
        // JFK has flights 6 days back and 5 days ahead: its window is longer than one request's
        // 240 hours, so it takes two parts, and its earliest flight puts it first.
        let now = EngineFixture.now
        let flights = [
            TestFlights.flight(
                "UA1", from: TestFlights.airport("JFK"), to: TestFlights.airport("LHR"),
                departure: now.addingTimeInterval(-6 * 86_400), arrival: now.addingTimeInterval(-6 * 86_400 + 25_000)),
            TestFlights.flight(
                "UA2", from: TestFlights.airport("JFK"), to: TestFlights.airport("ORD"),
                departure: now.addingTimeInterval(5 * 86_400), arrival: now.addingTimeInterval(5 * 86_400 + 9_000)),
            TestFlights.flight(
                "UA3", from: TestFlights.airport("CDG"), to: TestFlights.airport("LAX"),
                departure: now.addingTimeInterval(-5 * 86_400), arrival: now.addingTimeInterval(-5 * 86_400 + 40_000)),
        ]
        let plan = Planner(grid: try Grid(), now: now).plan(flights)
        let top = try #require(plan.cells.first)
        try #require(plan.requests.filter { $0.cell == top.key }.count == 2, "the top cell needs two parts")
        for _ in 0..<5 {
            let fixture = try EngineFixture(flights: 1)
            defer { fixture.remove() }
            let transport = FakeTransport(delay: .milliseconds(2)) { try EngineFixture.weatherResponse(for: $0) }
            let report = try await fixture.engine(transport, concurrency: 8, maxRequests: 2).fetch(plan)
            let asked = await transport.requests.map(EngineFixture.cellKey(of:))
            #expect(asked == [top.key.text, top.key.text], "the top cell's two parts come first: \(asked)")
            #expect(report.outcome(for: top.key)?.status == .fetched)
        }
    }

    @Test(
        "one call left and many workers: the top cell's trial gets it, nobody waits for ever",
        // The limit catches a worker that waits for ever; 3 minutes, since on a machine loaded
        // with parallel builds 5 rounds of fsynced ledger writes once took over 1 minute.
        .timeLimit(.minutes(3)), arguments: [1, 2])
    func oneCallLeft(_ left: Int) async throws {
        for _ in 0..<5 {
            let fixture = try EngineFixture(flights: 11)
            defer { fixture.remove() }
            let transport = FakeTransport { try EngineFixture.weatherResponse(for: $0) }
            let report = try await fixture.engine(transport, concurrency: 8, monthlyQuota: left).fetch(fixture.plan)
            let asked = await transport.requests.map(EngineFixture.cellKey(of:))
            #expect(asked == fixture.plan.cells.prefix(left).map(\.key.text))
            #expect(report.outcomes.count == 22)
        }
    }

    @Test("a roomy budget never makes a cell wait: all requests overlap up to the concurrency")
    func roomyBudgetKeepsConcurrency() async throws {
        let fixture = try EngineFixture(flights: 8)
        defer { fixture.remove() }
        // After the lone first request, each request is held until six are in flight (or
        // 300 s passed): a queue that made cells wait would never get there. Held at a gate,
        // not by polling (see Gate).
        let arrivals = Counter()
        let held = Gate(opensAt: 6)
        let watchdog = held.opens(after: .seconds(300))
        defer { watchdog.cancel() }
        let transport = FakeTransport { request in
            guard arrivals.increment() > 1 else { return try EngineFixture.weatherResponse(for: request) }
            await held.arrive()
            return try EngineFixture.weatherResponse(for: request)
        }
        _ = try await fixture.engine(transport, concurrency: 6, maxRequests: 1_000).fetch(fixture.plan)
        #expect(await transport.peakInFlight == 6)
    }

    @Test("the stop by --max-requests is named, with the cells it left unfetched")
    func quotaStopIsReported() async throws {
        let fixture = try EngineFixture(flights: 5)
        defer { fixture.remove() }
        let transport = FakeTransport { try EngineFixture.weatherResponse(for: $0) }
        let report = try await fixture.engine(transport, concurrency: 4, maxRequests: 3).fetch(fixture.plan)
        let warning = try #require(report.warnings.first)
        #expect(warning.contains("--max-requests 3 stopped the run after 3 request(s) sent"), "\(warning)")
        #expect(warning.contains("7 cell(s) left unfetched"), "\(warning)")
    }

    @Test("the stop by the monthly quota is named, with the month and the count")
    func monthlyStopIsReported() async throws {
        let fixture = try EngineFixture(flights: 2)
        defer { fixture.remove() }
        let transport = FakeTransport { try EngineFixture.weatherResponse(for: $0) }
        let report = try await fixture.engine(transport, monthlyQuota: 1).fetch(fixture.plan)
        let warning = try #require(report.warnings.first)
        #expect(warning.contains("the monthly quota stopped the run (1 of 1 calls counted for 2026-12"), "\(warning)")
        #expect(warning.contains("3 cell(s) left unfetched"), "\(warning)")
    }
}
