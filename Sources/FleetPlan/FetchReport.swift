internal import FleetWeather

/// The result of the fetch stage: an outcome per cell and the request counters of `run.json`.
public struct FetchReport: Sendable {
    /// Outcomes by cell.
    public var outcomes: [CellKey: CellOutcome]
    /// Request counters.
    public var counters: FetchCounters
    /// Problems worth telling the user (unreadable recordings, unknown condition codes).
    public var warnings: [String]
    /// Writes to the state database that failed (a response not cached, a request's end not
    /// recorded), each also in `warnings`: the run's report is whole, but the next night pays
    /// again, so the run does not end as a clean success.
    public var stateWriteFailures = 0

    /// Creates a report.
    ///
    /// - Parameters:
    ///   - outcomes: Outcomes by cell.
    ///   - counters: Request counters.
    ///   - warnings: The run's warnings.
    public init(
        outcomes: [CellKey: CellOutcome] = [:], counters: FetchCounters = FetchCounters(), warnings: [String] = []
    ) {
        self.outcomes = outcomes
        self.counters = counters
        self.warnings = warnings
    }

    /// Warns once about condition codes this version does not know, so a new WeatherKit
    /// code is reported rather than silently mis-briefed.
    public mutating func noteUnknownConditionCodes() {
        let codes = outcomes.values.reduce(into: Set<String>()) { codes, outcome in
            codes.formUnion(outcome.weather?.unknownConditionCodes ?? [])
        }
        guard !codes.isEmpty else { return }
        warnings.append(
            "WeatherKit sent condition code(s) \(codes.sorted().joined(separator: ", ")) that this version does not "
                + "know; hours with them are flagged amber (unrecognised condition)")
    }

    /// The outcome of a cell.
    ///
    /// - Parameter key: The cell.
    /// - Returns: Its outcome, if the cell was part of the plan.
    public func outcome(for key: CellKey) -> CellOutcome? { outcomes[key] }
}

/// `requests` in `run.json`.
public struct FetchCounters: Sendable, Equatable, Codable {
    /// Requests the plan needs before the cache is consulted.
    public var planned = 0
    /// HTTP requests sent, retries included.
    public var sent = 0
    /// Requests that returned usable weather.
    public var succeeded = 0
    /// Requests that finally failed (after retries).
    public var failed = 0
    /// Retries sent (included in `sent`).
    public var retried = 0
    /// Cells served wholly from the cache.
    public var cacheHits = 0
    /// Requests not sent because the budget ran out.
    public var skippedForQuota = 0

    /// Creates zeroed counters.
    public init() {}

    enum CodingKeys: String, CodingKey {
        case planned, sent, succeeded, failed, retried
        case cacheHits = "cache_hits"
        case skippedForQuota = "skipped_for_quota"
    }
}
