import FleetFetch
import FleetPlan
import FleetTestSupport
import FleetWeather
import FleetWeatherKit
import Foundation
import Testing

private func date(_ text: String) -> Date { WeatherFixtures.date(text) }

/// A body at JFK's cell centre with `count` hours from `from`, each at `temperature`.
private func jfk(from: String = "2026-12-01T10:00:00Z", count: Int = 6, temperature: Double = 15) -> WeatherResponse {
    WeatherFixtures.response(
        latitude: 40.64, longitude: -73.78,
        hours: WeatherFixtures.hours(from: date(from), count: count) { _, hour in hour.temperature = temperature })
}

/// Weather that contradicts its location, in a replay folder: two recordings of one place
/// that disagree, a file named for one place holding another's weather.
@Suite("ReplaySource: recordings that contradict each other or their names")
struct ReplayConflictTests {
    @Test("two recordings of one place with different hours: those hours are refused, both files are named")
    func conflictingRecordings() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try record(jfk(count: 6, temperature: 15), as: "jfk-monday.json", in: directory)
        // Overlaps hours 13:00–15:00 with other values, and adds 16:00–18:00.
        try record(jfk(from: "2026-12-01T13:00:00Z", count: 6, temperature: -3), as: "jfk-tuesday.json", in: directory)
        let replay = try ReplaySource(directory: directory.url, grid: Grid())
        let weather = try #require(replay.weather[text: "40.64,-73.78"])
        let starts = weather.hours.compactMap(\.forecastStart)
        #expect(starts.count == 6, "\(starts)")
        #expect(!starts.contains(date("2026-12-01T13:00:00Z")))
        #expect(!starts.contains(date("2026-12-01T15:00:00Z")))
        #expect(weather.hour(containing: date("2026-12-01T10:30:00Z"))?.temperature == 15)
        #expect(weather.hour(containing: date("2026-12-01T17:30:00Z"))?.temperature == -3)
        let warning = try #require(replay.problems.first { $0.contains("jfk-monday.json") }, "\(replay.problems)")
        #expect(warning.contains("jfk-tuesday.json"), "\(warning)")
        #expect(warning.contains("40.64,-73.78"), "\(warning)")
        #expect(warning.contains("3 hours"), "\(warning)")
        #expect(warning.contains("2026-12-01T13:00:00Z"), "\(warning)")
        #expect(warning.contains("neither"), "\(warning)")
    }

    @Test("the same recording twice is no conflict")
    func identicalCopies() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try record(jfk(), as: "a.json", in: directory)
        try record(jfk(), as: "b.json", in: directory)
        let replay = try ReplaySource(directory: directory.url, grid: Grid())
        #expect(replay.problems.isEmpty, "\(replay.problems)")
        #expect(replay.weather[text: "40.64,-73.78"]?.hours.count == 6)
    }

    @Test("the parts of one long window do not overlap and are no conflict")
    func partsOfOneWindow() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try record(jfk(from: "2026-12-01T00:00:00Z", count: 240), as: "wx_40.64_-73.78.json", in: directory)
        try record(jfk(from: "2026-12-11T00:00:00Z", count: 24), as: "wx_40.64_-73.78_1.json", in: directory)
        let replay = try ReplaySource(directory: directory.url, grid: Grid())
        #expect(replay.problems.isEmpty, "\(replay.problems)")
        #expect(replay.weather[text: "40.64,-73.78"]?.hours.count == 264)
    }

    @Test("current conditions of one instant recorded twice with different values are refused")
    func conflictingCurrentConditions() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        for (name, temperature) in [("a.json", 1.0), ("b.json", 30.0)] {
            var current = CurrentWeather()
            current.asOf = date("2026-12-01T04:00:00Z")
            current.temperature = temperature
            var body = jfk()
            body.currentWeather = current
            body.currentWeather?.metadata = body.forecastHourly?.metadata
            try record(body, as: name, in: directory)
        }
        let replay = try ReplaySource(directory: directory.url, grid: Grid())
        let weather = try #require(replay.weather[text: "40.64,-73.78"])
        #expect(weather.current == nil)
        #expect(weather.hours.count == 6)
        #expect(replay.problems.contains { $0.contains("a.json and b.json") && $0.contains("currentWeather") })
    }

    @Test("a file named for one place whose body is for another is skipped with both places named")
    func nameAndBodyDisagree() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // Chicago's weather under JFK's recording name.
        let chicago = WeatherFixtures.response(
            latitude: 41.98, longitude: -87.9,
            hours: WeatherFixtures.hours(from: date("2026-12-01T10:00:00Z"), count: 6))
        try record(chicago, as: "wx_40.64_-73.78.json", in: directory)
        try record(jfk(), as: "wx_40.64_-73.78_1.json", in: directory)
        let replay = try ReplaySource(directory: directory.url, grid: Grid())
        #expect(replay.fileCount == 1)
        #expect(replay.weather[text: "41.98,-87.90"] == nil)
        #expect(replay.weather[text: "40.64,-73.78"]?.hours.count == 6)
        let problem = try #require(replay.problems.first, "\(replay.problems)")
        #expect(problem.hasPrefix("wx_40.64_-73.78.json: "), "\(problem)")
        #expect(problem.contains("40.64,-73.78") && problem.contains("41.98,-87.9"), "\(problem)")
        #expect(problem.contains("skipped"), "\(problem)")
    }

    @Test("a recording name matching its body to three decimals, or not in the recorder's form, is accepted")
    func namesThatAgree() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try record(
            WeatherFixtures.response(
                latitude: 40.6405, longitude: -73.7795,
                hours: WeatherFixtures.hours(from: date("2026-12-01T10:00:00Z"), count: 2)),
            as: "wx_40.64_-73.78.json", in: directory)
        try record(
            WeatherFixtures.response(
                latitude: 51.47, longitude: -0.46,
                hours: WeatherFixtures.hours(from: date("2026-12-01T10:00:00Z"), count: 2)),
            as: "wx_heathrow.json", in: directory)
        let replay = try ReplaySource(directory: directory.url, grid: Grid())
        #expect(replay.problems.isEmpty, "\(replay.problems)")
        #expect(replay.fileCount == 2)
    }
}

extension Dictionary where Key == CellKey {
    /// The value for the cell whose key reads `text` (`40.64,-73.78`).
    subscript(text text: String) -> Value? { first { $0.key.text == text }?.value }
}
