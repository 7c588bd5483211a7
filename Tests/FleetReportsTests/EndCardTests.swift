import FleetReports
import FleetSchedule
import FleetTestSupport
import FleetWeather
import Foundation
import Testing

/// The route page's end cards: no chip beside values of another hour, severity in words, the
/// daily outlook of the local day, the latest observation only with its age, no data never
/// reassuring.
@Suite("Route end cards")
struct EndCardTests {
    /// LHR → JFK at 13:05Z; the 12:00Z hour at LHR has freezing drizzle, the 13:00Z hour is calm.
    static func model(current: CurrentWeather? = nil, arrivalWeather: Bool = true) throws -> ReportModel {
        var lhr = ReportFixtures.weather(current: current) { index, hour in
            if index == 12 {
                hour.conditionCode = .freezingDrizzle
                hour.temperature = -1
                hour.visibility = 3200
            }
        }
        var day = DayWeather(
            forecastStart: WeatherFixtures.date("2026-12-01T00:00:00Z"),
            forecastEnd: WeatherFixtures.date("2026-12-02T00:00:00Z"))
        day.temperatureMax = 7.6
        day.temperatureMin = -2.4
        day.precipitationChance = 0.4
        day.precipitationType = .snow
        day.sunrise = WeatherFixtures.date("2026-12-01T07:48:00Z")
        day.sunset = WeatherFixtures.date("2026-12-01T15:54:00Z")
        lhr.days = [day]
        let flight = TestFlights.flight("BA117", from: "LHR", to: "JFK")
        var weather = ["LHR": lhr]
        if arrivalWeather { weather["JFK"] = ReportFixtures.weather() }
        return try ReportFixtures.model([flight], weather: weather)
    }

    static func routePage(_ model: ReportModel) throws -> String {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let out = directory.file("report")
        try ReportWriter(templates: ReportFixtures.templates()).write(model, to: out, updateLatest: false)
        return String(decoding: try Data(contentsOf: out.appendingPathComponent("routes/LHR-JFK.html")), as: UTF8.self)
    }

    /// The text of each `<div class="hour-line…">` of a page, in order.
    static func hourLines(_ html: String) -> [String] {
        html.components(separatedBy: "<div class=\"hour-line").dropFirst().map { piece in
            String(piece.prefix { $0 != "\n" }.split(separator: "</div>", maxSplits: 1).first ?? "")
        }
    }

    @Test("a hazard of another hour stands on its own line with that hour's time and values")
    func hazardWithItsHour() throws {
        let html = try Self.routePage(Self.model())
        let lines = Self.hourLines(html)
        let scheduled = try #require(lines.first { !$0.hasPrefix(" other-hour") && $0.contains("Clear · 15 °C") })
        #expect(!scheduled.contains("Freezing"), "\(scheduled)")
        let other = try #require(lines.first { $0.contains("Freezing precipitation") }, "\(lines)")
        #expect(other.hasPrefix(" other-hour"))
        #expect(other.contains("12:00Z (12:00 local), 1 h before: "), "\(other)")
        #expect(other.contains("Freezing drizzle · -1 °C"), "\(other)")
        // The worst hour is named, as worst_hour_utc and worst_condition are in the CSV.
        #expect(other.contains("(worst hour of the window)"), "\(other)")
        #expect(other.contains("<span class=\"sev\">RED</span> Freezing precipitation"), "\(other)")
    }

    @Test("the daily outlook gives the local day's rounded high and low, precipitation, sunrise and sunset")
    func dailyOutlook() throws {
        let html = try Self.routePage(Self.model())
        #expect(
            html.contains(
                "Tue 1 Dec (local): </span>H 8° L -2° · precipitation 40% snow · sunrise 07:48 · sunset 15:54 local"))
        #expect(html.contains("scheduled time in daylight"))
        // JFK has no daily forecast in the model: said, not left out.
        #expect(html.contains("no daily forecast in this run's data."))
    }

    @Test("the latest observation is shown with its age, and called not current when old")
    func latestObservationAge() throws {
        var current = CurrentWeather(asOf: ReportFixtures.now.addingTimeInterval(-28 * 3600))
        current.conditionCode = .cloudy
        current.temperature = 3
        let html = try Self.routePage(Self.model(current: current))
        #expect(html.contains("read Sun 29 Nov 20:00Z (20:00 local), 28 h before this run: not current"), "\(html)")
        let fresh = CurrentWeather(asOf: ReportFixtures.now.addingTimeInterval(-20 * 60))
        let recent = try Self.routePage(Self.model(current: fresh))
        #expect(recent.contains("read Mon 30 Nov 23:40Z (23:40 local), 20 min before this run<"))
        #expect(!recent.contains("Now"))
    }

    @Test("an end without data says no data for weather, hazards and alerts")
    func missingEnd() throws {
        let html = try Self.routePage(Self.model(arrivalWeather: false))
        #expect(html.contains("No data. Weather, hazards and alerts unknown."))
        #expect(html.contains("No data: no current conditions in this run's data."))
    }

    @Test("the index gives the data's age, and the time a run with --now briefed for")
    func indexDataAge() throws {
        let base = try Self.model()
        let model = ReportModel(
            summary: base.summary, startedAt: base.startedAt.addingTimeInterval(28 * 3600), briefings: base.briefings,
            rejects: [], weatherByAirport: base.weatherByAirport, attributionURL: base.attributionURL,
            briefedAt: base.startedAt.addingTimeInterval(2 * 3600))
        let index = try #require(try IndexPageTests.pages(model)["index.html"])
        #expect(index.contains("<dt>Briefed as of</dt><dd>Tue 1 Dec 02:00Z</dd>"), "\(index)")
        #expect(index.contains("recorded, read Mon 30 Nov 23:55Z (oldest 2 h before this run)"))
        let plain = try #require(try IndexPageTests.pages(base)["index.html"])
        #expect(!plain.contains("Briefed as of"))
    }
}
