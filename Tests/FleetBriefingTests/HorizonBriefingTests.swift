import FleetAirports
import FleetBriefing
import FleetPlan
import FleetSchedule
import FleetTestSupport
import FleetWeather
import Foundation
import Testing

private func date(_ text: String) -> Date { WeatherFixtures.date(text) }

/// 24 calm hours of 2026-12-11 at JFK.
private let eleventh = WeatherFixtures.weather(
    hours: WeatherFixtures.hours(from: date("2026-12-11T00:00:00Z"), count: 24))

/// Briefs JFK at a time with the run at `now`.
private func end(at time: String, now: String, status: CellStatus) throws -> EndBriefing {
    let report = try fetch([("JFK", eleventh, status)])
    let briefer = Briefer(planner: Planner(grid: try Grid(), now: date(now)))
    return briefer.end(airport: TestFlights.airport("JFK"), time: date(time), fetch: report)
}

@Suite("Briefer: the horizon")
struct HorizonBriefingTests {
    @Test(
        "an arrival at 22:30Z with the horizon at 22:03Z is briefed from its 22:00Z hour",
        arguments: [CellStatus.fetched, .cached, .replayed])
    func hourStartsInsideTheHorizon(status: CellStatus) throws {
        let briefed = try end(at: "2026-12-11T22:30:00Z", now: "2026-12-01T22:03:00Z", status: status)
        #expect(briefed.data == .fresh)
        #expect(briefed.hour?.forecastStart == date("2026-12-11T22:00:00Z"))
    }

    @Test("a replay briefs a recorded hour even past the computed horizon")
    func replayJudgedByWhatIsRecorded() throws {
        let replayed = try end(at: "2026-12-11T18:30:00Z", now: "2026-12-01T06:00:00Z", status: .replayed)
        #expect(replayed.data == .fresh)
        #expect(replayed.hour?.forecastStart == date("2026-12-11T18:00:00Z"))
        #expect(replayed.risk == .green)
    }

    @Test("live weather past the horizon, or a replay without that hour, is still beyond the horizon")
    func otherwiseBeyond() throws {
        let live = try end(at: "2026-12-11T18:30:00Z", now: "2026-12-01T06:00:00Z", status: .fetched)
        #expect(live.data == .missing("beyond forecast horizon"))
        let unrecorded = try end(at: "2026-12-12T18:30:00Z", now: "2026-12-01T06:00:00Z", status: .replayed)
        #expect(unrecorded.data == .missing("beyond forecast horizon"))
    }
}
