import FleetWeather
import Foundation
import Testing

/// Reads a recorded body from `Fixtures/` (excluded from the target, so found from this file).
private func fixture(_ name: String) throws -> Data {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures").appendingPathComponent(name)
    return try Data(contentsOf: url)
}

private func decode(_ data: Data) throws -> WeatherResponse {
    try WeatherBody.decode(data).response
}

private func decode(_ json: String) throws -> WeatherResponse {
    try decode(Data(json.utf8))
}

private func date(_ text: String) throws -> Date {
    try #require(WeatherJSON.parseDate(text))
}

@Suite("WeatherKit models: real recorded bodies")
struct RealBodyTests {
    @Test("#1 home-assistant: current, daily and hourly with per-data-set metadata")
    func homeAssistant() throws {
        let body = try decode(fixture("real-1-home-assistant.json"))
        #expect(body.dataSets == [.currentWeather, .forecastDaily, .forecastHourly])
        let current = try #require(body.currentWeather)
        #expect(current.conditionCode == .partlyCloudy)
        #expect(current.temperature == 22.9)
        #expect(current.windDirection == 259)
        #expect(current.uvIndex == 1)
        #expect(current.asOf == (try date("2023-09-08T22:03:04Z")))
        let meta = try #require(current.metadata)
        #expect(meta.attributionURL == "https://developer.apple.com/weatherkit/data-source-attribution/")
        #expect(meta.expireTime == (try date("2023-09-08T22:08:04Z")))
        #expect(meta.readTime == (try date("2023-09-08T22:03:04Z")))
        #expect(meta.units == "m")
        #expect(meta.version == 1)
        let days = try #require(body.forecastDaily?.days)
        #expect(days.count == 2)
        #expect(days[1].conditionCode == .rain)
        #expect(days[1].precipitationType == .rain)
        #expect(days[1].precipitationChance == 0.45)
        #expect(days[0].forecastEnd == (try date("2023-09-09T15:00:00Z")))
        let hours = try #require(body.forecastHourly?.hours)
        #expect(hours.map(\.forecastStart) == [try date("2023-09-08T14:00:00Z"), try date("2023-09-08T15:00:00Z")])
        #expect(hours[0].visibility == 17056)
        #expect(hours[0].precipitationType == .clear)
        #expect(hours[0].snowfallIntensity == 0)
        let location = try #require(body.location)
        #expect(location.latitude == 35.47)
        #expect(location.longitude == 135.749)
        #expect(body.metadata(for: .forecastHourly)?.expireTime == (try date("2023-09-08T23:03:04Z")))
        #expect(body.metadata(for: .weatherAlerts) == nil)
    }

    @Test("#2 go-weatherkit: 2022 shapes, no expiry in metadata, forecastNextHour ignored")
    func goWeatherKit() throws {
        let body = try decode(fixture("real-2-go-weatherkit.json"))
        #expect(body.dataSets == [.currentWeather, .forecastDaily, .forecastHourly])
        let meta = try #require(body.currentWeather?.metadata)
        #expect(meta.expireTime == nil)
        #expect(meta.readTime == nil)
        #expect(meta.attributionURL == "https://weather-data.apple.com/legal-attribution.html")
        #expect(body.currentWeather?.windGust == 35.9)
        let day = try #require(body.forecastDaily?.days?.first)
        #expect(day.conditionCode == .drizzle)
        #expect(day.sunrise == (try date("2022-07-05T09:31:01Z")))
        let hour = try #require(body.forecastHourly?.hours?.first)
        #expect(hour.precipitationIntensity == nil)
        #expect(hour.snowfallAmount == nil)
        #expect(hour.conditionCode == .clear)
        #expect(body.forecastHourly?.metadata == nil)
        #expect(body.location?.latitude == 40.713)
        #expect(body.location?.longitude == -74.006)
    }

