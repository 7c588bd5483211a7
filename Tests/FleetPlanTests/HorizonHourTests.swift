import FleetAirports
import FleetPlan
import FleetSchedule
import FleetTestSupport
import Foundation
import Testing

private func date(_ text: String) -> Date { WeatherFixtures.date(text) }

/// The horizon is judged by the forecast hour containing a time: with the run at 12:03Z the
/// horizon is 12:03Z ten days on, and the 12:00Z hour starts before it.
@Suite("Planner: the horizon by the hour")
struct HorizonHourTests {
    static func planner() throws -> Planner {
        Planner(grid: try Grid(), now: date("2026-12-01T12:03:00Z"))
    }

    @Test(
        "a time is inside when its hour starts by the horizon",
        arguments: [
            ("2026-12-11T12:03:00Z", false), ("2026-12-11T12:30:00Z", false), ("2026-12-11T12:59:59Z", false),
            ("2026-12-11T13:00:00Z", true), ("2026-12-11T11:59:00Z", false), ("2026-12-12T00:00:00Z", true),
        ])
    func byTheHour(time: String, beyond: Bool) throws {
        #expect(try Self.planner().isBeyondHorizon(date(time)) == beyond)
    }

    @Test("an arrival at 12:30Z with the horizon at 12:03Z is planned: its 12:00Z hour is fetched")
    func arrivalPastTheMinuteIsFetched() throws {
        let flight = TestFlights.flight(departure: "2026-12-11T05:00:00Z", arrival: "2026-12-11T12:30:00Z")
        let plan = try Self.planner().plan([flight])
        let airport = TestFlights.airport("LHR")
        let key = plan.key(latitude: airport.latitude, longitude: airport.longitude)
        let lhr = try #require(plan.cells.first { $0.key == key })
        #expect(lhr.scheduledHours == [date("2026-12-11T12:00:00Z")])
        let request = try #require(plan.requests.first { $0.cell == key })
        #expect(request.hourlyStart <= date("2026-12-11T12:00:00Z"))
        #expect(request.hourlyEnd >= date("2026-12-11T13:00:00Z"))
    }
}
