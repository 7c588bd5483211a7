import FleetAirports
import FleetBriefing
import FleetPlan
import FleetSchedule
import FleetTestSupport
import FleetWeather
import Foundation
import Testing

/// What an end keeps besides its headline hour: the window's hours and each hour's own
/// hazards (so pages can name the hour of a hazard), the local day of `forecastDaily` and
/// whether the scheduled time is dark.
@Suite("Briefing window, day and darkness")
struct WindowAndDayTests {
    /// A Frankfurt-like local day: starts 23:00Z, sunrise 06:45Z, sunset 15:20Z.
    static func day(_ start: String, max: Double? = 7.6, min: Double? = -2.4) -> DayWeather {
        let from = WeatherFixtures.date(start)
        var day = DayWeather(forecastStart: from, forecastEnd: from.addingTimeInterval(24 * 3600))
        day.temperatureMax = max
        day.temperatureMin = min
        day.sunrise = from.addingTimeInterval(7 * 3600 + 45 * 60)
        day.sunset = from.addingTimeInterval(16 * 3600 + 20 * 60)
        return day
    }

    static func weather(freezingAt badHour: Int?) -> CellWeather {
        var weather = WeatherFixtures.weather(
            hours: WeatherFixtures.hours(from: briefingNow, count: 30) { index, hour in
                if index == badHour {
                    hour.conditionCode = .freezingDrizzle
                    hour.temperature = -1
                }
            }, alerts: [])
        weather.days = [day("2026-11-30T23:00:00Z"), day("2026-12-01T23:00:00Z")]
        return weather
    }

    func end(_ weather: CellWeather, at time: String) throws -> EndBriefing {
        let airport = TestFlights.airport("FRA")
        let report = try fetch([("FRA", weather, .fetched)])
        return try briefer().end(airport: airport, time: WeatherFixtures.date(time), fetch: report)
    }

    @Test("a hazard an hour before the scheduled time is kept with its own hour, beside the window's hours")
    func hazardKeepsItsHour() throws {
        let end = try end(Self.weather(freezingAt: 8), at: "2026-12-01T09:05:00Z")
        let eight = WeatherFixtures.date("2026-12-01T08:00:00Z")
        #expect(end.window.compactMap(\.forecastStart) == [eight, eight + 3600, eight + 7200])
        #expect(end.windowHazards.contains { $0.kind == .freezingPrecipitation && $0.hour == eight })
        #expect(!end.windowHazards.contains { $0.hour == eight + 3600 })
        #expect(end.hour?.conditionCode == .clear)
        #expect(end.windowHour(at: eight)?.conditionCode == .freezingDrizzle)
    }

    @Test("the day is the forecastDaily day whose span holds the scheduled time")
    func localDay() throws {
        let weather = Self.weather(freezingAt: nil)
        #expect(weather.day(containing: WeatherFixtures.date("2026-11-30T22:59:00Z")) == nil)
        let first = try #require(weather.day(containing: WeatherFixtures.date("2026-11-30T23:00:00Z")))
        #expect(first.forecastStart == WeatherFixtures.date("2026-11-30T23:00:00Z"))
        let second = try #require(weather.day(containing: WeatherFixtures.date("2026-12-02T22:59:59Z")))
        #expect(second.forecastStart == WeatherFixtures.date("2026-12-01T23:00:00Z"))
        #expect(weather.day(containing: WeatherFixtures.date("2026-12-02T23:00:00Z")) == nil)
        let end = try end(weather, at: "2026-12-01T23:30:00Z")
        #expect(end.day?.forecastStart == WeatherFixtures.date("2026-12-01T23:00:00Z"))
    }

    @Test(
        "darkness comes from the day's sunrise and sunset",
        arguments: [
            ("2026-12-01T06:00:00Z", true), ("2026-12-01T06:44:59Z", true), ("2026-12-01T06:45:00Z", false),
            ("2026-12-01T15:19:00Z", false), ("2026-12-01T15:20:00Z", true), ("2026-12-01T21:00:00Z", true),
        ])
    func darkness(time: String, dark: Bool) throws {
        #expect(try end(Self.weather(freezingAt: nil), at: time).isDark == dark)
    }

    @Test("without sunrise or sunset (polar night) darkness falls back to the hour's daylight flag")
    func polarNight() throws {
        var weather = Self.weather(freezingAt: nil)
        weather.days = weather.days.map { day in
            var day = day
            day.sunrise = nil
            day.sunset = nil
            return day
        }
        #expect(try end(weather, at: "2026-12-01T12:00:00Z").isDark == nil)
        weather.hours = weather.hours.map { hour in
            var hour = hour
            hour.daylight = false
            return hour
        }
        #expect(try end(weather, at: "2026-12-01T12:00:00Z").isDark == true)
    }

    @Test("an end without its hour keeps its day; alerts are known only with the alerts data set")
    func missingHourKeepsDay() throws {
        var weather = Self.weather(freezingAt: nil)
        weather.hours = []
        let end = try end(weather, at: "2026-12-01T12:00:00Z")
        #expect(!end.data.hasWeather)
        #expect(end.day?.temperatureMax == 7.6)
        #expect(end.alertsKnown)
        weather.dataSets.remove(.weatherAlerts)
        #expect(try !self.end(weather, at: "2026-12-01T12:00:00Z").alertsKnown)
    }

    @Test("two rules naming one kind in one hour make one hazard, the worse, with both pieces of evidence")
    func onePerKindAndHour() throws {
        var weather = Self.weather(freezingAt: 8)
        weather.hours = weather.hours.map { hour in
            var hour = hour
            if hour.conditionCode == .freezingDrizzle {
                hour.precipitationType = .rain
                hour.precipitationChance = 0.7
            }
            return hour
        }
        let end = try end(weather, at: "2026-12-01T09:05:00Z")
        let eight = WeatherFixtures.date("2026-12-01T08:00:00Z")
        let freezing = end.windowHazards.filter { $0.kind == .freezingPrecipitation && $0.hour == eight }
        #expect(freezing.count == 1)
        #expect(freezing.first?.risk == .red)
        #expect(freezing.first?.detail.contains("; ") == true, "\(freezing)")
    }
}
