import FleetTestSupport
import Foundation
import Testing

@testable import FleetStore

@Suite("Quota ledger")
struct LedgerTests {
    static func request(
        run: String = "run-1", cell: String = "c1", attempt: Int = 1, monthly: Int, runLimit: Int? = nil
    )
        -> LedgerRequest
    {
        LedgerRequest(runID: run, cell: cell, attempt: attempt, monthlyLimit: monthly, runLimit: runLimit)
    }

    @Test("Reservations within the budget are recorded as pending, in order", arguments: StoreBackend.available)
    func withinBudget(backend: StoreBackend) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try makeStore(backend, in: directory, clock: TestClock(utc("2026-12-01T13:05:00Z")))
        var granted: [Reservation] = []
        for cell in ["c1", "c2", "c3"] {
            granted.append(try #require(try await store.reserve(Self.request(cell: cell, monthly: 5))))
        }
        #expect(granted.map(\.monthUsed) == [1, 2, 3])
        #expect(granted.map(\.runUsed) == [1, 2, 3])
        #expect(granted.allSatisfy { $0.month == "2026-12" })
        #expect(try await store.usage(month: "2026-12") == 3)
        let rows = try await store.ledger(runID: "run-1")
        #expect(rows.map(\.id) == granted.map(\.id))
        #expect(rows.map(\.cell) == ["c1", "c2", "c3"])
        #expect(rows.allSatisfy { $0.outcome == nil && $0.sentAt == utc("2026-12-01T13:05:00Z") })
    }