    @Test("#3 US NWS alert: severity, agency, times, details link")
    func nwsAlert() throws {
        let body = try decode(fixture("real-3-alerts-nws.json"))
        #expect(body.dataSets == [.weatherAlerts])
        let collection = try #require(body.weatherAlerts)
        #expect(collection.metadata?.units == nil)
        #expect(collection.metadata?.providerName == "National Weather Service")
        #expect(collection.detailsUrl?.hasPrefix("https://weatherkit.apple.com/alertDetails/") == true)
        let alert = try #require(collection.alerts?.first)
        #expect(alert.id == "23940bcb-2378-5ae6-99f7-30bafb62c6d8")
        #expect(alert.severity == .severe)
        #expect(alert.description == "Tornado Watch")
        #expect(alert.source == "National Weather Service")
        #expect(alert.areaName == "Chesterfield")
        #expect(alert.countryCode == "US")
        #expect(alert.responses == [])
        #expect(alert.start == (try date("2022-11-11T11:15:00Z")))
        #expect(alert.end == (try date("2022-11-11T20:00:00Z")))
        #expect(body.location?.latitude == 37.523)
    }

    @Test("#4 UK Met Office alert without an event end: the alert ends when it expires")
    func ukAlert() throws {
        let body = try decode(fixture("real-4-alerts-uk.json"))
        let alert = try #require(body.weatherAlerts?.alerts?.first)
        #expect(alert.severity == .moderate)
        #expect(alert.eventEndTime == nil)
        #expect(alert.end == (try date("2022-08-25T14:00:00Z")))
        // In force from when it took effect, before the weather's onset.
        #expect(alert.eventOnsetTime == (try date("2022-08-24T23:00:00Z")))
        #expect(alert.start == (try date("2022-08-24T16:04:17Z")))
        #expect(alert.responses == ["prepare"])
        #expect(alert.source == "UK Met Office")
    }

    @Test("#7 2025 current weather: sourceType and cloud layers ignored, whole numbers read")
    func current2025() throws {
        let body = try decode(fixture("real-7-current-2025.json"))
        #expect(body.dataSets == [.currentWeather])
        let current = try #require(body.currentWeather)
        #expect(current.precipitationIntensity == 0)
        #expect(current.conditionCode == .mostlyCloudy)
        #expect(current.windDirection == 322)
        #expect(current.metadata?.latitude == 38.18)
        #expect(body.location?.longitude == 15.55)
    }

    @Test(
        "every recorded body survives encoding and decoding again",
        arguments: [
            "real-1-home-assistant.json", "real-2-go-weatherkit.json", "real-3-alerts-nws.json",
            "real-4-alerts-uk.json", "real-7-current-2025.json",
        ])
    func roundTrip(name: String) throws {
        #expect(try WeatherBody.decode(fixture(name)).warnings.isEmpty, "a real body lost a value")
        let body = try decode(fixture(name))
        let again = try decode(WeatherJSON.encoder().encode(body))
        #expect(again == body)
    }
}

@Suite("WeatherKit models: tolerance")
struct DecodingToleranceTests {
    @Test("an empty body decodes with no data sets")
    func emptyBody() throws {
        let body = try decode("{}")
        #expect(body.dataSets.isEmpty)
        #expect(body.location == nil)
    }

