import FleetTestSupport
import FleetWeather
import FleetWeatherKit
import Foundation
import Testing

@Suite("WeatherKit request URLs")
struct WeatherKitURLTests {
    private func client(_ base: String = "https://weatherkit.apple.com", language: String = "en-US") throws
        -> WeatherKitClient
    {
        WeatherKitClient(
            endpoint: try WeatherKitEndpoint(string: base), language: language,
            transport: FakeTransport.always(status: 200), tokens: StaticTokenSource())
    }

    @Test func fullQuery() throws {
        let start = try #require(WeatherJSON.parseDate("2026-03-01T06:00:00.722Z"))
        let query = WeatherQuery(
            latitude: 40.64, longitude: -73.78,
            dataSets: [.weatherAlerts, .forecastHourly, .currentWeather, .forecastHourly],
            hourlyStart: start, hourlyEnd: start.addingTimeInterval(240 * 3600), dailyStart: start,
            dailyEnd: start.addingTimeInterval(10 * 86400), timeZone: "America/New_York", country: "us")
        let url = try client().url(for: query)
        #expect(
            url.absoluteString
                == "https://weatherkit.apple.com/api/v1/weather/en-US/40.64/-73.78"
                + "?dataSets=currentWeather,forecastHourly,weatherAlerts"
                + "&hourlyStart=2026-03-01T06:00:00Z&hourlyEnd=2026-03-11T06:00:00Z"
                + "&dailyStart=2026-03-01T06:00:00Z&dailyEnd=2026-03-11T06:00:00Z"
                + "&timezone=America/New_York&countryCode=US&country=US")
    }

    @Test func minimalQueryHasOnlyDataSets() throws {
        let url = try client().url(for: WeatherQuery(latitude: 0, longitude: 0, dataSets: [.forecastDaily]))
        #expect(url.absoluteString == "https://weatherkit.apple.com/api/v1/weather/en-US/0/0?dataSets=forecastDaily")
    }

    @Test(arguments: [
        (40.71, "40.71"), (-74.01, "-74.01"), (51.5, "51.5"), (12, "12"), (-0.0, "0"), (0.0001, "0.0001"),
        (1e-5, "0.00001"), (1e-7, "0"), (-1e-7, "0"), (179.999999, "179.999999"), (-33.946111, "-33.946111"),
        (0.1 + 0.2, "0.3"),
    ])
    func coordinatesArePlainDecimals(value: Double, text: String) throws {
        let url = try client().url(for: WeatherQuery(latitude: value, longitude: value, dataSets: [.currentWeather]))
        #expect(url.path == "/api/v1/weather/en-US/\(text)/\(text)")
    }

    @Test func plusInTimeZoneIsPercentEncoded() throws {
        let query = WeatherQuery(latitude: 1, longitude: 2, dataSets: [.forecastHourly], timeZone: "Etc/GMT+5")
        let url = try client().url(for: query)
        #expect(url.query == "dataSets=forecastHourly&timezone=Etc/GMT%2B5")
    }

    @Test func basePathAndLanguageArePreserved() throws {
        let url = try client("https://proxy.example.com/wk/", language: "de-DE")
            .url(for: WeatherQuery(latitude: 52.5, longitude: 13.4, dataSets: [.currentWeather]))
        #expect(
            url.absoluteString == "https://proxy.example.com/wk/api/v1/weather/de-DE/52.5/13.4?dataSets=currentWeather")
    }

    @Test func availabilityURL() throws {
        let url = try client().availabilityURL(latitude: 40.71, longitude: -74.01, country: "us")
        #expect(url.absoluteString == "https://weatherkit.apple.com/api/v1/availability/40.71/-74.01?country=US")
        let bare = try client().availabilityURL(latitude: 1, longitude: 2, country: nil)
        #expect(bare.absoluteString == "https://weatherkit.apple.com/api/v1/availability/1/2")
    }
}
