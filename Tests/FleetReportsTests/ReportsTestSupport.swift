import FleetAirports
import FleetBriefing
import FleetCSV
import FleetPlan
import FleetReports
import FleetSchedule
import FleetTestSupport
import FleetWeather
import Foundation
import Testing

/// Models, templates and readers for report tests.
enum ReportFixtures {
    /// The legal attribution link used in test models.
    static let attributionURL = "https://developer.apple.com/weatherkit/data-source-attribution/"

    /// The run's clock: before every scheduled time of the test flights.
    static let now = WeatherFixtures.date("2026-12-01T00:00:00Z")

    /// The repository's `Templates/` folder, found from this file.
    static let templatesDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Templates")

    /// The repository's templates.
    static func templates() throws -> ReportTemplates {
        try ReportTemplates.load(from: templatesDirectory)
    }

    /// 48 calm hours from `now`, each changed by `adjust` (given the hour index).
    static func weather(
        alerts: [WeatherAlertSummary] = [], current: CurrentWeather? = nil,
        adjust: (Int, inout HourWeather) -> Void = { _, _ in }
    ) -> CellWeather {
        WeatherFixtures.weather(
            hours: WeatherFixtures.hours(from: now, count: 48, adjust: adjust), alerts: alerts, current: current,
            readTime: WeatherFixtures.date("2026-11-30T23:55:00Z"))
    }

    /// Briefs flights against weather by airport code (airports without weather get none).
    static func briefings(_ flights: [Flight], weather: [String: CellWeather]) throws -> [FlightBriefing] {
        let grid = try Grid()
        var report = FetchReport()
        for flight in flights {
            for airport in [flight.origin, flight.destination] {
                let key = grid.key(latitude: airport.latitude, longitude: airport.longitude)
                if let cellWeather = weather[airport.code] {
                    report.outcomes[key] = CellOutcome(key: key, weather: cellWeather, status: .replayed)
                } else {
                    report.outcomes[key] = CellOutcome(
                        key: key, weather: nil, status: .failed("no recorded weather"))
                }
            }
        }
        let briefer = Briefer(planner: Planner(grid: grid, now: now))
        return briefer.brief(flights, fetch: report)
    }

    /// A run summary for a model.
    static func summary(
        briefed: Int, rejected: Int, runID: String = "test-run", risk: RiskCounts = [:]
    ) -> RunSummary {
        RunSummary(
            runID: runID, startedAt: "2026-12-01T00:00:00Z", finishedAt: "2026-12-01T00:00:07Z",
            schedule: "Schedules/demo.csv", exitCode: 2, source: .replay,
            flights: .init(rows: briefed + rejected, briefed: briefed, rejected: rejected, withoutWeather: 0, stale: 0),
            routes: 1, airports: 2, cells: 2, requests: FetchCounters(),
            quota: .init(month: "2026-12", limit: 500_000, used: 0), attribution: .init(url: attributionURL),
            risk: risk, warnings: [])
    }

    /// A complete report model.
    static func model(
        _ flights: [Flight], weather: [String: CellWeather], rejects: [RejectedRow] = [], runID: String = "test-run"
    ) throws -> ReportModel {
        let briefed = try briefings(flights, weather: weather)
        return ReportModel(
            summary: summary(briefed: flights.count, rejected: rejects.count, runID: runID), startedAt: now,
            briefings: briefed, rejects: rejects, weatherByAirport: weather, attributionURL: attributionURL)
    }

    /// Parses CSV text into rows of fields.
    static func rows(_ csv: String) throws -> [[String]] {
        var reader = CSVReader(text: csv)
        var rows: [[String]] = []
        while let record = try reader.next() {
            #expect(record.problem == nil)
            rows.append(record.fields)
        }
        return rows
    }

    /// Parses CSV text into header-keyed rows.
    static func table(_ csv: String) throws -> [[String: String]] {
        let all = try rows(csv)
        guard let header = all.first else { return [] }
        return all.dropFirst().map { row in
            Dictionary(uniqueKeysWithValues: zip(header, row).map { ($0, $1) })
        }
    }

    /// Every file under a directory, by relative path, with its bytes.
    static func files(in directory: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        let base = directory.resolvingSymlinksInPath().path
        guard let walker = FileManager.default.enumerator(atPath: base) else { return result }
        while let relative = walker.nextObject() as? String {
            let path = base + "/" + relative
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
                result[relative] = try Data(contentsOf: URL(fileURLWithPath: path))
            }
        }
        return result
    }

    /// The text of a file.
    static func text(_ url: URL) throws -> String {
        String(decoding: try Data(contentsOf: url), as: UTF8.self)
    }
}