    @Test("an hour with nothing but its start decodes with every other field absent")
    func minimalHour() throws {
        let body = try decode(#"{"forecastHourly": {"hours": [{"forecastStart": "2026-12-01T13:00:00Z"}]}}"#)
        let hour = try #require(body.forecastHourly?.hours?.first)
        #expect(hour == HourWeather(forecastStart: try date("2026-12-01T13:00:00Z")))
        #expect(body.forecastHourly?.metadata == nil)
    }

    @Test("an hour without a start still decodes")
    func hourWithoutStart() throws {
        let body = try decode(#"{"forecastHourly": {"hours": [{"temperature": 3}]}}"#)
        #expect(body.forecastHourly?.hours?.first?.forecastStart == nil)
        #expect(body.forecastHourly?.hours?.first?.temperature == 3)
    }

    @Test("unknown keys at every level are ignored")
    func unknownKeys() throws {
        let json = #"""
            {"somethingNew": [1, 2, {"x": null}],
             "forecastNextHour": {"minutes": []},
             "forecastHourly": {"name": "HourlyForecast", "metadata": {"sourceType": "modeled", "latitude": 1.5,
               "longitude": 2.5, "futureKey": {"nested": true}},
               "hours": [{"forecastStart": "2026-12-01T13:00:00Z", "pressureTrend": "rising",
                 "precipitationAmountByType": {"rain": 1.0}, "temperature": -2.5}]}}
            """#
        let body = try decode(json)
        #expect(body.forecastHourly?.hours?.first?.temperature == -2.5)
        #expect(body.location?.latitude == 1.5)
    }

    @Test("whole numbers without a decimal point decode as doubles")
    func wholeNumbers() throws {
        let json = #"""
            {"forecastHourly": {"hours": [{"forecastStart": "2026-12-01T13:00:00Z", "temperature": 3,
              "windSpeed": 10, "visibility": 20000, "precipitationChance": 1, "uvIndex": 2}]}}
            """#
        let hour = try #require(try decode(json).forecastHourly?.hours?.first)
        #expect(hour.temperature == 3.0)
        #expect(hour.windSpeed == 10.0)
        #expect(hour.visibility == 20_000.0)
        #expect(hour.precipitationChance == 1.0)
        #expect(hour.uvIndex == 2)
    }

    @Test("an unknown condition code decodes to .unknown and is flagged, never a failure")
    func unknownConditionCode() throws {
        let json = #"{"currentWeather": {"conditionCode": "VolcanicAsh"}}"#
        let code = try #require(try decode(json).currentWeather?.conditionCode)
        #expect(code == .unknown("VolcanicAsh"))
        #expect(code.isUnknown)
        #expect(code.token == "VolcanicAsh")
        #expect(code.label == "Unknown (VolcanicAsh)")
        #expect(code.description == "VolcanicAsh")
    }

    @Test("every known condition token decodes to a known case and back", arguments: ConditionCode.known.keys.sorted())
    func knownConditionCodes(token: String) throws {
        let code = try JSONDecoder().decode(ConditionCode.self, from: Data("\"\(token)\"".utf8))
        #expect(!code.isUnknown)
        #expect(code.token == token)
        #expect(String(decoding: try JSONEncoder().encode(code), as: UTF8.self) == "\"\(token)\"")
    }

    @Test("condition codes are the 34 documented ones")
    func conditionCount() {
        #expect(ConditionCode.known.count == 34)
        #expect(ConditionCode.known["Thunderstorms"] == .thunderstorms)
    }

    @Test(
        "condition labels read as words",
        arguments: [
            (ConditionCode.freezingRain, "Freezing rain"), (.mostlyClear, "Mostly clear"), (.clear, "Clear"),
            (.isolatedThunderstorms, "Isolated thunderstorms"),
        ])
    func labels(code: ConditionCode, label: String) {
        #expect(code.label == label)
    }

    @Test("unknown precipitation types and severities decode to .unknown")
    func unknownOtherEnums() throws {
        let json = #"""
            {"forecastHourly": {"hours": [{"forecastStart": "2026-12-01T13:00:00Z", "precipitationType": "graupel"}]},
             "weatherAlerts": {"alerts": [{"id": "a", "severity": "catastrophic"}]}}
            """#
        let body = try decode(json)
        let type = try #require(body.forecastHourly?.hours?.first?.precipitationType)
        #expect(type == .unknown("graupel"))
        #expect(type.isUnknown)
        let severity = try #require(body.weatherAlerts?.alerts?.first?.severity)
        #expect(severity == .unknown("catastrophic"))
        #expect(severity.rank == 4)
    }

    @Test("alert severities order most severe first")
    func severityOrder() {
        let sorted = [AlertSeverity.minor, .unknown("x"), .extreme, .moderate, .severe].sorted()
        #expect(sorted == [.extreme, .severe, .moderate, .minor, .unknown("x")])
    }

    @Test("a date that is not ISO 8601 is dropped with a warning; the hour stays")
    func badDate() throws {
        let decoded = try WeatherBody.decode(
            Data(#"{"forecastHourly": {"hours": [{"forecastStart": "yesterday", "temperature": 3}]}}"#.utf8))
        let hour = try #require(decoded.response.forecastHourly?.hours?.first)
        #expect(hour.forecastStart == nil)
        #expect(hour.temperature == 3)
        #expect(
            decoded.warnings == [
                #"forecastHourly.hours[0].forecastStart: "yesterday" is not an ISO 8601 date-time; dropped"#
            ])
    }
}

@Suite("WeatherJSON dates")
struct WeatherJSONDateTests {
    @Test(
        "ISO 8601 dates with and without fractional seconds or an offset",
        arguments: [
            ("2023-09-08T22:03:04Z", 1_694_210_584.0),
            ("2023-09-08T22:03:04.722Z", 1_694_210_584.722),
            ("2023-09-08T22:03:04.5Z", 1_694_210_584.5),
            ("2023-09-09T00:03:04+02:00", 1_694_210_584.0),
        ])
    func parse(text: String, seconds: Double) throws {
        let parsed = try #require(WeatherJSON.parseDate(text))
        #expect(abs(parsed.timeIntervalSince1970 - seconds) < 0.001)
    }

    @Test(
        "text that is not a date is refused",
        arguments: ["", "2023-09-08", "22:03:04Z", "2023-13-01T00:00:00Z", "soon"])
    func notADate(text: String) {
        #expect(WeatherJSON.parseDate(text) == nil)
    }

    @Test("fractional seconds survive decoding a body")
    func fractionalInBody() throws {
        let body = try decode(#"{"currentWeather": {"asOf": "2023-09-08T22:03:04.722Z"}}"#)
        let asOf = try #require(body.currentWeather?.asOf)
        #expect(abs(asOf.timeIntervalSince1970 - 1_694_210_584.722) < 0.001)
    }

    @Test("dates are written as whole-second UTC")
    func format() throws {
        #expect(WeatherJSON.formatDate(try date("2026-12-01T08:05:00-05:00")) == "2026-12-01T13:05:00Z")
    }

    @Test("data sets are listed in canonical order; live sets are current weather and alerts")
    func dataSetOrder() {
        #expect([DataSet.weatherAlerts, .forecastHourly, .currentWeather, .forecastDaily].sorted() == DataSet.allCases)
        #expect(DataSet.allCases.filter(\.isLive) == [.currentWeather, .weatherAlerts])
    }
}

@Suite("WeatherJSON fast date path")
struct FastDateTests {
    @Test(
        "the fast path agrees with Foundation's ISO 8601 parser",
        arguments: [
            "2023-09-08T22:03:04Z", "2023-09-08T22:03:04.722Z", "2024-02-29T00:00:00Z", "1970-01-01T00:00:00Z",
            "1969-12-31T23:59:59Z", "2000-03-01T12:00:00Z", "2026-12-01T08:05:00-05:00", "2026-12-01T18:35:00+0530",
            "2099-12-31T23:59:59Z", "1900-02-28T10:00:00Z",
        ])
    func agrees(_ text: String) throws {
        let fast = try #require(WeatherJSON.parseDate(text))
        let foundation =
            (try? Date(text, strategy: .iso8601))
            ?? (try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
        let expected = try #require(foundation)
        #expect(abs(fast.timeIntervalSince(expected)) < 0.0005, "\(text)")
    }
}
