import FleetTestSupport
import Foundation
import Testing

@testable import FleetApp

/// The pace limit of a live run, from the exact pace rather than the whole-call one.
@Suite("Pace limit")
struct PaceCheckTests {
    @Test("fewer calls left than days: a one-request run fits, a big one does not")
    func fewCallsLeft() {
        // 20 calls left with 21 days to go: the whole-call pace is 0, the exact one 0.95 a day.
        let pace = QuotaPace(limit: 100, used: 80, now: WeatherFixtures.date("2026-12-11T12:00:00Z"))
        #expect(pace.daysLeft == 21 && pace.dailyPace == 0)
        #expect(!PaceCheck(requests: 1, maxRequests: nil, pace: pace, allowed: false).refuses)
        #expect(!PaceCheck(requests: 2, maxRequests: nil, pace: pace, allowed: false).refuses)
        #expect(PaceCheck(requests: 3, maxRequests: nil, pace: pace, allowed: false).refuses)
    }

    @Test("a used-up month refuses every request")
    func usedUp() {
        let pace = QuotaPace(limit: 100, used: 100, now: WeatherFixtures.date("2026-12-11T12:00:00Z"))
        #expect(PaceCheck(requests: 1, maxRequests: nil, pace: pace, allowed: false).refuses)
    }
}
