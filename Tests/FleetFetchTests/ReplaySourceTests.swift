import FleetAirports
import FleetFetch
import FleetPlan
import FleetSchedule
import FleetTestSupport
import FleetWeather
import FleetWeatherKit
import Foundation
import Testing

private func date(_ text: String) -> Date { WeatherFixtures.date(text) }

/// Writes a body as a recording would (shared by the replay suites of this module).
func record(_ body: WeatherResponse, as name: String, in directory: TemporaryDirectory) throws {
    try WeatherJSON.encoder().encode(body).write(to: directory.file(name))
}

/// A body at an airport's own (unrounded) coordinates with `count` hours from `from`.
private func body(at code: String, from: String = "2026-12-01T10:00:00Z", count: Int = 6) -> WeatherResponse {
    let airport = TestFlights.airport(code)
    return WeatherFixtures.response(
        latitude: airport.latitude, longitude: airport.longitude,
        hours: WeatherFixtures.hours(from: date(from), count: count))
}

/// The cell of a test airport.
private func cell(_ code: String) throws -> CellKey {
    let airport = TestFlights.airport(code)
    return try Grid().key(latitude: airport.latitude, longitude: airport.longitude)
}

@Suite("ReplaySource")
struct ReplaySourceTests {
    @Test("each body is mapped to the cell of the location in its metadata, whatever its file name")
    func mapsByLocation() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try record(body(at: "JFK"), as: "a.json", in: directory)
        try record(body(at: "MLH"), as: "zzz-not-basel.json", in: directory)
        let replay = try ReplaySource(directory: directory.url, grid: Grid())
        #expect(replay.fileCount == 2)
        #expect(replay.problems.isEmpty)
        #expect(Set(replay.weather.keys) == [try cell("JFK"), try cell("BSL")])
        #expect(replay.weather[try cell("BSL")]?.hours.count == 6)
    }

    @Test("two bodies for one cell are merged")
    func mergesBodiesOfOneCell() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try record(body(at: "BSL", from: "2026-12-01T00:00:00Z", count: 240), as: "part0.json", in: directory)
        try record(body(at: "MLH", from: "2026-12-11T00:00:00Z", count: 24), as: "part1.json", in: directory)
        let replay = try ReplaySource(directory: directory.url, grid: Grid())
        #expect(replay.fileCount == 2)
        let weather = try #require(replay.weather[try cell("BSL")])
        #expect(weather.hours.count == 264)
        #expect(weather.hour(containing: date("2026-12-11T05:30:00Z")) != nil)
    }

    @Test("an undecodable file is a problem, not a failure, and the rest still loads")
    func undecodableFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try record(body(at: "JFK"), as: "good.json", in: directory)
        try directory.write("{ this is not json", to: "broken.json")
        try directory.write("[1, 2, 3]", to: "array.json")
        try directory.write(#"{"forecastHourly": [{"forecastStart": "soon"}]}"#, to: "wrong-shape.json")
        let replay = try ReplaySource(directory: directory.url, grid: Grid())
        #expect(replay.fileCount == 1)
        #expect(replay.weather.count == 1)
        #expect(replay.problems.count == 3)
        for name in ["broken.json", "array.json", "wrong-shape.json"] {
            #expect(replay.problems.contains { $0.hasPrefix(name) && $0.contains("not a WeatherKit weather body") })
        }
    }

    @Test("a recording with an odd value is used, the value dropped and named in a problem")
    func oddValueKeepsTheFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let text = String(decoding: try WeatherJSON.encoder().encode(body(at: "JFK")), as: UTF8.self)
            .replacingOccurrences(of: #""temperature":15"#, with: #""temperature":15,"uvIndex":4.5"#)
        try directory.write(text, to: "jfk.json")
        let replay = try ReplaySource(directory: directory.url, grid: Grid())
        #expect(replay.fileCount == 1)
        #expect(replay.weather[try cell("JFK")]?.hours.count == 6)
        #expect(
            replay.problems == [
                "jfk.json: forecastHourly.hours[0].uvIndex: 4.5 is not a whole number; dropped (and 5 more like it)"
            ])
    }

    @Test("alerts recorded for London in a Copenhagen body are not put on Copenhagen's flights")
    func alertsForAnotherPlace() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let copenhagen = TestFlights.airport("CPH")
        var recorded = WeatherFixtures.response(
            latitude: copenhagen.latitude, longitude: copenhagen.longitude,
            hours: WeatherFixtures.hours(from: date("2026-12-01T10:00:00Z"), count: 6))
        let alert = WeatherFixtures.alert(id: "storm", severity: .severe, from: nil, until: nil)
        recorded.weatherAlerts = WeatherAlertCollection(
            metadata: WeatherFixtures.metadata(latitude: 51.507, longitude: -0.128), alerts: [alert])
        try record(recorded, as: "cph.json", in: directory)
        let replay = try ReplaySource(directory: directory.url, grid: Grid())
        let weather = try #require(replay.weather[try cell("CPH")])
        #expect(weather.alerts.isEmpty)
        #expect(weather.hours.count == 6)
        #expect(replay.problems.count == 1)
        #expect(replay.problems.first?.hasPrefix("cph.json: weatherAlerts: its location 51.507,-0.128") == true)
    }

    @Test("a body without a location is reported")
    func bodyWithoutLocation() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let nowhere = WeatherFixtures.response(
            latitude: nil, longitude: nil, hours: WeatherFixtures.hours(from: date("2026-12-01T00:00:00Z"), count: 2))
        try record(nowhere, as: "nowhere.json", in: directory)
        let replay = try ReplaySource(directory: directory.url, grid: Grid())
        #expect(replay.fileCount == 0)
        #expect(replay.weather.isEmpty)
        #expect(replay.problems.count == 1)
        #expect(replay.problems.first?.hasPrefix("nowhere.json") == true)
        #expect(replay.problems.first?.contains("latitude") == true)
    }

    @Test(
        "a FIFO or a link to a device among the recordings is skipped with a reason, not read", .timeLimit(.minutes(3)))
    func specialFilesAreSkipped() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try record(body(at: "JFK"), as: "a.json", in: directory)
        #expect(mkfifo(directory.file("fifo.json").path, 0o600) == 0)
        try FileManager.default.createSymbolicLink(
            atPath: directory.file("zero.json").path, withDestinationPath: "/dev/zero")
        let replay = try ReplaySource(directory: directory.url, grid: Grid())
        #expect(replay.fileCount == 1)
        #expect(
            replay.problems.filter { $0.contains("not a regular file (a FIFO); skipped") }.count == 1,
            "\(replay.problems)")
        #expect(
            replay.problems.filter { $0.contains("not a regular file (a character device); skipped") }.count == 1,
            "\(replay.problems)")
    }

    @Test("files that are not .json are ignored")
    func otherFilesIgnored() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("notes", to: "README.txt")
        try directory.write("{}", to: "body.json.bak")
        let replay = try ReplaySource(directory: directory.url, grid: Grid())
        #expect(replay.fileCount == 0)
        #expect(replay.problems.isEmpty)
    }

    @Test("a missing directory is a FetchError naming it")
    func missingDirectory() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let missing = directory.file("no-such-dir")
        let error = try #require(throws: FetchError.self) { try ReplaySource(directory: missing, grid: Grid()) }
        guard case .replayDirectoryUnreadable(let path, _) = error else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(path == missing.path)
        #expect(error.description.contains("no-such-dir"))
    }

    @Test("the grid decides the cell: a coarse grid maps a body to the coarse key")
    func coarseGrid() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try record(body(at: "BSL"), as: "basel.json", in: directory)
        let replay = try ReplaySource(directory: directory.url, grid: Grid(degrees: 1))
        #expect(replay.weather.keys.map(\.text) == ["48,8"])
    }

    @Test("serve: recorded cells are replayed, others fail with no recorded weather or are beyond the horizon")
    func serve() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try record(body(at: "JFK"), as: "jfk.json", in: directory)
        try directory.write("nonsense", to: "broken.json")
        let replay = try ReplaySource(directory: directory.url, grid: Grid())
        let flights = [
            TestFlights.flight("UA1", from: "JFK", to: "LHR"),
            TestFlights.flight(
                "QF1", from: "SYD", to: "NRT", departure: "2026-12-25T00:00:00Z", arrival: "2026-12-25T09:00:00Z"),
        ]
        let plan = Planner(grid: try Grid(), now: date("2026-12-01T00:00:00Z")).plan(flights)
        let report = replay.serve(plan)
        #expect(report.outcomes.count == 4)
        let jfk = try #require(report.outcomes[try cell("JFK")])
        #expect(jfk.status == .replayed)
        #expect(jfk.status.isFresh)
        #expect(jfk.weather?.hours.count == 6)
        let lhr = try #require(report.outcomes[try cell("LHR")])
        #expect(lhr.status == .failed("no recorded weather"))
        #expect(lhr.weather == nil)
        #expect(lhr.status.reason == "no recorded weather")
        for code in ["SYD", "NRT"] {
            let outcome = try #require(report.outcomes[try cell(code)])
            #expect(outcome.status == .beyondHorizon)
            #expect(outcome.status.reason == "beyond forecast horizon")
        }
        #expect(report.counters.planned == plan.requests.count)
        #expect(report.counters.sent == 0)
        #expect(report.warnings == replay.problems)
        #expect(report.warnings.count == 1)
        let jfkKey = try #require(plan.cells.first { $0.key == (try? cell("JFK")) }?.key)
        #expect(report.outcome(for: jfkKey)?.status == .replayed)
    }

    @Test("an empty directory serves every planned cell as no recorded weather")
    func emptyDirectory() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let replay = try ReplaySource(directory: directory.url, grid: Grid())
        let plan = Planner(grid: try Grid(), now: date("2026-12-01T00:00:00Z")).plan([TestFlights.flight()])
        let report = replay.serve(plan)
        #expect(report.outcomes.values.allSatisfy { $0.status == .failed("no recorded weather") })
        #expect(report.outcomes.count == 2)
    }
}
