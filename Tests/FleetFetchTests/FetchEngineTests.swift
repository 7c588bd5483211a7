import FleetFetch
import FleetPlan
import FleetStore
import FleetTestSupport
import FleetWeatherKit
import Foundation
import Synchronization
import Testing

/// The fetch engine over an in-memory transport: concurrency, the ledger, retries, the
/// breaker, cancellation and the budget's priority order.
@Suite("FetchEngine")
struct FetchEngineTests {
    @Test("never more requests in flight than the concurrency, and the requests do overlap")
    func concurrencyIsBounded() async throws {
        let fixture = try EngineFixture(flights: 6)
        defer { fixture.remove() }
        let arrivals = Counter()
        // The run's first request is a lone trial (see CircuitBreaker); each later one is held
        // until three have arrived (or 300 s passed), so they must overlap; the engine must
        // never let a fourth in. Held at a gate, not by polling (see Gate).
        let held = Gate(opensAt: 3)
        let watchdog = held.opens(after: .seconds(300))
        defer { watchdog.cancel() }
        let transport = FakeTransport { request in
            guard arrivals.increment() > 1 else { return try EngineFixture.weatherResponse(for: request) }
            await held.arrive()
            try await Task.sleep(for: .milliseconds(5))
            return try EngineFixture.weatherResponse(for: request)
        }
        let report = try await fixture.engine(transport, concurrency: 3).fetch(fixture.plan)
        #expect(await transport.requests.count == 12)
        #expect(await transport.peakInFlight == 3)
        #expect(report.outcomes.values.allSatisfy { $0.status == .fetched })
        #expect(report.counters.sent == 12)
    }

    @Test("every attempt, retries included, is in the ledger before it reaches the transport")
    func ledgerBeforeEachAttempt() async throws {
        let fixture = try EngineFixture(flights: 4)
        defer { fixture.remove() }
        let seen = Mutex<[String: Int]>([:])
        let arrivals = Counter()
        let violations = Mutex<[String]>([])
        let store = fixture.store
        let transport = FakeTransport { request in
            let arrived = arrivals.increment()
            let rows = try await store.ledger(runID: EngineFixture.runID).count
            if rows < arrived {
                violations.withLock { $0.append("request \(arrived) arrived with \(rows) ledger rows") }
            }
            let key = EngineFixture.cellKey(of: request)
            let attempt = seen.withLock { seen in
                seen[key, default: 0] += 1
                return seen[key, default: 0]
            }
            return attempt == 1 ? EngineFixture.status(503) : try EngineFixture.weatherResponse(for: request)
        }
        let report = try await fixture.engine(transport, concurrency: 3).fetch(fixture.plan)
        #expect(violations.withLock { $0 }.isEmpty, "\(violations.withLock { $0 })")
        let ledger = try await fixture.store.ledger(runID: EngineFixture.runID)
        #expect(ledger.count == 16)
        #expect(await transport.requests.count == ledger.count)
        #expect(ledger.filter { $0.attempt == 1 }.allSatisfy { $0.outcome == .failed })
        #expect(ledger.filter { $0.attempt == 2 }.allSatisfy { $0.outcome == .succeeded && $0.httpStatus == 200 })
        #expect(report.counters.sent == 16)
        #expect(report.counters.retried == 8)
        #expect(report.counters.succeeded == 8)
        #expect(try await fixture.store.usage(month: "2026-12") == 16)
    }

    @Test("the retry policy is followed: Retry-After when longer than the backoff, capped; backoff otherwise")
    func retryPolicyIsHonoured() async throws {
        let fixture = try EngineFixture(flights: 1)
        defer { fixture.remove() }
        let arrivals = Counter()
        let transport = FakeTransport { request in
            switch arrivals.increment() {
            case 1: return EngineFixture.status(429, headers: ["Retry-After": "7"])
            case 2: return EngineFixture.status(503, headers: ["Retry-After": "600"])
            case 3: return EngineFixture.status(503)
            default: return try EngineFixture.weatherResponse(for: request)
            }
        }
        let sleeps = SleepRecorder()
        let policy = RetryPolicy(maxAttempts: 4, baseDelay: .seconds(1), maxDelay: .seconds(20), random: { 0.5 })
        let report = try await fixture.engine(transport, concurrency: 1, retry: policy, sleeps: sleeps)
            .fetch(fixture.plan)
        // Cell 1 (JFK): 429 + Retry-After 7 s beats the 0.5 s backoff; 503 + Retry-After 600 s is
        // capped at 60 s; a plain 503 waits the backoff of attempt 3: 1 s × 2² × 0.5 = 2 s.
        // Cell 2 (LHR) is answered at once.
        #expect(sleeps.delays == [.seconds(7), .seconds(60), .seconds(2)])
        #expect(report.counters.sent == 5)
        #expect(report.counters.retried == 3)
        #expect(report.outcomes.values.allSatisfy { $0.status == .fetched })
    }

