public import FleetPlan
public import Foundation

/// `run.json`: the machine-readable summary of a run (docs/contract.md §8.4), also kept in run history.
public struct RunSummary: Sendable, Codable, Equatable {
    /// Version of this file's layout.
    public var schemaVersion = 1
    /// A unique id of the run.
    public var runID: String
    /// When the run started, UTC.
    public var startedAt: String
    /// When it finished, UTC.
    public var finishedAt: String
    /// The schedule path as given.
    public var schedule: String
    /// The process exit code.
    public var exitCode: Int32
    /// Where weather came from: `weatherkit` or `replay`.
    public var source: RunSource
    /// Flight counts.
    public var flights: Flights
    /// Distinct routes briefed.
    public var routes: Int
    /// Distinct airports of briefed flights.
    public var airports: Int
    /// Location cells planned.
    public var cells: Int
    /// Request counters.
    public var requests: FetchCounters
    /// The month's quota after this run.
    public var quota: Quota
    /// Attribution.
    public var attribution: Attribution
    /// Counts by risk.
    public var risk: RiskCounts
    /// Warnings shown to the user.
    public var warnings: [String]
    /// How long the run's phases took (absent when not measured).
    public var timings: Timings?
    /// The format the schedule was read as and, for an SSIM season, what it expanded to
    /// (absent in files written before SSIM was read).
    public var scheduleFormat: ScheduleFormatFigures?

    /// `schedule_format` in `run.json`.
    public struct ScheduleFormatFigures: Sendable, Codable, Equatable {
        /// `csv` or `ssim`.
        public var format: String
        /// For SSIM: the first UTC day of the window (`2026-12-01`).
        public var from: String?
        /// For SSIM: days in the window.
        public var days: Int?
        /// For SSIM: the carriers' time modes (`local`, `utc`).
        public var timeModes: [String]?
        /// For SSIM: carrier records.
        public var carriers: Int?
        /// For SSIM: flight leg records in all.
        public var legs: Int?
        /// For SSIM: leg records expanded (to any number of dates).
        public var expandedLegs: Int?
        /// For SSIM: of those, legs with no date in the window.
        public var legsOutsideWindow: Int?
        /// For SSIM: leg records rejected.
        public var rejectedLegs: Int?
        /// For SSIM: dated flights the legs gave in the window.
        public var datedFlights: Int?
        /// For SSIM: dated flights an earlier record already gave (rejected as duplicates).
        public var duplicateFlights: Int?
        /// For SSIM: breaks in the record serial numbers.
        public var serialBreaks: Int?

        /// Figures for a CSV schedule.
        public init(format: String) { self.format = format }

        enum CodingKeys: String, CodingKey {
            case format, from, days, carriers, legs
            case timeModes = "time_modes"
            case expandedLegs = "expanded_legs"
            case legsOutsideWindow = "legs_outside_window"
            case rejectedLegs = "rejected_legs"
            case datedFlights = "dated_flights"
            case duplicateFlights = "duplicate_flights"
            case serialBreaks = "serial_breaks"
        }
    }

    /// `flights` in `run.json`.
    public struct Flights: Sendable, Codable, Equatable {
        /// Data rows read.
        public var rows: Int
        /// Rows briefed (in `flights.csv`).
        public var briefed: Int
        /// Rows rejected (in `rejects.csv`).
        public var rejected: Int
        /// Briefed flights with at least one end lacking weather.
        public var withoutWeather: Int
        /// Briefed flights whose weather is partly an expired copy.
        public var stale: Int

        /// Creates counts.
        public init(rows: Int, briefed: Int, rejected: Int, withoutWeather: Int, stale: Int) {
            self.rows = rows
            self.briefed = briefed
            self.rejected = rejected
            self.withoutWeather = withoutWeather
            self.stale = stale
        }

        enum CodingKeys: String, CodingKey {
            case rows, briefed, rejected, stale
            case withoutWeather = "without_weather"
        }
    }

