import FleetFetch
import FleetPlan
import FleetStore
import FleetTestSupport
import FleetWeather
import FleetWeatherKit
import Foundation
import Synchronization
import Testing

/// What the ledger is charged, and when: only attempts that may have reached the service, only
/// when they are about to go out, with their HTTP status, and with their body cached.
@Suite("FetchEngine: what the ledger is charged")
struct EngineLedgerTests {
    @Test("nothing listening: the lone first request finds out for all, and refused connections cost nothing")
    func refusedConnectionsAreFree() async throws {
        let fixture = try EngineFixture(flights: 12)
        defer { fixture.remove() }
        let transport = FakeTransport(script: [.failure(.notSent("cannot connect to the server"))])
        let breaker = CircuitBreaker()
        let report = try await fixture.engine(transport, concurrency: 8, breaker: breaker).fetch(fixture.plan)
        #expect(await transport.requests.count == 4, "only the first request's 4 attempts")
        guard case .unreachable = try #require(await breaker.reason) else {
            Issue.record("the breaker opened for \(String(describing: await breaker.reason))")
            return
        }
        #expect(try await fixture.store.usage(month: "2026-12") == 0)
        let rows = try await fixture.store.ledger(runID: EngineFixture.runID)
        #expect(rows.count == 4 && rows.allSatisfy { $0.outcome == .notSent })
        #expect(report.counters.sent == 0)
        #expect(report.outcomes.values.allSatisfy { $0.weather == nil })
    }

    @Test("a hung service: the first request's timeouts stop the run, and only those attempts are charged")
    func timeoutsStopTheRun() async throws {
        let fixture = try EngineFixture(flights: 12)
        defer { fixture.remove() }
        let transport = FakeTransport(script: [.failure(.noResponse("timed out after 20 s"))])
        let report = try await fixture.engine(transport, concurrency: 8).fetch(fixture.plan)
        #expect(await transport.requests.count == 4)
        #expect(try await fixture.store.usage(month: "2026-12") == 4)
        #expect(
            report.outcomes.values.allSatisfy {
                $0.status.reason?.contains("did not answer the run's first request") == true
            })
    }

    @Test("the service answering at first but dying mid-run: one request finds out for all again")
    func deathMidRun() async throws {
        let fixture = try EngineFixture(flights: 12)
        defer { fixture.remove() }
        let arrivals = Counter()
        let transport = FakeTransport { request in
            if arrivals.increment() <= 3 { return try EngineFixture.weatherResponse(for: request) }
            throw WeatherKitError.notSent("cannot connect to the server")
        }
        let report = try await fixture.engine(transport, concurrency: 2).fetch(fixture.plan)
        // 3 answered; then the (at most 2) requests in flight run out of attempts, and one more
        // request's attempts decide: far fewer than 4 attempts for each of the 21 cells left.
        let sent = await transport.requests.count
        #expect(sent <= 3 + 3 * 4, "\(sent) requests")
        #expect(report.outcomes.values.filter { $0.status == .fetched }.count == 3)
    }

    @Test("while the lone first request is out, the waiting workers hold no ledger row")
    func waitingWorkersReserveNothing() async throws {
        let fixture = try EngineFixture(flights: 8)
        defer { fixture.remove() }
        // The first request is held at `release` and tells `arrived` it came; both wait on
        // parked continuations, not on 2 ms polls (see Gate). Whatever happens, both open
        // when the test ends, so the run ends too and nothing is left running.
        let arrived = Gate()
        let release = Gate()
        defer {
            arrived.open()
            release.open()
        }
        let transport = FakeTransport { request in
            arrived.open()
            await release.wait()
            return try EngineFixture.weatherResponse(for: request)
        }
        let breaker = CircuitBreaker()
        let engine = try fixture.engine(transport, concurrency: 16, breaker: breaker)
        let plan = fixture.plan
        let task = Task { await engine.fetch(plan) }
        let watchdog = arrived.opens(after: .seconds(600))
        await arrived.wait()
        watchdog.cancel()
        #expect(await transport.requests.count == 1)
        // Every other worker has come as far as it goes while the trial decides.
        _ = try await waitFor(.seconds(600)) { await breaker.waiting == 15 }
        let waiting = await breaker.waiting
        #expect(waiting == 15, "\(waiting) of 15 workers wait for the trial's verdict")
        try await Task.sleep(for: .milliseconds(100))  // time for the others to (wrongly) reserve
        #expect(try await fixture.store.ledger(runID: EngineFixture.runID).count == 1)
        release.open()
        let report = await task.value
        #expect(report.outcomes.values.allSatisfy { $0.status == .fetched })
        #expect(try await fixture.store.ledger(runID: EngineFixture.runID).count == 16)
    }

    @Test("a failed attempt's HTTP status is in the ledger, and a success's body is cached with it")
    func statusOfFailures() async throws {
        let fixture = try EngineFixture(flights: 1)
        defer { fixture.remove() }
        let seen = Mutex<Set<String>>([])
        let transport = FakeTransport { request in
            let first = seen.withLock { $0.insert(EngineFixture.cellKey(of: request)).inserted }
            return first ? EngineFixture.status(503) : try EngineFixture.weatherResponse(for: request)
        }
        _ = try await fixture.engine(transport, concurrency: 1).fetch(fixture.plan)
        let rows = try await fixture.store.ledger(runID: EngineFixture.runID)
        #expect(rows.filter { $0.attempt == 1 }.map(\.httpStatus) == [503, 503])
        #expect(rows.filter { $0.attempt == 2 }.map(\.httpStatus) == [200, 200])
        for cell in fixture.plan.cells {
            #expect(try await !fixture.store.cached(cell: cell.key.text, dataSet: "forecastHourly").isEmpty)
        }
    }

    @Test("refused by the month's quota seconds before the month ends: the run waits for the new month")
    func monthTurn() async throws {
        let directory = try TemporaryDirectory(prefix: "fleetwx-month")
        defer { directory.remove() }
        let clock = Mutex(WeatherFixtures.date("2026-11-30T23:59:58Z"))
        let now: @Sendable () -> Date = { clock.withLock { $0 } }
        let store = try StateStore(path: directory.file("state.sqlite").path, now: now)
        _ = try await store.reserve(LedgerRequest(runID: "earlier", cell: "x", monthlyLimit: 1))
        let fixture = try EngineFixture(flights: 1)
        defer { fixture.remove() }
        let transport = FakeTransport { try EngineFixture.weatherResponse(for: $0) }
        let client = WeatherKitClient(
            endpoint: try WeatherKitEndpoint(string: "https://weatherkit.example.com"), transport: transport,
            tokens: StaticTokenSource(), now: now)
        let slept = Mutex<[Duration]>([])
        let engine = FetchEngine(
            client: client, store: store,
            configuration: .init(runID: "run", concurrency: 2, monthlyQuota: 1, maxRequests: nil),
            now: now,
            sleep: { duration in
                slept.withLock { $0.append(duration) }
                clock.withLock { $0 = $0.addingTimeInterval(duration.timeInterval) }
            })
        let report = await engine.fetch(fixture.plan)
        #expect(slept.withLock { $0 }.count >= 1)
        #expect(slept.withLock { $0 }.allSatisfy { $0 <= .seconds(4) }, "\(slept.withLock { $0 })")
        // December opens with one call allowed: the top cell gets it; November stays at 1.
        #expect(await transport.requests.count == 1)
        #expect(try await store.usage(month: "2026-11") == 1)
        #expect(try await store.usage(month: "2026-12") == 1)
        #expect(report.outcomes.values.filter { $0.status == .fetched }.count == 1)
    }

    @Test("cancelled between the reservation and the send: the attempt is not sent and not charged")
    func cancelledBeforeSending() async throws {
        let transport = FakeTransport { try EngineFixture.weatherResponse(for: $0) }
        let client = WeatherKitClient(
            endpoint: try WeatherKitEndpoint(string: "https://weatherkit.example.com"), transport: transport,
            tokens: StaticTokenSource())
        let query = WeatherQuery(latitude: 1, longitude: 2, dataSets: [.forecastHourly])
        let task = Task {
            while !Task.isCancelled { await Task.yield() }
            return await client.attempt(query)
        }
        task.cancel()
        let attempt = await task.value
        #expect(await transport.requests.isEmpty)
        guard case .failure(let error) = attempt.result else {
            Issue.record("a cancelled attempt succeeded")
            return
        }
        #expect(!error.mayHaveReachedService, "\(error)")
    }

    /// Polls `condition` every 20 ms until it holds or `limit` has passed; says whether it held.
    private func waitFor(_ limit: Duration, _ condition: @Sendable () async throws -> Bool) async throws -> Bool {
        let deadline = ContinuousClock.now + limit
        while try await !condition() {
            guard ContinuousClock.now < deadline else { return false }
            try await Task.sleep(for: .milliseconds(20))
        }
        return true
    }
}
