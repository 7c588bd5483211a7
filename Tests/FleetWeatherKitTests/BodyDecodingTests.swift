import FleetTestSupport
import FleetWeather
import FleetWeatherKit
import Foundation
import Testing

/// A body with `count` hours whose hour `index` has `member` set to the raw JSON `value`.
private func hourlyBody(count: Int = 6, index: Int, member: String, value: String) -> Data {
    let hours = (0..<count).map { hour in
        let extra = hour == index ? #","\#(member)":\#(value)"# : ""
        return #"{"forecastStart":"2026-12-01T\#(10 + hour):00:00Z","temperature":5,"uvIndex":2\#(extra)}"#
    }
    return Data(#"{"forecastHourly":{"hours":[\#(hours.joined(separator: ","))]}}"#.utf8)
}

/// A body whose current conditions have `member` set to the raw JSON `value`.
private func currentBody(_ member: String, _ value: String) -> Data {
    Data(#"{"currentWeather":{"asOf":"2026-12-01T10:00:00Z","temperature":5,"\#(member)":\#(value)}}"#.utf8)
}

@Suite("WeatherBody: a value that does not fit is dropped alone")
struct BodyFieldToleranceTests {
    @Test("a fraction where a whole number belongs drops that field only; the hour and the body stay")
    func fractionalUVIndex() throws {
        let decoded = try WeatherBody.decode(hourlyBody(index: 3, member: "uvIndex", value: "4.5"))
        let hours = try #require(decoded.response.forecastHourly?.hours)
        #expect(hours.count == 6)
        #expect(hours[3].uvIndex == nil)
        #expect(hours[3].temperature == 5)
        #expect(hours[3].forecastStart == WeatherFixtures.date("2026-12-01T13:00:00Z"))
        #expect(hours.enumerated().allSatisfy { $0.offset == 3 || $0.element.uvIndex == 2 })
        #expect(decoded.warnings == ["forecastHourly.hours[3].uvIndex: 4.5 is not a whole number; dropped"])
    }

    /// A member, a raw JSON value outside its physical range, and the words of the warning.
    struct OutOfRange: Sendable, CustomTestStringConvertible {
        let member: String
        let json: String
        let why: String
        var testDescription: String { "\(member): \(json)" }
    }

    static let outOfRange = [
        OutOfRange(member: "precipitationChance", json: "1e300", why: "1e+300 is outside 0…1"),
        OutOfRange(member: "precipitationChance", json: "-0.5", why: "-0.5 is outside 0…1"),
        OutOfRange(member: "humidity", json: "1.5", why: "1.5 is outside 0…1"),
        OutOfRange(member: "cloudCover", json: "100", why: "100 is outside 0…1"),
        OutOfRange(member: "temperature", json: "-500", why: "-500 is outside -100…70"),
        OutOfRange(member: "temperatureDewPoint", json: "99", why: "99 is outside -100…70"),
        OutOfRange(member: "temperatureApparent", json: "1e10", why: "10000000000 is outside -120…100"),
        OutOfRange(member: "windSpeed", json: "-1", why: "-1 is outside 0…500"),
        OutOfRange(member: "windGust", json: "9000", why: "9000 is outside 0…500"),
        OutOfRange(member: "windDirection", json: "361", why: "361 is outside 0…360"),
        OutOfRange(member: "pressure", json: "5", why: "5 is outside 800…1100"),
        OutOfRange(member: "visibility", json: "-3", why: "-3 is outside 0…1000000"),
        OutOfRange(member: "precipitationIntensity", json: "1e5", why: "100000 is outside 0…1000"),
        OutOfRange(member: "precipitationAmount", json: "-2", why: "-2 is outside 0…5000"),
        OutOfRange(member: "snowfallIntensity", json: "2000", why: "2000 is outside 0…1000"),
        OutOfRange(member: "uvIndex", json: "99", why: "99 is outside 0…30"),
        OutOfRange(member: "uvIndex", json: "-1", why: "-1 is outside 0…30"),
        OutOfRange(member: "temperature", json: "1e999", why: "inf is not a finite number"),
        OutOfRange(member: "windSpeed", json: "-1e999", why: "-inf is not a finite number"),
    ]

    @Test("a number outside its physical range is dropped with a warning naming it", arguments: outOfRange)
    func outOfRangeIsDropped(_ value: OutOfRange) throws {
        let decoded = try WeatherBody.decode(hourlyBody(index: 1, member: value.member, value: value.json))
        let hours = try #require(decoded.response.forecastHourly?.hours)
        #expect(hours.count == 6)
        #expect(hours[1].forecastStart != nil)
        if value.member != "temperature" { #expect(hours[1].temperature == 5) }
        #expect(decoded.warnings == ["forecastHourly.hours[1].\(value.member): \(value.why); dropped"])
    }

    @Test(
        "values at the ends of their ranges are kept",
        arguments: [
            ("precipitationChance", "1", 1.0), ("precipitationChance", "0", 0.0), ("temperature", "-89.2", -89.2),
            ("temperature", "56.7", 56.7), ("windGust", "408", 408.0), ("pressure", "870", 870.0),
            ("windDirection", "360", 360.0), ("visibility", "0", 0.0),
        ])
    func edgesAreKept(_ member: String, _ json: String, _ expected: Double) throws {
        let decoded = try WeatherBody.decode(hourlyBody(index: 0, member: member, value: json))
        #expect(decoded.warnings.isEmpty)
        let hour = try #require(decoded.response.forecastHourly?.hours?.first)
        let values: [String: Double?] = [
            "precipitationChance": hour.precipitationChance, "temperature": hour.temperature,
            "windGust": hour.windGust, "pressure": hour.pressure, "windDirection": hour.windDirection,
            "visibility": hour.visibility,
        ]
        #expect(values[member] == expected)
    }

    @Test(
        "a value of the wrong type is dropped with a warning saying what it was",
        arguments: [
            ("temperature", #""NaN""#, #"currentWeather.temperature: "NaN" is not a number; dropped"#),
            ("temperature", #""Infinity""#, #"currentWeather.temperature: "Infinity" is not a number; dropped"#),
            ("temperature", "true", "currentWeather.temperature: true is not a number; dropped"),
            ("windSpeed", "[1]", "currentWeather.windSpeed: an array is not a number; dropped"),
            ("humidity", #"{"v":1}"#, "currentWeather.humidity: an object is not a number; dropped"),
            ("uvIndex", #""3""#, #"currentWeather.uvIndex: "3" is not a whole number; dropped"#),
            ("conditionCode", "7", "currentWeather.conditionCode: 7 is not a string; dropped"),
            ("daylight", #""yes""#, #"currentWeather.daylight: "yes" is not true or false; dropped"#),
            ("metadata", "5", "currentWeather.metadata: 5 is not an object; dropped"),
        ])
    func wrongTypeIsDropped(_ member: String, _ json: String, _ warning: String) throws {
        let decoded = try WeatherBody.decode(currentBody(member, json))
        let current = try #require(decoded.response.currentWeather)
        #expect(current.asOf == WeatherFixtures.date("2026-12-01T10:00:00Z"))
        #expect(decoded.warnings == [warning])
    }

    @Test("null is an absent value, not a problem")
    func nullIsAbsent() throws {
        let decoded = try WeatherBody.decode(currentBody("temperatureApparent", "null"))
        #expect(decoded.warnings.isEmpty)
        #expect(decoded.response.currentWeather?.temperatureApparent == nil)
        #expect(decoded.response.currentWeather?.temperature == 5)
    }

    @Test("an hour, day or alert that is not an object is dropped; its neighbours stay")
    func entriesThatAreNotObjects() throws {
        let json = #"""
            {"forecastHourly":{"hours":[{"forecastStart":"2026-12-01T10:00:00Z"},7,"x",{"forecastStart":"2026-12-01T11:00:00Z"}]},
             "forecastDaily":{"days":[null,{"forecastStart":"2026-12-01T00:00:00Z"}]},
             "weatherAlerts":{"alerts":[[],{"id":"a","responses":["prepare",3]}]}}
            """#
        let decoded = try WeatherBody.decode(Data(json.utf8))
        #expect(decoded.response.forecastHourly?.hours?.count == 2)
        #expect(decoded.response.forecastDaily?.days?.count == 1)
        #expect(decoded.response.weatherAlerts?.alerts?.map(\.id) == ["a"])
        #expect(decoded.response.weatherAlerts?.alerts?.first?.responses == ["prepare"])
        #expect(
            decoded.warnings == [
                "forecastHourly.hours[1]: 7 is not an object; entry dropped (and 1 more like it)",
                "forecastDaily.days[0]: null is not an object; entry dropped",
                "weatherAlerts.alerts[0]: an array is not an object; entry dropped",
                "weatherAlerts.alerts[1].responses[1]: 3 is not a string; dropped",
            ])
    }

    @Test("the same problem in every hour is one warning with a count")
    func repeatedWarningsAreGrouped() throws {
        let hours = (0..<240).map { _ in #"{"uvIndex":4.5}"# }.joined(separator: ",")
        let decoded = try WeatherBody.decode(Data(#"{"forecastHourly":{"hours":[\#(hours)]}}"#.utf8))
        #expect(decoded.response.forecastHourly?.hours?.count == 240)
        #expect(
            decoded.warnings == [
                "forecastHourly.hours[0].uvIndex: 4.5 is not a whole number; dropped (and 239 more like it)"
            ])
    }

    @Test("many different problems in one body are bounded, with a count of the rest")
    func distinctWarningsAreBounded() throws {
        let members = [
            "cloudCover", "humidity", "precipitationAmount", "precipitationChance", "precipitationIntensity",
            "pressure", "snowfallIntensity", "snowfallAmount", "temperature", "temperatureApparent", "visibility",
            "windGust",
        ]
        let hour = members.map { #""\#($0)":-1e9"# }.joined(separator: ",")
        let decoded = try WeatherBody.decode(Data(#"{"forecastHourly":{"hours":[{\#(hour)},{\#(hour)}]}}"#.utf8))
        #expect(decoded.warnings.count == 9)
        #expect(decoded.warnings.prefix(8).allSatisfy { $0.hasSuffix("dropped (and 1 more like it)") })
        #expect(decoded.warnings.last == "and 8 more values dropped from this body")
    }
}

/// Decodes as the live client does: the decoder's refusal in the client's terms.
private func decodeLive(_ text: String) throws(WeatherKitError) {
    do {
        _ = try WeatherBody.decode(Data(text.utf8))
    } catch {
        throw WeatherKitError(decoding: error, bodySize: text.utf8.count)
    }
}

@Suite("WeatherBody: what is not a body")
struct BodyShapeTests {
    @Test(
        "text that is not JSON, or is cut off, is a transient failure (live, another attempt may bring it whole)",
        arguments: ["", "{", #"{"forecastHourly":{"hours":[{"temperature":1"#, "<html>", "{} x", "{'a':1}", "[1,]"])
    func notJSON(_ text: String) {
        let error = #expect(throws: WeatherKitError.self) { try decodeLive(text) }
        #expect(error?.isRetryable == true, "\(String(describing: error))")
        #expect(error?.description.contains("truncated or invalid JSON") == true)
    }

    @Test(
        "JSON of another shape is undecodable, never retried",
        arguments: [
            ("[1,2]", "the body is an array, not a JSON object"), ("\"hi\"", "the body is a string, not a JSON object"),
            (#"{"forecastHourly":5}"#, "forecastHourly is a number, not an object"),
            (#"{"weatherAlerts":"none"}"#, "weatherAlerts is a string, not an object"),
            (String(repeating: "[", count: 100) + String(repeating: "]", count: 100), "nested deeper than 64 levels"),
        ])
    func wrongShape(_ text: String, _ detail: String) {
        let error = #expect(throws: WeatherKitError.self) { try decodeLive(text) }
        #expect(error?.isRetryable == false)
        guard case .undecodable(let words) = error else {
            Issue.record("expected undecodable, got \(String(describing: error))")
            return
        }
        #expect(words.contains(detail), "\(words)")
    }

    @Test("a data set given as null is absent; unknown members anywhere are ignored")
    func nullDataSetAndUnknownMembers() throws {
        let json = #"{"currentWeather":null,"forecastNextHour":[1,{"x":[[[]]]}],"forecastHourly":{"hours":[]}}"#
        let decoded = try WeatherBody.decode(Data(json.utf8))
        #expect(decoded.response.dataSets == [.forecastHourly])
        #expect(decoded.warnings.isEmpty)
    }

    @Test("an attribution link that is not an https Apple link is dropped with a warning")
    func hostileAttribution() throws {
        let json = #"""
            {"forecastHourly":{"metadata":{"attributionURL":"http://evil.example/","latitude":1,"longitude":2},"hours":[]},
             "weatherAlerts":{"metadata":{"attributionURL":"https://apple.com.evil.example/","latitude":1,"longitude":2}},
             "currentWeather":{"metadata":{"attributionURL":"https://weatherkit.apple.com/legal-attribution.html"}}}
            """#
        let decoded = try WeatherBody.decode(Data(json.utf8))
        #expect(decoded.response.forecastHourly?.metadata?.attributionURL == nil)
        #expect(decoded.response.weatherAlerts?.metadata?.attributionURL == nil)
        #expect(
            decoded.response.currentWeather?.metadata?.attributionURL
                == "https://weatherkit.apple.com/legal-attribution.html")
        #expect(
            decoded.warnings == [
                #"forecastHourly.metadata.attributionURL: "http://evil.example/" is not an https link to an Apple host; dropped"#,
                #"weatherAlerts.metadata.attributionURL: "https://apple.com.evil.example/" is not an https link to an Apple host; dropped"#,
            ])
    }
}
