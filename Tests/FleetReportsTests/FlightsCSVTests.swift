import FleetBriefing
import FleetReports
import FleetSchedule
import FleetTestSupport
import FleetWeather
import Foundation
import Testing

private let pinned = [
    "schema_version", "flight", "origin", "destination", "departure_utc", "arrival_utc", "departure_local",
    "arrival_local", "aircraft", "tail", "risk", "status", "status_detail",
]

private let endRequired = [
    "condition", "temperature_c", "wind_kt", "gust_kt", "wind_dir_deg", "visibility_m", "precip_chance_pct",
    "precip_type", "category", "hazards", "alerts",
]

@Suite("FlightsCSV: columns")
struct FlightsCSVColumnTests {
    let columns = FlightsCSV.columns

    @Test("the first columns are pinned in the order of docs/contract.md §8.3")
    func pinnedPrefix() {
        #expect(Array(columns.prefix(pinned.count)) == pinned)
    }

    @Test("departure and arrival groups follow, each with every required column", arguments: ["dep_", "arr_"])
    func endGroups(prefix: String) {
        for name in endRequired {
            #expect(columns.contains(prefix + name), "\(prefix + name)")
        }
    }

    @Test("the departure group comes before the arrival group, both before the source columns")
    func groupOrder() throws {
        let schemaOne = Array(columns.prefix(47))
        let dep = schemaOne.indices.filter { schemaOne[$0].hasPrefix("dep_") }
        let arr = schemaOne.indices.filter { schemaOne[$0].hasPrefix("arr_") }
        let lastDep = try #require(dep.last)
        let firstArr = try #require(arr.first)
        #expect(lastDep < firstArr)
        #expect(dep.first == pinned.count)
        #expect(dep.count == arr.count)
        #expect(dep.map { schemaOne[$0].dropFirst(4) } == arr.map { schemaOne[$0].dropFirst(4) })
    }

    @Test("the pinned columns of schema 1 end with the weather source and attribution link")
    func suffix() {
        #expect(Array(columns.prefix(47).suffix(2)) == ["weather_source", "attribution_url"])
    }

    @Test("column names are unique")
    func unique() {
        #expect(Set(columns).count == columns.count)
    }

    @Test("an empty report is the header alone")
    func headerOnly() {
        #expect(FlightsCSV.render([], attributionURL: "x") == columns.joined(separator: ",") + "\r\n")
        #expect(FlightsCSV.schemaVersion == 2)
    }
}

@Suite("FlightsCSV: rows")
struct FlightsCSVRowTests {
    /// JFK 13:05Z → SYD next morning; JFK has wintry, gusty weather at 13:00, SYD has none.
    static func jfkToSydney(
        number: String = "UA100", aircraft: String? = "B789", tail: String? = "N12345",
        alerts: [WeatherAlertSummary] = []
    ) throws -> [String: String] {
        let flight = TestFlights.flight(
            number, from: "JFK", to: "SYD", departure: "2026-12-01T13:05:00Z", arrival: "2026-12-02T08:50:00Z",
            aircraft: aircraft, tail: tail)
        let jfk = ReportFixtures.weather(alerts: alerts) { index, hour in
            guard index == 13 else { return }
            hour.conditionCode = .snow
            hour.temperature = -3.46
            hour.windSpeed = 25 * 1.852
            hour.windGust = 45 * 1.852
            hour.windDirection = 270
            hour.visibility = 4000.4
            hour.precipitationChance = 0.35
            hour.precipitationType = .snow
        }
        let briefings = try ReportFixtures.briefings([flight], weather: ["JFK": jfk])
        let csv = FlightsCSV.render(briefings, attributionURL: ReportFixtures.attributionURL)
        let table = try ReportFixtures.table(csv)
        #expect(table.count == 1)
        return try #require(table.first)
    }

    @Test("times in UTC with Z, local with the airport's offset")
    func times() throws {
        let row = try Self.jfkToSydney()
        #expect(row["departure_utc"] == "2026-12-01T13:05:00Z")
        #expect(row["arrival_utc"] == "2026-12-02T08:50:00Z")
        #expect(row["departure_local"] == "2026-12-01T08:05:00-05:00")
        #expect(row["arrival_local"] == "2026-12-02T19:50:00+11:00")
    }

    @Test("weather values are converted to the columns' units")
    func units() throws {
        let row = try Self.jfkToSydney()
        #expect(row["schema_version"] == "2")
        #expect(row["dep_condition"] == "Snow")
        #expect(row["dep_temperature_c"] == "-3.5")
        #expect(row["dep_wind_kt"] == "25")
        #expect(row["dep_gust_kt"] == "45")
        #expect(row["dep_wind_dir_deg"] == "270")
        #expect(row["dep_visibility_m"] == "4000")
        #expect(row["dep_precip_chance_pct"] == "35")
        #expect(row["dep_precip_type"] == "snow")
        #expect(row["dep_category"] == "IFR")
        #expect(row["dep_risk"] == "red")
        let hazards = (row["dep_hazards"] ?? "").split(separator: ";").map(String.init)
        #expect(hazards.first == "strong-gusts")
        #expect(Set(hazards) == ["strong-gusts", "strong-wind", "bumpy", "low-visibility", "icing"])
        #expect(row["weather_source"] == "Apple Weather")
        #expect(row["attribution_url"] == ReportFixtures.attributionURL)
    }

