public import FleetBriefing
public import FleetSchedule
public import FleetWeatherKit
public import Foundation

/// Everything the reports show, gathered once so each page only renders.
public struct ReportModel: Sendable {
    /// The run summary (also written as `run.json`).
    public let summary: RunSummary
    /// When the run started.
    public let startedAt: Date
    /// Every briefed flight, worst first.
    public let briefings: [FlightBriefing]
    /// Rejected schedule rows.
    public let rejects: [RejectedRow]
    /// Cell weather by airport code, for "now" and charts on route pages.
    public let weatherByAirport: [String: CellWeather]
    /// The legal attribution link.
    public let attributionURL: String
    /// What changed since the previous run, when there was one.
    public let changes: RunChanges?

    /// Creates a model, sorting the flights worst first.
    ///
    /// - Parameters:
    ///   - summary: The run summary.
    ///   - startedAt: The run's start.
    ///   - briefings: The briefed flights, any order.
    ///   - rejects: Rejected rows.
    ///   - weatherByAirport: Weather by airport code.
    ///   - attributionURL: The legal link.
    ///   - changes: Changes since the previous run.
    public init(
        summary: RunSummary, startedAt: Date, briefings: [FlightBriefing], rejects: [RejectedRow],
        weatherByAirport: [String: CellWeather], attributionURL: String, changes: RunChanges? = nil
    ) {
        self.summary = summary
        self.startedAt = startedAt
        self.briefings = briefings.sorted(by: Self.worstFirst)
        self.rejects = rejects
        self.weatherByAirport = weatherByAirport
        self.attributionURL = attributionURL
        self.changes = changes
    }

    /// Worst risk first, then earliest departure, then flight number, then source line.
    public static func worstFirst(_ lhs: FlightBriefing, _ rhs: FlightBriefing) -> Bool {
        if lhs.risk != rhs.risk { return lhs.risk < rhs.risk }
        if lhs.flight.departure != rhs.flight.departure { return lhs.flight.departure < rhs.flight.departure }
        if lhs.flight.number != rhs.flight.number { return lhs.flight.number < rhs.flight.number }
        return lhs.flight.line < rhs.flight.line
    }

    /// The flights grouped by route name, routes sorted by name.
    public var routes: [(name: String, flights: [FlightBriefing])] {
        Dictionary(grouping: briefings, by: \.flight.route).map { ($0.key, $0.value) }.sorted { $0.name < $1.name }
    }
}

/// What changed since the previous run, by flight (same number, origin, departure).
public struct RunChanges: Sendable, Equatable {
    /// One flight's change.
    public struct Change: Sendable, Equatable {
        /// Flight number.
        public let flight: String
        /// Route name.
        public let route: String
        /// Scheduled departure.
        public let departure: Date
        /// Risk in the previous run, `nil` when the flight is new.
        public let previousRisk: String?
        /// Risk now.
        public let risk: String
        /// Alert headlines not present in the previous run.
        public let newAlerts: [String]

        /// Creates a change.
        public init(
            flight: String, route: String, departure: Date, previousRisk: String?, risk: String, newAlerts: [String]
        ) {
            self.flight = flight
            self.route = route
            self.departure = departure
            self.previousRisk = previousRisk
            self.risk = risk
            self.newAlerts = newAlerts
        }
    }

    /// When the previous run started.
    public let previousRunAt: Date
    /// Flights whose risk rose, or that gained alerts.
    public let worse: [Change]
    /// Flights whose risk fell.
    public let better: [Change]
    /// Flights not in the previous run.
    public let added: Int
    /// Flights of the previous run that are gone.
    public let removed: Int

    /// Creates changes.
    public init(previousRunAt: Date, worse: [Change], better: [Change], added: Int, removed: Int) {
        self.previousRunAt = previousRunAt
        self.worse = worse
        self.better = better
        self.added = added
        self.removed = removed
    }
}
