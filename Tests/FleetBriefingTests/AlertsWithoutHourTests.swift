import FleetAirports
import FleetBriefing
import FleetPlan
import FleetSchedule
import FleetTestSupport
import FleetWeather
import Foundation
import Testing

private func date(_ text: String) -> Date { WeatherFixtures.date(text) }

/// A severe Tornado Watch over the whole of 2026-12-04, at both ends of the flight.
private let tornadoWatch = WeatherFixtures.alert(
    id: "tornado", severity: .severe, description: "Tornado Watch", from: date("2026-12-04T00:00:00Z"),
    until: date("2026-12-05T00:00:00Z"))

/// A flight on 2026-12-04, inside the horizon but after the 48 hours `dayWeather` holds.
private let laterFlight = TestFlights.flight(departure: "2026-12-04T13:05:00Z", arrival: "2026-12-04T20:50:00Z")

@Suite("Briefer: alerts without a forecast hour")
struct AlertsWithoutHourTests {
    @Test("an end without its forecast hour still lists the alerts overlapping it, and they count for risk")
    func alertsKeptWithoutHour() throws {
        let report = try fetch([("JFK", dayWeather(alerts: [tornadoWatch]), .replayed)])
        let end = try briefer().end(
            airport: TestFlights.airport("JFK"), time: date("2026-12-04T13:05:00Z"), fetch: report)
        #expect(end.hour == nil)
        #expect(end.data == .missing("no forecast hour for 2026-12-04T13:00:00Z"))
        #expect(end.alerts.map(\.id) == ["tornado"])
        #expect(end.majorAlerts.map(\.id) == ["tornado"])
        #expect(end.risk == .red)
    }

    @Test(
        "without hours, alerts raise the end as they do with hours; below moderate it stays unknown, never green",
        arguments: [
            (AlertSeverity.extreme, Risk.red), (.severe, .red), (.moderate, .amber), (.minor, .unknown),
            (.unknown("future"), .unknown),
        ])
    func severityWithoutHours(severity: AlertSeverity, risk: Risk) throws {
        let alert = WeatherFixtures.alert(
            id: "a", severity: severity, from: date("2026-12-01T10:00:00Z"), until: date("2026-12-01T16:00:00Z"))
        let alertsOnly = WeatherFixtures.weather(hours: [], alerts: [alert])
        let report = try fetch([("JFK", alertsOnly, .replayed)])
        let end = try briefer().end(
            airport: TestFlights.airport("JFK"), time: date("2026-12-01T13:05:00Z"), fetch: report)
        #expect(end.alerts.map(\.id) == ["a"])
        #expect(end.risk == risk)
        #expect(!end.data.hasWeather)
    }

    @Test("an alert outside the window is still left out when the hour is missing")
    func overlapStillMatters() throws {
        let report = try fetch([("JFK", dayWeather(alerts: [tornadoWatch]), .replayed)])
        let end = try briefer().end(
            airport: TestFlights.airport("JFK"), time: date("2026-12-03T13:05:00Z"), fetch: report)
        #expect(end.alerts.isEmpty)
        #expect(end.risk == .unknown)
    }

    @Test("a Tornado Watch over both scheduled times without forecast hours: red, unavailable, listed at both ends")
    func bothEnds() throws {
        let report = try fetch([
            ("JFK", dayWeather(alerts: [tornadoWatch]), .replayed),
            ("LHR", dayWeather(alerts: [tornadoWatch]), .replayed),
        ])
        let briefing = try #require(try briefer().brief([laterFlight], fetch: report).first)
        #expect(briefing.departure.alerts.map(\.id) == ["tornado"])
        #expect(briefing.arrival.alerts.map(\.id) == ["tornado"])
        #expect(briefing.risk == .red)
        #expect(briefing.status == .unavailable)
    }
}