    @Test("The month's limit refuses the next request and records nothing", arguments: StoreBackend.available)
    func monthlyLimit(backend: StoreBackend) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try makeStore(backend, in: directory, clock: TestClock(utc("2026-12-01T13:05:00Z")))
        #expect(try await store.reserve(Self.request(run: "earlier", monthly: 2)) != nil)
        #expect(try await store.reserve(Self.request(monthly: 2)) != nil)
        #expect(try await store.reserve(Self.request(monthly: 2)) == nil)
        #expect(try await store.reserve(Self.request(run: "other", monthly: 2)) == nil)
        #expect(try await store.usage(month: "2026-12") == 2)
        #expect(try await store.ledger(runID: "run-1").count == 1)
        #expect(try await store.reserve(Self.request(monthly: 0)) == nil)
    }

    @Test("The run's limit refuses the next request of that run only", arguments: StoreBackend.available)
    func runLimit(backend: StoreBackend) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try makeStore(backend, in: directory, clock: TestClock(utc("2026-12-01T13:05:00Z")))
        #expect(try await store.reserve(Self.request(monthly: 100, runLimit: 2)) != nil)
        #expect(try await store.reserve(Self.request(monthly: 100, runLimit: 2)) != nil)
        #expect(try await store.reserve(Self.request(monthly: 100, runLimit: 2)) == nil)
        #expect(try await store.reserve(Self.request(run: "run-2", monthly: 100, runLimit: 2))?.runUsed == 1)
        #expect(try await store.usage(month: "2026-12") == 3)
    }

    @Test("Every retry is a request of its own", arguments: StoreBackend.available)
    func retriesCount(backend: StoreBackend) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try makeStore(backend, in: directory, clock: TestClock(utc("2026-12-01T13:05:00Z")))
        for attempt in 1...3 {
            let reservation = try #require(try await store.reserve(Self.request(attempt: attempt, monthly: 10)))
            try await store.complete(
                reservation, outcome: attempt < 3 ? .failed : .succeeded, httpStatus: attempt < 3 ? 503 : 200)
        }
        #expect(try await store.reserve(Self.request(attempt: 4, monthly: 10, runLimit: 3)) == nil)
        #expect(try await store.usage(month: "2026-12") == 3)
        let rows = try await store.ledger(runID: "run-1")
        #expect(rows.map(\.attempt) == [1, 2, 3])
        #expect(rows.map(\.outcome) == [.failed, .failed, .succeeded])
    }

    @Test("Requests from last month do not count against this month", arguments: StoreBackend.available)
    func monthBoundary(backend: StoreBackend) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let clock = TestClock(utc("2026-11-30T23:59:59Z"))
        let store = try makeStore(backend, in: directory, clock: clock)
        #expect(try await store.reserve(Self.request(monthly: 2))?.month == "2026-11")
        #expect(try await store.reserve(Self.request(monthly: 2))?.month == "2026-11")
        #expect(try await store.reserve(Self.request(monthly: 2)) == nil)
        clock.set(utc("2026-12-01T00:00:00Z"))
        #expect(await store.currentMonth() == "2026-12")
        let december = try #require(try await store.reserve(Self.request(monthly: 2)))
        #expect(december.month == "2026-12")
        #expect(december.monthUsed == 1)
        #expect(december.runUsed == 3)
        #expect(try await store.usage(month: "2026-11") == 2)
        #expect(try await store.usage(month: "2026-12") == 1)
    }

    @Test("Months are UTC months whatever the local zone would say")
    func utcMonths() {
        #expect(UTCCalendar.month(of: utc("2026-12-31T23:30:00-05:00")) == "2027-01")
        #expect(UTCCalendar.month(of: utc("2027-01-01T00:30:00+02:00")) == "2026-12")
        #expect(UTCCalendar.month(of: utc("0999-03-01T00:00:00Z")) == "0999-03")
    }

    @Test("Usage by day groups a month's requests by UTC day", arguments: StoreBackend.available)
    func usageByDay(backend: StoreBackend) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let clock = TestClock(utc("2026-11-30T23:00:00Z"))
        let store = try makeStore(backend, in: directory, clock: clock)
        _ = try await store.reserve(Self.request(monthly: 100))
        for time in ["2026-12-01T00:00:00Z", "2026-12-01T23:59:59Z", "2026-12-03T10:00:00Z"] {
            clock.set(utc(time))
            _ = try await store.reserve(Self.request(monthly: 100))
        }
        let reservation = try #require(try await store.reserve(Self.request(monthly: 100)))
        try await store.complete(reservation, outcome: .notSent, httpStatus: nil)
        let days = try await store.usageByDay(month: "2026-12")
        #expect(days.map(\.day) == ["2026-12-01", "2026-12-03"])
        #expect(days.map(\.requests) == [2, 1])
        #expect(try await store.usageByDay(month: "2026-11").map(\.requests) == [1])
        #expect(try await store.usageByDay(month: "2027-01").isEmpty)
    }

    @Test(
        "complete() records outcome, status and time; notSent gives the request back", arguments: StoreBackend.available
    )
    func completeOutcomes(backend: StoreBackend) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let clock = TestClock(utc("2026-12-01T13:05:00Z"))
        let store = try makeStore(backend, in: directory, clock: clock)
        let ok = try #require(try await store.reserve(Self.request(monthly: 3)))
        let failed = try #require(try await store.reserve(Self.request(monthly: 3)))
        let unsent = try #require(try await store.reserve(Self.request(monthly: 3)))
        #expect(try await store.reserve(Self.request(monthly: 3)) == nil)
        clock.advance(by: 2)
        try await store.complete(ok, outcome: .succeeded, httpStatus: 200)
        try await store.complete(failed, outcome: .failed, httpStatus: nil)
        try await store.complete(unsent, outcome: .notSent, httpStatus: nil)
        #expect(try await store.usage(month: "2026-12") == 2)
        let rows = try await store.ledger(runID: "run-1")
        #expect(rows.map(\.outcome) == [.succeeded, .failed, .notSent])
        #expect(rows.map(\.httpStatus) == [200, nil, nil])
        #expect(rows.allSatisfy { $0.completedAt == utc("2026-12-01T13:05:02Z") })
        let again = try #require(try await store.reserve(Self.request(monthly: 3)))
        #expect(again.monthUsed == 3)
        #expect(again.runUsed == 3)
        // Correcting a notSent to failed counts it again.
        try await store.complete(unsent, outcome: .failed, httpStatus: 500)
        #expect(try await store.usage(month: "2026-12") == 4)
        let missing = Reservation(id: 999, month: "2026-12", monthUsed: 1, runUsed: 1)
        await #expect(throws: StoreError.unknownReservation(id: 999)) {
            try await store.complete(missing, outcome: .succeeded, httpStatus: 200)
        }
    }

    @Test(
        "A reservation is committed at once, visible to another store before the request is sent",
        arguments: StoreBackend.available)
    func reservationIsDurable(backend: StoreBackend) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let clock = TestClock(utc("2026-12-01T13:05:00Z"))
        let state = try TestState(backend, in: directory)
        let store = try state.open(clock: clock)
        let reservation = try #require(try await store.reserve(Self.request(monthly: 5)))
        let other = try state.open(clock: clock)
        let rows = try await other.ledger(runID: "run-1")
        #expect(rows.map(\.id) == [reservation.id])
        #expect(rows.first?.outcome == nil)
        #expect(try await other.usage(month: "2026-12") == 1)
    }
}
