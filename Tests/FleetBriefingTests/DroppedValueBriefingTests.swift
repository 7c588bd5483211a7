import FleetBriefing
import FleetPlan
import FleetTestSupport
import FleetWeather
import Foundation
import Testing

/// Briefs the departure end at JFK at 13:05 with JFK's weather.
private func departure(_ weather: CellWeather) throws -> EndBriefing {
    try briefer().end(
        airport: TestFlights.airport("JFK"), time: WeatherFixtures.date("2026-12-01T13:05:00Z"),
        fetch: try fetch([("JFK", weather, .replayed)]))
}

@Suite("Briefer: a scheduled hour that lost a value to the decoder is partial")
struct DroppedValueBriefingTests {
    @Test(
        "a briefed value dropped as unusable makes the end incomplete, naming it",
        arguments: [
            "precipitationChance", "windGust", "windDirection", "precipitationIntensity", "snowfallIntensity",
            "precipitationType",
        ])
    func briefedValueDropped(member: String) throws {
        let weather = dayWeather { index, hour in if index == 13 { hour.droppedValues = [member] } }
        let end = try departure(weather)
        #expect(end.data == .missing("incomplete forecast hour 2026-12-01T13:00:00Z: \(member) unusable in the body"))
        #expect(end.risk == .unknown)
        #expect(FlightBriefing(flight: TestFlights.flight(), departure: end, arrival: end).status == .unavailable)
    }

    @Test("an essential value dropped is named once, as absent and as unusable")
    func essentialDropped() throws {
        let weather = dayWeather { index, hour in
            guard index == 13 else { return }
            hour.windSpeed = nil
            hour.droppedValues = ["windSpeed", "precipitationChance"]
        }
        let end = try departure(weather)
        #expect(
            end.data
                == .missing(
                    "incomplete forecast hour 2026-12-01T13:00:00Z: no wind; windSpeed, precipitationChance "
                        + "unusable in the body"))
    }

    @Test("a value the briefing does not read (uvIndex, pressure) leaves the end complete")
    func unbriefedValueDropped() throws {
        let weather = dayWeather { index, hour in if index == 13 { hour.droppedValues = ["uvIndex", "pressure"] } }
        let end = try departure(weather)
        #expect(end.data == .fresh)
        #expect(end.risk == .green)
    }
}
