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

/// A test airport at given coordinates.
private func airport(_ code: String, latitude: Double, longitude: Double) -> Airport {
    Airport(
        icao: "Z" + code, iata: code, name: "\(code) Test Field", city: "Test", country: "CA", elevationFeet: 0,
        latitude: latitude, longitude: longitude, timeZone: "UTC")
}

/// Records a body at a location whose single hour's temperature tells the recordings apart.
private func record(latitude: Double, longitude: Double, mark: Double, in directory: TemporaryDirectory) throws {
    let hours = WeatherFixtures.hours(from: date("2026-12-01T10:00:00Z"), count: 6) { _, hour in hour.temperature = mark
    }
    let body = WeatherFixtures.response(latitude: latitude, longitude: longitude, hours: hours)
    try WeatherJSON.encoder().encode(body).write(to: directory.file("wx_\(latitude)_\(longitude)_\(mark).json"))
}

/// Replays flights from each airport to JFK on a grid of `degrees`; returns the replay's report
/// and the grid its cells are keyed on.
private func serve(
    _ airports: [Airport], from directory: TemporaryDirectory, degrees: Double = 0.01
) throws -> (report: FetchReport, grid: Grid) {
    let grid = try Grid(degrees: degrees)
    let flights = airports.enumerated().map { index, origin in
        TestFlights.flight(
            "UA\(index + 1)", from: origin, to: TestFlights.airport("JFK"), departure: date("2026-12-01T12:05:00Z"),
            arrival: date("2026-12-01T14:00:00Z"))
    }
    let plan = Planner(grid: grid, now: date("2026-12-01T00:00:00Z")).plan(flights)
    return (try ReplaySource(directory: directory.url, grid: grid).serve(plan), grid)
}

/// Replays flights from each airport to JFK; returns the outcome of each airport's cell.
private func served(
    _ airports: [Airport], from directory: TemporaryDirectory, degrees: Double = 0.01
) throws -> [String: CellOutcome] {
    let (report, grid) = try serve(airports, from: directory, degrees: degrees)
    var result: [String: CellOutcome] = [:]
    for airport in airports {
        result[airport.code] = report.outcome(for: grid.key(latitude: airport.latitude, longitude: airport.longitude))
    }
    return result
}

@Suite("ReplaySource: cell edges")
struct ReplayEdgeTests {
    @Test("an airport at −56.105, exactly between two cells, finds the recording made at −56.10")
    func issueExample() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try record(latitude: 47.3, longitude: -56.10, mark: 1, in: directory)
        let outcomes = try served([airport("EDG", latitude: 47.3, longitude: -56.105)], from: directory)
        #expect(outcomes["EDG"]?.status == .replayed)
        #expect(outcomes["EDG"]?.weather?.hours.first?.temperature == 1)
    }

    @Test("a body recorded exactly on a cell edge serves the cells on both sides")
    func recordingOnTheEdge() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try record(latitude: -33.95, longitude: 151.175, mark: 1, in: directory)
        let west = airport("WST", latitude: -33.95, longitude: 151.171)
        let east = airport("EST", latitude: -33.95, longitude: 151.179)
        let outcomes = try served([west, east], from: directory)
        #expect(outcomes["WST"]?.status == .replayed)
        #expect(outcomes["EST"]?.status == .replayed)
    }

    @Test("the nearest recording within half a step wins; one farther than half a step is not used")
    func nearestWithinHalfAStep() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try record(latitude: 10.004, longitude: 20.0, mark: 1, in: directory)
        try record(latitude: 10.001, longitude: 20.0, mark: 2, in: directory)
        try record(latitude: 30.0, longitude: 40.006, mark: 3, in: directory)
        let near = airport("NEA", latitude: 10.0, longitude: 20.0)
        let far = airport("FAR", latitude: 30.0, longitude: 40.0)
        let outcomes = try served([near, far], from: directory)
        #expect(outcomes["NEA"]?.weather?.hours.first?.temperature == 2)
        #expect(outcomes["FAR"]?.status == .failed("no recorded weather"))
    }

    @Test("across the antimeridian: a recording at 179.996 serves the cell -180.00")
    func antimeridian() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try record(latitude: -16.5, longitude: 179.996, mark: 1, in: directory)
        let outcomes = try served([airport("DTL", latitude: -16.5, longitude: -179.996)], from: directory)
        #expect(outcomes["DTL"]?.status == .replayed)
    }

    @Test(
        "on every grid an airport on an edge is served by the recording at its own cell's centre",
        arguments: [
            (0.01, -56.105, -56.10, -56.11), (0.1, 47.55, 47.6, 47.5), (0.25, -0.375, -0.5, -0.25),
            (1, 2.5, 2, 3),
        ])
    func edgesOnGrids(degrees: Double, edge: Double, centre: Double, neighbour: Double) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try record(latitude: 5, longitude: centre, mark: 1, in: directory)
        try record(latitude: 5, longitude: neighbour, mark: 2, in: directory)
        let outcomes = try served([airport("EDG", latitude: 5, longitude: edge)], from: directory, degrees: degrees)
        #expect(outcomes["EDG"]?.weather?.hours.first?.temperature == 1)
    }
}

@Suite("ReplaySource: several recorded places in one cell")
struct ReplayCrowdedCellTests {
    @Test("two places in one 0.01° cell: the nearest is replayed and a warning names the other")
    func twoPlacesInOneCell() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try record(latitude: 45.641, longitude: -73.781, mark: 1, in: directory)
        try record(latitude: 45.644, longitude: -73.778, mark: 2, in: directory)
        let origin = airport("QQA", latitude: 45.64, longitude: -73.78)
        let (report, grid) = try serve([origin], from: directory)
        let key = grid.key(latitude: origin.latitude, longitude: origin.longitude)
        let weather = try #require(report.outcome(for: key)?.weather)
        #expect(weather.hour(containing: date("2026-12-01T12:05:00Z"))?.temperature == 1)
        let warning = try #require(report.warnings.first { $0.contains("cell \(key.text)") }, "\(report.warnings)")
        #expect(warning.contains("2 recorded places"), "\(warning)")
        #expect(warning.contains("45.641,-73.781") && warning.contains("45.644,-73.778"), "\(warning)")
    }

    @Test("one place in a cell: no warning")
    func onePlace() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try record(latitude: 45.641, longitude: -73.781, mark: 1, in: directory)
        let origin = airport("QQA", latitude: 45.64, longitude: -73.78)
        let (report, grid) = try serve([origin], from: directory)
        #expect(report.outcome(for: grid.key(latitude: origin.latitude, longitude: origin.longitude))?.weather != nil)
        #expect(!report.warnings.contains { $0.contains("recorded places") }, "\(report.warnings)")
    }
}