    @Test("a request that keeps failing stops after maxAttempts and its cell fails with the reason")
    func retriesAreBounded() async throws {
        let fixture = try EngineFixture(flights: 1)
        defer { fixture.remove() }
        let transport = FakeTransport.always(status: 503)
        let sleeps = SleepRecorder()
        let policy = RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(100), random: { 1 })
        let report = try await fixture.engine(transport, concurrency: 1, retry: policy, sleeps: sleeps)
            .fetch(fixture.plan)
        #expect(await transport.requests.count == 6)
        #expect(sleeps.delays == [.milliseconds(100), .milliseconds(200), .milliseconds(100), .milliseconds(200)])
        for outcome in report.outcomes.values {
            #expect(outcome.status == .failed("temporary WeatherKit failure: HTTP 503 after 3 attempts"))
        }
        #expect(report.counters.failed == 2)
        #expect(try await fixture.store.ledger(runID: EngineFixture.runID).count == 6)
    }

    @Test("401: one renewal and retry, then the breaker opens and nothing more is sent")
    func breakerStopsTheRun() async throws {
        let fixture = try EngineFixture(flights: 3)
        defer { fixture.remove() }
        let transport = FakeTransport.always(status: 401, body: "{\"reason\":\"NOT_ENABLED\"}")
        let tokens = CountingTokenSource()
        let breaker = CircuitBreaker()
        let report = try await fixture.engine(transport, tokens: tokens, concurrency: 1, breaker: breaker)
            .fetch(fixture.plan)
        #expect(await transport.requests.count == 2)
        #expect(await tokens.renewals == 1)
        #expect(await breaker.reason == .notEnabled)
        #expect(report.outcomes.count == 6)
        #expect(report.outcomes.values.allSatisfy { $0.weather == nil })
        #expect(
            report.outcomes.values.allSatisfy { $0.status == .authorizationFailed(AuthFailure.notEnabled.description) })
        #expect(try await fixture.store.ledger(runID: EngineFixture.runID).count == 2)
    }

    @Test("401 with several workers: the lone trial and its one renewal retry, then all stop", arguments: [4, 16])
    func breakerWithConcurrency(_ concurrency: Int) async throws {
        let fixture = try EngineFixture(flights: 12)
        defer { fixture.remove() }
        let transport = FakeTransport(script: [
            .success(EngineFixture.status(401, body: "{\"reason\":\"NOT_ENABLED\"}"))
        ])
        let tokens = CountingTokenSource()
        let report = try await fixture.engine(transport, tokens: tokens, concurrency: concurrency)
            .fetch(fixture.plan)
        #expect(await transport.requests.count == 2)
        #expect(await tokens.renewals == 1)
        #expect(report.counters.sent == 2)
        let counted = try await fixture.store.ledger(runID: EngineFixture.runID).filter { $0.outcome != .notSent }
        #expect(counted.count == 2, "the waiting workers gave their reservations back")
        #expect(report.outcomes.values.allSatisfy { $0.weather == nil })
    }

    @Test("a 401 mid-run: one renewal for every refused request in flight, which retry once it is proven")
    func staleTokenMidRun() async throws {
        let fixture = try EngineFixture(flights: 12)
        defer { fixture.remove() }
        let tokens = CountingTokenSource()
        // Requests 2–5 are refused (a token that went stale mid-run), all four in flight at once
        // (held at a gate until the fourth arrives, or 300 s passed); everything else answered.
        let arrivals = Counter()
        let refused = Gate(opensAt: 4)
        let watchdog = refused.opens(after: .seconds(300))
        defer { watchdog.cancel() }
        let transport = FakeTransport { request in
            let number = arrivals.increment()
            if (2...5).contains(number) {
                await refused.arrive()
                return EngineFixture.status(401, body: "{\"reason\":\"NOT_ENABLED\"}")
            }
            return try EngineFixture.weatherResponse(for: request)
        }
        let report = try await fixture.engine(transport, tokens: tokens, concurrency: 4).fetch(fixture.plan)
        #expect(await tokens.renewals == 1)
        #expect(await transport.requests.count == 24 + 4)
        #expect(report.outcomes.values.allSatisfy { $0.status == .fetched })
    }

    @Test("cancellation: in-flight requests end as interrupted, nothing new is sent, every cell has an outcome")
    func cancellationInterrupts() async throws {
        let fixture = try EngineFixture(flights: 5)
        defer { fixture.remove() }
        // The first request (the lone trial) is answered; every later one hangs.
        // The three hanging ones tell `hung` they came (no polling, see Gate).
        let arrivals = Counter()
        let hung = Gate(opensAt: 3)
        let transport = FakeTransport { request in
            if arrivals.increment() == 1 { return try EngineFixture.weatherResponse(for: request) }
            await hung.arrive()
            try await Task.sleep(for: .seconds(600))
            throw CancellationError()
        }
        let engine = try fixture.engine(transport, concurrency: 3)
        let plan = fixture.plan
        let task = Task { await engine.fetch(plan) }
        defer { task.cancel() }  // a failed requirement leaves no run behind
        let watchdog = hung.opens(after: .seconds(300))
        await hung.wait()
        watchdog.cancel()
        try #require(await transport.requests.count == 4)
        task.cancel()
        let report = await task.value
        #expect(await transport.requests.count == 4)
        #expect(report.outcomes.count == 10)
        #expect(report.outcomes.values.filter { $0.status == .interrupted }.count == 9)
        #expect(report.counters.sent == 4)
        #expect(try await fixture.store.ledger(runID: EngineFixture.runID).count == 4)
    }

    @Test("cancelled while the trial decides: the waiting workers send nothing and every cell has an outcome")
    func cancellationDuringTrial() async throws {
        let fixture = try EngineFixture(flights: 5)
        defer { fixture.remove() }
        let sent = Gate()
        let transport = FakeTransport { _ in
            sent.open()
            try await Task.sleep(for: .seconds(600))
            throw CancellationError()
        }
        let engine = try fixture.engine(transport, concurrency: 3)
        let plan = fixture.plan
        let task = Task { await engine.fetch(plan) }
        let watchdog = sent.opens(after: .seconds(300))
        await sent.wait()
        watchdog.cancel()
        task.cancel()
        let report = await task.value
        #expect(await transport.requests.count == 1)
        #expect(report.outcomes.count == 10)
        #expect(report.outcomes.values.allSatisfy { $0.status == .interrupted })
        let counted = try await fixture.store.ledger(runID: EngineFixture.runID).filter { $0.outcome != .notSent }
        #expect(counted.count == 1, "the waiting workers gave their reservations back")
    }

    @Test("under a budget the cells are served in priority order, whatever the concurrency", arguments: [1, 2, 3, 5])
    func budgetServesPriorityOrder(_ budget: Int) async throws {
        for _ in 0..<5 {
            let fixture = try EngineFixture(flights: 6)
            defer { fixture.remove() }
            let transport = FakeTransport(delay: .milliseconds(2)) { try EngineFixture.weatherResponse(for: $0) }
            let report = try await fixture.engine(transport, concurrency: 8, maxRequests: budget).fetch(fixture.plan)
            let served = await transport.requests.map(EngineFixture.cellKey(of:))
            let expected = fixture.plan.cells.prefix(budget).map(\.key.text)
            #expect(Set(served) == Set(expected), "served \(served), priority \(fixture.plan.cells.map(\.key.text))")
            #expect(report.counters.sent == budget)
            #expect(report.counters.skippedForQuota == 12 - budget)
            for cell in fixture.plan.cells.dropFirst(budget) {
                #expect(report.outcome(for: cell.key)?.status == .notFetchedQuota)
            }
        }
    }

    @Test("a monthly quota already used elsewhere is respected: only what is left is sent")
    func monthlyQuotaAcrossRuns() async throws {
        let fixture = try EngineFixture(flights: 3)
        defer { fixture.remove() }
        for cell in ["a", "b"] {
            _ = try await fixture.store.reserve(LedgerRequest(runID: "earlier", cell: cell, monthlyLimit: 10))
        }
        let transport = FakeTransport { try EngineFixture.weatherResponse(for: $0) }
        let report = try await fixture.engine(transport, monthlyQuota: 5).fetch(fixture.plan)
        #expect(await transport.requests.count == 3)
        #expect(report.counters.skippedForQuota == 3)
        #expect(try await fixture.store.usage(month: "2026-12") == 5)
    }
}
