import FleetTestSupport
import Foundation
import Testing

@testable import FleetStore

@Suite("State store throughput")
struct ThroughputTests {
    @Test("Reserve, complete and four cache stores, 2,000 times, stay fast")
    func throughput() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let clock = TestClock(utc("2026-12-01T13:05:00Z"))
        let store = try makeStore(in: directory, clock: clock)
        let body = Data(repeating: 0x7B, count: 4_000)
        let started = ContinuousClock.now
        for index in 0..<2_000 {
            let request = LedgerRequest(runID: "perf", cell: "cell-\(index)", monthlyLimit: 500_000, runLimit: 10_000)
            let reservation = try #require(try await store.reserve(request))
            try await store.complete(reservation, outcome: .succeeded, httpStatus: 200)
            for dataSet in ["currentWeather", "forecastDaily", "forecastHourly", "weatherAlerts"] {
                let entry = CacheEntry(
                    cell: "cell-\(index)", dataSet: dataSet, fetchedAt: clock.now, expireTime: clock.now, body: body)
                try await store.store(entry)
            }
        }
        let elapsed = ContinuousClock.now - started
        // Well under a second in release; the bound is loose for unoptimized builds on a busy machine.
        #expect(elapsed < .seconds(30), "took \(elapsed)")
        #expect(try await store.usage(month: "2026-12") == 2_000)
        #expect(try await store.cacheSummary().entries == 8_000)
    }
}
