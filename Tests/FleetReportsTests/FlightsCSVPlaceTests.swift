import FleetAirports
import FleetBriefing
import FleetReports
import FleetTestSupport
import FleetWeather
import Foundation
import Testing

/// The columns appended in schema 2 (docs/analysts.md).
@Suite("FlightsCSV: appended end columns")
struct FlightsCSVPlaceTests {
    /// JFK → SYD with a JFK day, JFK's scheduled hour filled in, and SYD without weather.
    static func row(
        alerts: [WeatherAlertSummary] = [], departure: String = "2026-12-01T13:05:00Z",
        arrival: String = "2026-12-02T08:50:00Z", sydney: CellWeather? = nil
    ) throws -> [String: String] {
        let flight = TestFlights.flight("UA100", from: "JFK", to: "SYD", departure: departure, arrival: arrival)
        var jfk = ReportFixtures.weather(alerts: alerts) { index, hour in
            guard index == 13 else { return }
            hour.temperatureDewPoint = -7.26
            hour.humidity = 0.634
            hour.cloudCover = 0.875
            hour.precipitationIntensity = 1.234
            hour.pressure = 1008.46
        }
        // JFK's local day of 1 December: 05:00Z to 05:00Z, sunrise 12:03Z, sunset 21:29Z.
        var day = DayWeather(
            forecastStart: WeatherFixtures.date("2026-12-01T05:00:00Z"),
            forecastEnd: WeatherFixtures.date("2026-12-02T05:00:00Z"))
        day.temperatureMax = 4.26
        day.temperatureMin = -2.04
        day.sunrise = WeatherFixtures.date("2026-12-01T12:03:00Z")
        day.sunset = WeatherFixtures.date("2026-12-01T21:29:00Z")
        jfk.days = [day]
        var weather = ["JFK": jfk]
        if let sydney { weather["SYD"] = sydney }
        let briefings = try ReportFixtures.briefings([flight], weather: weather)
        let csv = FlightsCSV.render(briefings, attributionURL: ReportFixtures.attributionURL)
        return try #require(try ReportFixtures.table(csv).first)
    }

    @Test("the airport's zone, coordinates and elevation, from the directory")
    func airport() throws {
        let row = try Self.row()
        let jfk = TestFlights.airport("JFK")
        #expect(row["dep_tz"] == "America/New_York")
        #expect(row["arr_tz"] == "Australia/Sydney")
        #expect(row["dep_lat"].flatMap(Double.init).map { abs($0 - jfk.latitude) < 5e-7 } == true)
        #expect(row["dep_lon"].flatMap(Double.init).map { abs($0 - jfk.longitude) < 5e-7 } == true)
        #expect(row["dep_elevation_ft"] == jfk.elevationFeet.map(String.init))
        // Written without trailing zeros, and present on the end without weather too.
        #expect(row["arr_lat"]?.hasSuffix("0") == false)
        #expect(row["arr_tz"]?.isEmpty == false)
    }

    @Test("the scheduled hour's dew point, humidity, cloud cover, intensity and pressure, in the columns' units")
    func hourValues() throws {
        let row = try Self.row()
        #expect(row["dep_dew_point_c"] == "-7.3")
        #expect(row["dep_humidity_pct"] == "63")
        #expect(row["dep_cloud_cover_pct"] == "88")
        #expect(row["dep_precip_intensity_mm_h"] == "1.23")
        #expect(row["dep_pressure_hpa"] == "1008.5")
    }

    @Test("the local day's high, low, sunrise and sunset in the airport's zone; night from them")
    func day() throws {
        let row = try Self.row()
        #expect(row["dep_daily_high_c"] == "4.3")
        #expect(row["dep_daily_low_c"] == "-2.0")
        #expect(row["dep_sunrise_local"] == "2026-12-01T07:03:00-05:00")
        #expect(row["dep_sunset_local"] == "2026-12-01T16:29:00-05:00")
        #expect(row["dep_is_night"] == "false")
        let evening = try Self.row(departure: "2026-12-01T22:05:00Z", arrival: "2026-12-02T17:50:00Z")
        #expect(evening["dep_is_night"] == "true")
    }

    @Test("statuses: ok where there is weather, missing with empty alert cells where there is none")
    func statuses() throws {
        let row = try Self.row()
        #expect(row["dep_weather_status"] == "ok")
        #expect(row["dep_alert_count"] == "0")
        #expect(row["dep_alert_max_severity"] == "none")
        #expect(row["arr_weather_status"] == "missing")
        for name in [
            "alert_count", "alert_max_severity", "dew_point_c", "humidity_pct", "cloud_cover_pct",
            "precip_intensity_mm_h", "pressure_hpa", "daily_high_c", "daily_low_c", "sunrise_local", "sunset_local",
            "is_night",
        ] {
            #expect(row["arr_" + name] == "", "arr_\(name)")
        }
        // One end has weather: the row names its source.
        #expect(row["weather_source"] == "Apple Weather")
    }

    @Test("an end past the forecast horizon is beyond_horizon, not missing")
    func beyondHorizon() throws {
        let row = try Self.row(
            departure: "2026-12-13T13:05:00Z", arrival: "2026-12-14T08:50:00Z", sydney: ReportFixtures.weather())
        #expect(row["dep_weather_status"] == "beyond_horizon")
        #expect(row["arr_weather_status"] == "beyond_horizon")
        #expect(row["status"] == "unavailable")
    }

    @Test("alerts are counted with the highest severity; unknown severities are `unknown`")
    func alertCounts() throws {
        let time = WeatherFixtures.date("2026-12-01T13:00:00Z")
        let minor = WeatherFixtures.alert(id: "m", severity: .minor, from: time, until: time + 3600)
        let severe = WeatherFixtures.alert(id: "s", severity: .severe, from: time, until: time + 3600)
        let odd = WeatherFixtures.alert(id: "o", severity: .unknown("=1+1"), from: time, until: time + 3600)
        let later = WeatherFixtures.alert(id: "l", severity: .extreme, from: time + 86_400, until: time + 90_000)
        let row = try Self.row(alerts: [minor, severe, later])
        #expect(row["dep_alert_count"] == "2")
        #expect(row["dep_alert_max_severity"] == "severe")
        let unknown = try Self.row(alerts: [odd])
        #expect(unknown["dep_alert_count"] == "1")
        #expect(unknown["dep_alert_max_severity"] == "unknown")
        let plain = try Self.row(alerts: [minor, odd])
        #expect(plain["dep_alert_max_severity"] == "minor")
    }

    @Test("a row without any weather names no source")
    func noSource() throws {
        let briefings = try ReportFixtures.briefings([TestFlights.flight()], weather: [:])
        let row = try #require(try ReportFixtures.table(FlightsCSV.render(briefings, attributionURL: "u")).first)
        #expect(row["status"] == "unavailable")
        #expect(row["weather_source"] == "")
        #expect(row["attribution_url"] == "")
        #expect(row["dep_weather_status"] == "missing")
        #expect(row["dep_alert_count"] == "")
    }

    @Test("the appended columns follow the source columns, departure then arrival, in order")
    func order() throws {
        let columns = FlightsCSV.columns
        let start = try #require(columns.firstIndex(of: "attribution_url") as Int?)
        let appended = Array(columns[(start + 1)...])
        #expect(appended == FlightsCSV.placeColumns.map { "dep_" + $0 } + FlightsCSV.placeColumns.map { "arr_" + $0 })
        #expect(columns.count == 47 + 34)
    }
}