    @Test("the end without weather has empty cells, unknown risk and a partial status with the reason")
    func missingEnd() throws {
        let row = try Self.jfkToSydney()
        for name in endRequired where name != "hazards" && name != "alerts" {
            #expect(row["arr_" + name] == "", "arr_\(name)")
        }
        #expect(row["arr_hazards"] == "")
        #expect(row["arr_alerts"] == "")
        #expect(row["arr_risk"] == "unknown")
        #expect(row["risk"] == "red")
        #expect(row["status"] == "partial")
        #expect(row["status_detail"] == "arrival: no recorded weather")
    }

    @Test("a flight without any weather is unavailable and unknown, never green")
    func noWeather() throws {
        let flight = TestFlights.flight()
        let briefings = try ReportFixtures.briefings([flight], weather: [:])
        let row = try #require(try ReportFixtures.table(FlightsCSV.render(briefings, attributionURL: "u")).first)
        #expect(row["risk"] == "unknown")
        #expect(row["status"] == "unavailable")
        #expect(row["dep_temperature_c"] == "")
        #expect(row["dep_condition"] == "")
    }

    @Test("small wind rounds to whole knots, -0.0 °C is written 0.0, missing gusts are empty")
    func rounding() throws {
        let flight = TestFlights.flight("BA1", from: "LHR", to: "JFK")
        let lhr = ReportFixtures.weather { index, hour in
            guard index == 13 else { return }
            hour.temperature = -0.04
            hour.windSpeed = 20
            hour.windGust = nil
            hour.windDirection = 5
            hour.precipitationChance = 1
        }
        let briefings = try ReportFixtures.briefings([flight], weather: ["LHR": lhr, "JFK": ReportFixtures.weather()])
        let row = try #require(try ReportFixtures.table(FlightsCSV.render(briefings, attributionURL: "u")).first)
        #expect(row["dep_temperature_c"] == "0.0")
        #expect(row["dep_wind_kt"] == "11")
        #expect(row["dep_gust_kt"] == "")
        #expect(row["dep_wind_dir_deg"] == "5")
        #expect(row["dep_precip_chance_pct"] == "100")
        #expect(row["departure_local"] == "2026-12-01T13:05:00+00:00")
        #expect(row["status"] == "ok")
        #expect(row["status_detail"] == "")
    }

    @Test(
        "text from data starting with a formula character is guarded",
        arguments: [
            ("flight", "=1+1"), ("flight", "@SUM(A1)"), ("aircraft", "+44"), ("aircraft", "-1"),
            ("tail", "\tN1"), ("tail", "=HYPERLINK(\"http://evil\",\"x\")"),
        ])
    func formulaGuard(column: String, value: String) throws {
        let row = try Self.jfkToSydney(
            number: column == "flight" ? value : "UA100", aircraft: column == "aircraft" ? value : "B789",
            tail: column == "tail" ? value : "N1")
        #expect(row[column] == "'" + value)
    }

    @Test("alerts are listed with severity and agency; a formula-like severity token is guarded")
    func alerts() throws {
        let severe = WeatherFixtures.alert(
            id: "a", severity: .severe, description: "=Tornado Watch", source: "NWS", from: nil, until: nil)
        var odd = WeatherFixtures.alert(id: "b", severity: .unknown("=2+3"), description: "x", from: nil, until: nil)
        odd.source = nil
        let row = try Self.jfkToSydney(alerts: [severe])
        #expect(row["dep_alerts"] == "severe: =Tornado Watch (NWS)")
        let guarded = try Self.jfkToSydney(alerts: [odd])
        #expect(guarded["dep_alerts"] == "'=2+3: x")
    }

    @Test("negative numbers stay numbers (no guard)")
    func negativeNumbersUnguarded() throws {
        let row = try Self.jfkToSydney()
        #expect(row["dep_temperature_c"]?.hasPrefix("-") == true)
    }

    @Test("rows are CRLF-terminated, one per flight, in the given order")
    func rowsInOrder() throws {
        let flights = [
            TestFlights.flight("UA2"), TestFlights.flight("UA1"),
            TestFlights.flight("UA3", departure: "2026-12-01T01:00:00Z", arrival: "2026-12-01T08:00:00Z"),
        ]
        let briefings = try ReportFixtures.briefings(flights, weather: [:])
        let csv = FlightsCSV.render(briefings, attributionURL: "u")
        #expect(csv.hasSuffix("\r\n"))
        #expect(try ReportFixtures.table(csv).map { $0["flight"] } == ["UA2", "UA1", "UA3"])
        for row in try ReportFixtures.rows(csv) { #expect(row.count == FlightsCSV.columns.count) }
    }
}
