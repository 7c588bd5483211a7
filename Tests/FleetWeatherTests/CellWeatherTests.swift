import FleetTestSupport
import FleetWeather
import Foundation
import Testing

private func date(_ text: String) -> Date { WeatherFixtures.date(text) }

private let start = date("2026-12-01T10:00:00Z")

/// Hours `from..<to` after `start`, each with its index as temperature plus `offset`.
private func hours(_ range: Range<Int>, offset: Double = 0) -> [HourWeather] {
    range.map { index in
        WeatherFixtures.hour(start.addingTimeInterval(Double(index) * 3600), temperature: Double(index) + offset)
    }
}

private func body(
    hours: [HourWeather]? = nil, alerts: [WeatherAlertSummary]? = nil, alertsURL: String? = nil,
    forecastURL: String? = nil, readTime: Date? = nil, expireTime: Date? = nil, current: CurrentWeather? = nil
) -> WeatherResponse {
    var response = WeatherResponse()
    if let hours {
        let meta = WeatherFixtures.metadata(
            latitude: 1, longitude: 2, readTime: readTime, expireTime: expireTime, attributionURL: forecastURL)
        response.forecastHourly = HourlyForecast(metadata: meta, hours: hours)
    }
    if let alerts {
        let meta = WeatherFixtures.metadata(
            latitude: 1, longitude: 2, readTime: readTime, expireTime: expireTime, attributionURL: alertsURL)
        response.weatherAlerts = WeatherAlertCollection(metadata: meta, detailsUrl: alertsURL, alerts: alerts)
    }
    response.currentWeather = current
    return response
}

@Suite("CellWeather.merge")
struct CellWeatherMergeTests {
    @Test("hours from two bodies are merged by start, sorted, the later body winning an overlap")
    func hoursMerged() {
        var weather = CellWeather()
        weather.merge(body(hours: hours(4..<10, offset: 100)))
        weather.merge(body(hours: hours(0..<6)))
        #expect(weather.hours.count == 10)
        #expect(weather.hours.map(\.forecastStart) == (0..<10).map { start.addingTimeInterval(Double($0) * 3600) })
        #expect(weather.hours.map(\.temperature) == [0, 1, 2, 3, 4, 5, 106, 107, 108, 109])
        #expect(weather.dataSets == [.forecastHourly])
    }

    @Test("hours without a start are dropped")
    func hoursWithoutStart() {
        var weather = CellWeather()
        weather.merge(body(hours: [HourWeather(forecastStart: nil)] + hours(0..<2)))
        #expect(weather.hours.count == 2)
    }

    @Test("daily forecasts merge by start too")
    func daysMerged() {
        func day(_ offset: Int) -> DayWeather {
            let from = start.addingTimeInterval(Double(offset) * 86_400)
            return DayWeather(forecastStart: from, forecastEnd: from.addingTimeInterval(86_400))
        }
        var weather = CellWeather()
        weather.merge(WeatherResponse(forecastDaily: DailyForecast(days: [day(2), day(1)])))
        weather.merge(WeatherResponse(forecastDaily: DailyForecast(days: [day(1), day(0)])))
        #expect(weather.days.map(\.forecastStart) == [day(0), day(1), day(2)].map(\.forecastStart))
        #expect(weather.dataSets == [.forecastDaily])
    }

    @Test("alerts are de-duplicated by id; alerts without an id are kept")
    func alertsDeduplicated() {
        let a = WeatherFixtures.alert(id: "a", severity: .minor, from: nil, until: nil)
        let b = WeatherFixtures.alert(id: "b", severity: .severe, from: nil, until: nil)
        let c = WeatherFixtures.alert(id: "c", severity: .moderate, from: nil, until: nil)
        var anonymous = WeatherFixtures.alert(id: "x", severity: .minor, from: nil, until: nil)
        anonymous.id = nil
        var weather = CellWeather()
        weather.merge(body(alerts: [a, b]))
        weather.merge(body(alerts: [b, c, anonymous]))
        weather.merge(body(alerts: [anonymous]))
        #expect(weather.alerts.map(\.id) == ["a", "b", "c", nil, nil])
        #expect(weather.dataSets == [.weatherAlerts])
    }

    @Test("the first alerts details link is kept")
    func alertsDetailsURL() {
        var weather = CellWeather()
        weather.merge(body(alerts: [], alertsURL: "https://first.example"))
        weather.merge(body(alerts: [], alertsURL: "https://second.example"))
        #expect(weather.alertsDetailsURL == "https://first.example")
    }

    @Test("a forecast's attribution link replaces one taken from alerts, whichever came first")
    func attributionPreference() {
        var alertsFirst = CellWeather()
        alertsFirst.merge(body(alerts: [], alertsURL: "https://alerts.apple.com/"))
        #expect(alertsFirst.attributionURL == "https://alerts.apple.com/")
        alertsFirst.merge(body(hours: hours(0..<1), forecastURL: "https://forecast.apple.com/"))
        #expect(alertsFirst.attributionURL == "https://forecast.apple.com/")

        var forecastFirst = CellWeather()
        forecastFirst.merge(body(hours: hours(0..<1), forecastURL: "https://forecast.apple.com/"))
        forecastFirst.merge(body(alerts: [], alertsURL: "https://alerts.apple.com/"))
        #expect(forecastFirst.attributionURL == "https://forecast.apple.com/")

        var twoForecasts = CellWeather()
        twoForecasts.merge(body(hours: hours(0..<1), forecastURL: "https://one.apple.com/"))
        twoForecasts.merge(body(hours: hours(1..<2), forecastURL: "https://two.apple.com/"))
        #expect(twoForecasts.attributionURL == "https://one.apple.com/")
    }

