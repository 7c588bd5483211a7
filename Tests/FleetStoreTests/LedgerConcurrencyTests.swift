import FleetTestSupport
import Foundation
import Testing

@testable import FleetStore

@Suite("Quota ledger shared by several stores")
struct LedgerConcurrencyTests {
    /// Reserves `attempts` times from one store and counts the grants.
    static func reserveMany(_ store: StateStore, run: String, attempts: Int, monthly: Int, runLimit: Int?) async throws
        -> Int
    {
        var granted = 0
        for attempt in 1...attempts {
            let request = LedgerRequest(
                runID: run, cell: "cell-\(attempt)", attempt: 1, monthlyLimit: monthly, runLimit: runLimit)
            if let reservation = try await store.reserve(request) {
                granted += 1
                try await store.complete(reservation, outcome: .succeeded, httpStatus: 200)
            }
        }
        return granted
    }

    @Test("Two stores on one state never exceed the monthly budget together", arguments: StoreBackend.available)
    func monthlyBudgetShared(backend: StoreBackend) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let clock = TestClock(utc("2026-12-01T13:05:00Z"))
        let state = try TestState(backend, in: directory)
        let first = try state.open(clock: clock)
        let second = try state.open(clock: clock)
        async let one = Self.reserveMany(first, run: "A", attempts: 200, monthly: 150, runLimit: nil)
        async let two = Self.reserveMany(second, run: "B", attempts: 200, monthly: 150, runLimit: nil)
        let (grantedOne, grantedTwo) = try await (one, two)
        #expect(grantedOne + grantedTwo == 150)
        #expect(try await first.usage(month: "2026-12") == 150)
        let rows = try await first.ledger(runID: "A").count + second.ledger(runID: "B").count
        #expect(rows == 150)
        let recount = try await first.rawInteger("SELECT count(*) FROM ledger WHERE month = '2026-12'")
        #expect(recount == 150)
    }

    @Test(
        "Two stores reserving for the same run never exceed the run's limit together", arguments: StoreBackend.available
    )
    func runLimitShared(backend: StoreBackend) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let clock = TestClock(utc("2026-12-01T13:05:00Z"))
        let state = try TestState(backend, in: directory)
        let first = try state.open(clock: clock)
        let second = try state.open(clock: clock)
        async let one = Self.reserveMany(first, run: "same", attempts: 100, monthly: 10_000, runLimit: 60)
        async let two = Self.reserveMany(second, run: "same", attempts: 100, monthly: 10_000, runLimit: 60)
        let (grantedOne, grantedTwo) = try await (one, two)
        #expect(grantedOne + grantedTwo == 60)
        #expect(try await second.ledger(runID: "same").count == 60)
    }
}
