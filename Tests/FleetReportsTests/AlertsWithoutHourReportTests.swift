import FleetBriefing
import FleetReports
import FleetSchedule
import FleetTestSupport
import FleetWeather
import Foundation
import Testing

/// Reports for a flight on 2026-12-04 whose ends have weather (48 hours from 2026-12-01) but
/// not the scheduled hours, under a severe Tornado Watch covering the whole day at both ends.
@Suite("Reports: alerts of ends without a forecast hour")
struct AlertsWithoutHourReportTests {
    static let watch = WeatherFixtures.alert(
        id: "tornado", severity: .severe, description: "Tornado Watch",
        from: WeatherFixtures.date("2026-12-04T00:00:00Z"),
        until: WeatherFixtures.date("2026-12-05T00:00:00Z"))

    static func model() throws -> ReportModel {
        let flight = TestFlights.flight(departure: "2026-12-04T13:05:00Z", arrival: "2026-12-04T20:50:00Z")
        let weather = [
            "JFK": ReportFixtures.weather(alerts: [watch]), "LHR": ReportFixtures.weather(alerts: [watch]),
        ]
        return try ReportFixtures.model([flight], weather: weather)
    }

    @Test("flights.csv lists the alert at both ends and the flight is red, though both hours are missing")
    func csvColumns() throws {
        let model = try Self.model()
        let csv = FlightsCSV.render(model.briefings, attributionURL: ReportFixtures.attributionURL)
        let row = try #require(try ReportFixtures.table(csv).first)
        #expect(row["dep_alerts"] == "severe: Tornado Watch (National Weather Service)")
        #expect(row["arr_alerts"] == "severe: Tornado Watch (National Weather Service)")
        #expect(row["dep_condition"] == "")
        #expect(row["risk"] == "red")
        #expect(row["dep_risk"] == "red")
        #expect(row["status"] == "unavailable")
        #expect(row["status_detail"]?.contains("no forecast hour for 2026-12-04T13:00:00Z") == true)
    }

    @Test("the index's alerts section and the route page show the alert, naming both airports")
    func pages() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let out = temporary.file("report")
        try ReportWriter(templates: ReportFixtures.templates()).write(try Self.model(), to: out, updateLatest: false)
        let index = try ReportFixtures.text(out.appendingPathComponent("index.html"))
        #expect(!index.contains("No weather alert overlaps a scheduled time."))
        #expect(index.contains("alert-major"))
        #expect(index.contains("Tornado Watch"))
        #expect(index.contains(" — <a href=\"stations/JFK.html\">JFK</a>, <a href=\"stations/LHR.html\">LHR</a>"))
        let route = try ReportFixtures.text(out.appendingPathComponent("routes/JFK-LHR.html"))
        #expect(route.contains("Tornado Watch"))
        #expect(!route.contains("No weather alert overlaps a scheduled time."))
    }
}