    @Test("a link that is not an https Apple link is never the cell's attribution link")
    func hostileAttributionIgnored() {
        var weather = CellWeather()
        weather.merge(body(hours: hours(0..<1), forecastURL: "http://evil.example/"))
        weather.merge(body(alerts: [], alertsURL: "https://apple.com.evil.example/"))
        #expect(weather.attributionURL == nil)
        weather.merge(body(hours: hours(1..<2), forecastURL: "https://weatherkit.apple.com/legal-attribution.html"))
        #expect(weather.attributionURL == "https://weatherkit.apple.com/legal-attribution.html")
    }

    @Test("read time is the oldest, expiry the soonest")
    func times() {
        var weather = CellWeather()
        weather.merge(
            body(
                hours: hours(0..<1), readTime: date("2026-12-01T05:00:00Z"), expireTime: date("2026-12-01T07:00:00Z")))
        weather.merge(
            body(
                hours: hours(1..<2), readTime: date("2026-12-01T04:00:00Z"), expireTime: date("2026-12-01T08:00:00Z")))
        #expect(weather.readTime == date("2026-12-01T04:00:00Z"))
        #expect(weather.expireTime == date("2026-12-01T07:00:00Z"))
    }

    @Test("the most recent current conditions are kept")
    func current() {
        var older = CurrentWeather(asOf: date("2026-12-01T05:00:00Z"))
        older.temperature = 1
        var newer = CurrentWeather(asOf: date("2026-12-01T06:00:00Z"))
        newer.temperature = 2
        var weather = CellWeather()
        weather.merge(body(current: newer))
        weather.merge(body(current: older))
        #expect(weather.current?.temperature == 2)
        #expect(weather.dataSets == [.currentWeather])
    }

    @Test("merging the recorded bodies of one place gives every data set")
    func recordedBodies() throws {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
        var weather = CellWeather()
        for name in ["real-1-home-assistant.json", "real-3-alerts-nws.json"] {
            let data = try Data(contentsOf: directory.appendingPathComponent(name))
            weather.merge(try WeatherBody.decode(data).response)
        }
        #expect(weather.dataSets == Set(DataSet.allCases))
        #expect(weather.hours.count == 2)
        #expect(weather.alerts.count == 1)
        #expect(weather.attributionURL == "https://developer.apple.com/weatherkit/data-source-attribution/")
        #expect(weather.readTime == WeatherJSON.parseDate("2022-11-11T12:42:49Z"))
    }
}

@Suite("CellWeather.hour(containing:)")
struct HourContainingTests {
    static let weather: CellWeather = {
        var weather = CellWeather()
        // Hours 0, 1, 2 and 4 after `start` (hour 3 is missing).
        weather.merge(body(hours: hours(0..<3) + hours(4..<5)))
        return weather
    }()

    static let inside: [(String, TimeInterval, Double)] = [
        ("exactly the first start", 0, 0),
        ("inside the first hour", 5 * 60, 0),
        ("one second before the next hour", 3599, 0),
        ("exactly the second start", 3600, 1),
        ("inside the last consecutive hour", 2 * 3600 + 1800, 2),
        ("inside the hour after a gap", 4 * 3600 + 60, 4),
        ("last second of the last hour", 5 * 3600 - 1, 4),
    ]

    @Test("the hour whose start is at or before the time and which covers it", arguments: inside)
    func found(name: String, offset: TimeInterval, expected: Double) {
        let hour = Self.weather.hour(containing: start.addingTimeInterval(offset))
        #expect(hour?.temperature == expected, "\(name)")
    }

    static let outside: [(String, TimeInterval)] = [
        ("one second before the first", -1), ("a day before", -86_400), ("in the missing hour", 3 * 3600 + 1),
        ("start of the missing hour", 3 * 3600), ("end of the last hour", 5 * 3600), ("a day after", 86_400),
    ]

    @Test("no hour before the first, in a gap, or at or after the end of the last", arguments: outside)
    func notFound(name: String, offset: TimeInterval) {
        #expect(Self.weather.hour(containing: start.addingTimeInterval(offset)) == nil, "\(name)")
    }

    @Test("empty weather has no hours")
    func empty() {
        #expect(CellWeather().hour(containing: start) == nil)
    }

    @Test("hours(from:to:) includes both ends")
    func hoursBetween() {
        let between = Self.weather.hours(from: start.addingTimeInterval(3600), to: start.addingTimeInterval(4 * 3600))
        #expect(between.map(\.temperature) == [1, 2, 4])
    }

    @Test(
        "hours(from:to:) at the edges: before the first, after the last, between hours, empty",
        arguments: [(-10.0, 100.0, [0.0, 1, 2, 4]), (-10, -1, []), (100, 200, []), (0.5, 1.5, [1]), (2.5, 3.5, [])])
    func hoursBetweenEdges(from: Double, to: Double, expected: [Double]) {
        let found = Self.weather.hours(
            from: start.addingTimeInterval(from * 3600), to: start.addingTimeInterval(to * 3600))
        #expect(found.map(\.temperature) == expected)
        #expect(CellWeather().hours(from: start, to: start.addingTimeInterval(3600)).isEmpty)
    }
}
