import FleetTestSupport
import FleetWeather
import FleetWeatherKit
import Foundation
import Testing

/// A body whose hourly forecast has `hours` (raw JSON objects) and metadata at a place.
private func hourly(latitude: String = "40.64", longitude: String = "-73.78", hours: [String]) -> Data {
    let meta = #"{"latitude":\#(latitude),"longitude":\#(longitude)}"#
    return Data(#"{"forecastHourly":{"metadata":\#(meta),"hours":[\#(hours.joined(separator: ","))]}}"#.utf8)
}

@Suite("WeatherBody: years outside 2000–2100 are refused")
struct BodyYearTests {
    @Test(
        "a date whose year fleetwx does not brief is dropped with the reason",
        arguments: [
            "0000-12-31T18:00:00Z", "0001-01-01T00:00:00Z", "1999-12-31T23:00:00Z", "2101-01-01T00:00:00Z",
            "9999-12-31T23:00:00Z",
        ])
    func outsideYears(_ text: String) throws {
        let decoded = try WeatherBody.decode(
            hourly(hours: [#"{"forecastStart":"2026-12-01T10:00:00Z"}"#, #"{"forecastStart":"\#(text)"}"#]))
        let hours = try #require(decoded.response.forecastHourly?.hours)
        #expect(hours.count == 2)
        #expect(hours[1].forecastStart == nil)
        #expect(
            decoded.warnings == [
                "forecastHourly.hours[1].forecastStart: \"\(text)\" is outside 2000–2100, the years fleetwx briefs; dropped"
            ])
    }

    @Test(
        "the first and last instants of 2000–2100 are kept",
        arguments: ["2000-01-01T00:00:00Z", "2100-12-31T23:00:00Z"])
    func insideYears(_ text: String) throws {
        let decoded = try WeatherBody.decode(hourly(hours: [#"{"forecastStart":"\#(text)"}"#]))
        #expect(decoded.warnings.isEmpty, "\(decoded.warnings)")
        #expect(decoded.response.forecastHourly?.hours?.first?.forecastStart == WeatherFixtures.date(text))
    }

    @Test("an offset that moves a time out of 2100 is refused too")
    func offsetAcrossTheEnd() throws {
        let decoded = try WeatherBody.decode(hourly(hours: [#"{"forecastStart":"2100-12-31T23:00:00-05:00"}"#]))
        #expect(decoded.response.forecastHourly?.hours?.first?.forecastStart == nil)
        #expect(decoded.warnings.first?.contains("outside 2000–2100") == true, "\(decoded.warnings)")
    }

    @Test("metadata times are checked alike")
    func metadataTimes() throws {
        let body =
            #"{"forecastHourly":{"metadata":{"latitude":1,"longitude":2,"readTime":"0000-01-01T00:00:00Z"},"hours":[]}}"#
        let decoded = try WeatherBody.decode(Data(body.utf8))
        #expect(decoded.response.forecastHourly?.metadata?.readTime == nil)
        #expect(decoded.warnings.first?.hasPrefix("forecastHourly.metadata.readTime: \"0000-01-01T00:00:00Z\"") == true)
    }
}

@Suite("WeatherBody: a data set whose place is unusable is refused")
struct BodyUnusablePlaceTests {
    @Test(
        "latitude 999, longitude 500 or text coordinates drop the data set, not only the value",
        arguments: [("999", "-73.78"), ("40.64", "500"), (#""NaN""#, "-73.78"), ("40.64", #""east""#)])
    func unusableCoordinates(latitude: String, longitude: String) throws {
        let daily = #""forecastDaily":{"metadata":{"latitude":40.64,"longitude":-73.78},"days":[]}"#
        let hourly = #""forecastHourly":{"metadata":{"latitude":\#(latitude),"longitude":\#(longitude)},"hours":[]}"#
        let decoded = try WeatherBody.decode(Data("{\(hourly),\(daily)}".utf8))
        #expect(decoded.response.dataSets == [.forecastDaily])
        #expect(
            decoded.warnings.contains {
                $0.hasPrefix("forecastHourly: its metadata") && $0.contains("place is unknown; data set dropped")
            }, "\(decoded.warnings)")
        #expect(decoded.warnings.count == 1, "\(decoded.warnings)")
    }

    @Test("latitude 999 is one warning, the one that drops the data set (not also a dropped value)")
    func oneWarningPerValue() throws {
        let decoded = try WeatherBody.decode(hourly(latitude: "999", hours: []))
        #expect(decoded.response.dataSets.isEmpty)
        #expect(
            decoded.warnings == [
                "forecastHourly: its metadata.latitude 999 is outside -90…90, so its place is unknown; data set dropped"
            ], "\(decoded.warnings)")
    }

    @Test("a body whose only data set has latitude 999 keeps nothing")
    func onlyDataSet() throws {
        let decoded = try WeatherBody.decode(
            hourly(latitude: "999", hours: [#"{"forecastStart":"2026-12-01T10:00:00Z"}"#]))
        #expect(decoded.response.dataSets.isEmpty)
        #expect(decoded.response.location == nil)
    }

    @Test("metadata without coordinates is kept (alert metadata may have none)")
    func noCoordinates() throws {
        let body = #"{"forecastHourly":{"metadata":{"units":"m"},"hours":[]}}"#
        let decoded = try WeatherBody.decode(Data(body.utf8))
        #expect(decoded.response.dataSets == [.forecastHourly])
        #expect(decoded.warnings.isEmpty)
    }
}

@Suite("WeatherBody: unusable values are remembered on their hour")
struct BodyDroppedValueTests {
    @Test("an hour records the members whose values were dropped, so the briefing can tell")
    func droppedMembersAreNamed() throws {
        let decoded = try WeatherBody.decode(
            hourly(hours: [
                #"{"forecastStart":"2026-12-01T10:00:00Z","precipitationChance":1e12,"windSpeed":1e20,"temperature":5}"#,
                #"{"forecastStart":"2026-12-01T11:00:00Z","temperature":5}"#,
            ]))
        let hours = try #require(decoded.response.forecastHourly?.hours)
        #expect(hours[0].droppedValues == ["precipitationChance", "windSpeed"])
        #expect(hours[1].droppedValues == nil)
        #expect(hours[0].temperature == 5)
    }
}

@Suite("WeatherKitClient: an answer for another place is refused")
struct WrongPlaceAnswerTests {
    private func client(body: String) throws -> WeatherKitClient {
        WeatherKitClient(
            endpoint: try WeatherKitEndpoint(string: "https://weatherkit.apple.com"),
            language: "en-US", transport: FakeTransport.always(status: 200, body: body), tokens: StaticTokenSource())
    }

    private func body(latitude: Double, longitude: Double) -> String {
        body(latitude: "\(latitude)", longitude: "\(longitude)")
    }

    private func body(latitude: String, longitude: String) -> String {
        #"{"forecastHourly":{"metadata":{"latitude":\#(latitude),"longitude":\#(longitude)},"hours":[{"forecastStart":"2026-12-01T10:00:00Z","temperature":5}]}}"#
    }

    private let query = WeatherQuery(latitude: 40.64, longitude: -73.78, dataSets: [.forecastHourly])

    @Test("a body 10° away from the requested cell is refused, naming both places")
    func tenDegreesAway() async throws {
        let error = await #expect(throws: WeatherKitError.self) {
            try await (try client(body: body(latitude: 50.64, longitude: -73.78))).fetchWeather(query)
        }
        let text = error?.description ?? ""
        #expect(text.contains("50.64,-73.78") && text.contains("40.64,-73.78"), "\(text)")
        #expect(text.contains("not the requested place"), "\(text)")
        #expect(error?.isRetryable == false)
    }

    @Test(
        "the requested place rounded to three decimals is accepted",
        arguments: [(40.6405, -73.7795), (40.64, -73.78), (40.6395, -73.7805)])
    func roundedPlace(latitude: Double, longitude: Double) async throws {
        let fetched = try await (try client(body: body(latitude: latitude, longitude: longitude))).fetchWeather(query)
        #expect(fetched.response.forecastHourly?.hours?.count == 1)
    }

    @Test(
        "the next cell of the finest grid (0.001° away) is another place",
        arguments: [(40.641, -73.78), (40.64, -73.779), (40.639, -73.781)])
    func nextCell(latitude: Double, longitude: Double) async throws {
        let error = await #expect(throws: WeatherKitError.self) {
            try await (try client(body: body(latitude: latitude, longitude: longitude))).fetchWeather(query)
        }
        #expect(error?.description.contains("not the requested place") == true, "\(String(describing: error))")
    }

    @Test("an answer whose every data set has latitude 999 is refused with the reason, bounded")
    func unusablePlaceEverywhere() async throws {
        let error = await #expect(throws: WeatherKitError.self) {
            try await (try client(body: body(latitude: 999, longitude: -73.78))).fetchWeather(query)
        }
        let text = error?.description ?? ""
        #expect(text.contains("none of the requested data sets is in the body"), "\(text)")
        #expect(text.contains("forecastHourly: its metadata") && text.contains("place is unknown"), "\(text)")
        let huge = String(repeating: "9", count: 100_000)
        let long = await #expect(throws: WeatherKitError.self) {
            try await (try client(body: body(latitude: huge, longitude: "-73.78"))).fetchWeather(query)
        }
        #expect((long?.description.utf8.count ?? 0) < 1_000, "\(long?.description.utf8.count ?? 0) bytes")
    }

    @Test("0.002° away is another place")
    func justBeyond() async throws {
        await #expect(throws: WeatherKitError.self) {
            try await (try client(body: body(latitude: 40.642, longitude: -73.78))).fetchWeather(query)
        }
    }
}
