import FleetTestSupport
import FleetWeather
import FleetWeatherKit
import Foundation
import Testing

@testable import FleetFetch

/// Splitting a WeatherKit body into per-data-set cache bodies without re-serializing it.
@Suite("JSONMembers")
struct JSONMembersTests {
    static let tricky = Data(
        """
         { "currentWeather" : {"name":"a \\" } ] { \\\\","list":[1,{"x":"}"}]} ,
          "forecastHourly":{"hours":[]},"n":-1.5e3,"t":true,"z":null,"s":"{[" }\n
        """.utf8)

    @Test("top-level members are found as byte ranges, whatever strings and nesting they hold")
    func findsMembers() throws {
        let ranges = try #require(JSONMembers.ranges(in: Self.tricky))
        #expect(Set(ranges.keys) == ["currentWeather", "forecastHourly", "n", "t", "z", "s"])
        func text(_ key: String) throws -> String {
            let range = try #require(ranges[key])
            return String(decoding: Self.tricky[range], as: UTF8.self)
        }
        #expect(try text("currentWeather") == #"{"name":"a \" } ] { \\","list":[1,{"x":"}"}]}"#)
        #expect(try text("forecastHourly") == #"{"hours":[]}"#)
        #expect(try text("n") == "-1.5e3")
        #expect(try text("t") == "true")
        #expect(try text("z") == "null")
        #expect(try text("s") == #""{[""#)
        let one = JSONMembers.object(
            key: "forecastHourly", range: try #require(ranges["forecastHourly"]), of: Self.tricky)
        #expect(String(decoding: one, as: UTF8.self) == #"{"forecastHourly":{"hours":[]}}"#)
        #expect(JSONMembers.ranges(in: Data("{}".utf8)) == [:])
    }

    @Test(
        "what is not a JSON object, or is cut off, is refused (the caller falls back)",
        arguments: [
            "", "[]", "\"x\"", "{\"a\":1", "{\"a\" 1}", "{\"a\":{\"b\":1}", "{\"a\":\"x}", "{\"a\\u0062\":1}",
            "{\"a\":1,}",
        ])
    func refusesBrokenText(_ text: String) {
        #expect(JSONMembers.ranges(in: Data(text.utf8)) == nil)
    }

    @Test("a real body splits into per-data-set bodies that decode to the same data")
    func realBodySplits() throws {
        let start = WeatherFixtures.date("2026-12-01T10:00:00Z")
        let body = WeatherFixtures.response(
            latitude: 40.64, longitude: -73.78, hours: WeatherFixtures.hours(from: start, count: 5),
            alerts: [WeatherFixtures.alert(id: "a1", severity: .severe, from: start, until: nil)])
        let data = try WeatherJSON.encoder().encode(body)
        let parts = DataSetBodies.memberBodies(of: data, dataSets: [.forecastHourly, .weatherAlerts, .currentWeather])
        #expect(Set(parts.keys) == [.forecastHourly, .weatherAlerts])
        let hourly = try WeatherBody.decode(try #require(parts[.forecastHourly])).response
        #expect(hourly.forecastHourly == body.forecastHourly)
        #expect(hourly.weatherAlerts == nil)
        let alerts = try WeatherBody.decode(try #require(parts[.weatherAlerts])).response
        #expect(alerts.weatherAlerts == body.weatherAlerts)
    }

    @Test("a body the scan refuses still splits through JSONSerialization")
    func fallback() throws {
        let data = Data(#"{"forecastHourly":{"hours":[]},"\u0061":1}"#.utf8)
        #expect(JSONMembers.ranges(in: data) == nil)
        let parts = DataSetBodies.memberBodies(of: data, dataSets: [.forecastHourly])
        let decoded = try WeatherBody.decode(try #require(parts[.forecastHourly])).response
        #expect(decoded.forecastHourly?.hours?.isEmpty == true)
    }
}