    /// `quota` in `run.json`.
    public struct Quota: Sendable, Codable, Equatable {
        /// The UTC month, `YYYY-MM`.
        public var month: String
        /// Calls allowed this month.
        public var limit: Int
        /// Calls recorded this month, this run included; `nil` (`null` in the file) when the
        /// ledger could not be read: unknown, never shown as an untouched month.
        public var used: Int?
        /// Calls left; `nil` (`null`) when `used` is unknown.
        public var remaining: Int?

        /// Creates quota figures (`used` `nil` when the ledger could not be read).
        public init(month: String, limit: Int, used: Int?) {
            self.month = month
            self.limit = limit
            self.used = used
            self.remaining = used.map { max(0, limit - $0) }
        }

        /// Writes `used` and `remaining` as `null` when unknown, rather than leaving them out.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(month, forKey: .month)
            try container.encode(limit, forKey: .limit)
            try container.encode(used, forKey: .used)
            try container.encode(remaining, forKey: .remaining)
        }

        enum CodingKeys: String, CodingKey {
            case month, limit, used, remaining
        }
    }

    /// `attribution` in `run.json`.
    public struct Attribution: Sendable, Codable, Equatable {
        /// The attribution sentence.
        public var text = "Weather data provided by Apple Weather."
        /// The legal attribution link.
        public var url: String

        /// Creates attribution.
        public init(url: String) { self.url = url }
    }

    /// `timings` in `run.json`: wall-clock seconds per phase, for benchmarks and capacity planning.
    public struct Timings: Sendable, Codable, Equatable {
        /// Reading the schedule and planning the cells.
        public var planSeconds: Double
        /// The fetch phase: cache lookups, requests (or replay), up to the last cell's outcome.
        public var fetchSeconds: Double
        /// Briefing the flights (writing the reports comes after `run.json` is made, so is not in it).
        public var briefSeconds: Double

        /// Creates timings.
        public init(planSeconds: Double, fetchSeconds: Double, briefSeconds: Double) {
            self.planSeconds = planSeconds
            self.fetchSeconds = fetchSeconds
            self.briefSeconds = briefSeconds
        }

        enum CodingKeys: String, CodingKey {
            case planSeconds = "plan_seconds"
            case fetchSeconds = "fetch_seconds"
            case briefSeconds = "brief_seconds"
        }
    }

    /// Creates a summary.
    public init(
        runID: String, startedAt: String, finishedAt: String, schedule: String, exitCode: Int32, source: RunSource,
        flights: Flights, routes: Int, airports: Int, cells: Int, requests: FetchCounters, quota: Quota,
        attribution: Attribution, risk: RiskCounts, warnings: [String], timings: Timings? = nil,
        scheduleFormat: ScheduleFormatFigures? = nil
    ) {
        self.runID = runID
        self.startedAt = startedAt
        self.finishedAt = finishedAt
        self.schedule = schedule
        self.exitCode = exitCode
        self.source = source
        self.flights = flights
        self.routes = routes
        self.airports = airports
        self.cells = cells
        self.requests = requests
        self.quota = quota
        self.attribution = attribution
        self.risk = risk
        self.warnings = warnings
        self.timings = timings
        self.scheduleFormat = scheduleFormat
    }

    enum CodingKeys: String, CodingKey {
        case schemaVersion = "schema_version"
        case runID = "run_id"
        case startedAt = "started_at"
        case finishedAt = "finished_at"
        case schedule
        case exitCode = "exit_code"
        case source, flights, routes, airports, cells, requests, quota, attribution, risk, warnings, timings
        case scheduleFormat = "schedule_format"
    }

    /// Pretty, key-sorted JSON with a final newline.
    ///
    /// - Returns: The file's bytes.
    /// - Throws: An encoding error (not expected for this type).
    public func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self) + Data("\n".utf8)
    }
}
