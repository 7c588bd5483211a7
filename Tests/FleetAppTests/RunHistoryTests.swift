import FleetAirports
import FleetBriefing
import FleetPlan
import FleetReports
import FleetSchedule
import FleetStore
import FleetTestSupport
import FleetWeather
import FleetWeatherKit
import Foundation
import Testing

@testable import FleetApp

@Suite("Changes since the previous run")
struct RunHistoryTests {
    @Test("risk up, risk down, new alerts, added and removed flights are told apart")
    func changes() throws {
        let start = WeatherFixtures.date("2026-12-01T12:00:00Z")
        let calm = WeatherFixtures.hours(from: start.addingTimeInterval(-6 * 3600), count: 24)
        let briefer = Briefer(planner: Planner(grid: try Grid(), now: start))
        func brief(_ number: String, alert: Bool) -> FlightBriefing {
            let flight = TestFlights.flight(
                number, from: "JFK", to: "LHR", departure: "2026-12-01T12:05:00Z",
                arrival: "2026-12-01T19:00:00Z")
            let alerts =
                alert
                ? [
                    WeatherFixtures.alert(
                        id: "a1", severity: .severe, from: start, until: start.addingTimeInterval(7200))
                ] : []
            let weather = WeatherFixtures.weather(hours: calm, alerts: alerts)
            var fetch = FetchReport()
            for airport in [flight.origin, flight.destination] {
                let key = briefer.planner.grid.key(latitude: airport.latitude, longitude: airport.longitude)
                fetch.outcomes[key] = CellOutcome(key: key, weather: weather, status: .fetched)
            }
            return briefer.brief([flight], fetch: fetch)[0]
        }
        let calmFlight = brief("UA1", alert: false)
        let alerted = brief("UA2", alert: true)
        let better = brief("UA3", alert: false)
        let stored = [
            FlightOutcome(
                flightKey: RunHistory.key(calmFlight), flight: "UA1", route: "JFK-LHR", risk: "green", status: "ok"),
            FlightOutcome(
                flightKey: RunHistory.key(alerted), flight: "UA2", route: "JFK-LHR", risk: "green", status: "ok"),
            FlightOutcome(
                flightKey: RunHistory.key(better), flight: "UA3", route: "JFK-LHR", risk: "red", status: "ok"),
            FlightOutcome(
                flightKey: "GONE|KJFK|2026-12-01T00:00:00Z", flight: "GONE", route: "JFK-LHR", risk: "green",
                status: "ok"),
        ]
        let previous = PreviousRun.flights(stored).flights
        let added = brief("UA4", alert: false)
        let changes = RunHistory.changes(
            [calmFlight, alerted, better, added], previous: previous, previousRunAt: start.addingTimeInterval(-3600))
        #expect(changes.worse.map(\.flight) == ["UA2"])
        #expect(changes.worse.first?.newAlerts.isEmpty == false)
        #expect(changes.better.map(\.flight) == ["UA3"])
        #expect(changes.added == 1)
        #expect(changes.removed == 1)
    }

    @Test("a second run of the same schedule shows what changed on the index page")
    func indexShowsChanges() async throws {
        let app = try AppHarness()
        defer { app.remove() }
        try app.directory.write(
            #"{"visibilityRedM": 0, "visibilityAmberM": 0}"#,
            to: "lenient.json")
        let common = [
            "run", AppHarness.demoSchedule.path, "--replay", AppHarness.demoWeather.path, "--state", "s.sqlite",
        ]
        #expect(await app.run(common + ["--out", "first", "--config", "lenient.json"]).exitCode == 0)
        let first = try String(contentsOf: app.file("first/index.html"), encoding: .utf8)
        #expect(!first.contains("<h2>Changes since the previous run</h2>"))
        #expect(await app.run(common + ["--out", "second"]).exitCode == 0)
        let second = try String(contentsOf: app.file("second/index.html"), encoding: .utf8)
        #expect(second.contains("<h2>Changes since the previous run</h2>"))
        #expect(second.contains("<caption>Worse</caption>"))
        let worse = try #require(second.range(of: "<caption>Worse</caption>"))
        #expect(second[worse.upperBound...].contains("SQ321"), "Heathrow's fog is red again, so SQ321 got worse")
    }
}
