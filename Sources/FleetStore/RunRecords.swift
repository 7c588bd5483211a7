public import Foundation

/// What is known about a run when it starts.
public struct RunStart: Sendable, Equatable {
    /// Unique run id (for example a UUID or a timestamp).
    public var id: String
    /// When the run started.
    public var startedAt: Date
    /// The command, for example `run`.
    public var command: String
    /// The schedule path as given on the command line, if the command reads one.
    public var schedulePath: String?

    /// Creates a run start.
    ///
    /// - Parameters:
    ///   - id: Unique run id.
    ///   - startedAt: Start time.
    ///   - command: The command.
    ///   - schedulePath: The schedule path as given.
    public init(id: String, startedAt: Date, command: String, schedulePath: String?) {
        self.id = id
        self.startedAt = startedAt
        self.command = command
        self.schedulePath = schedulePath
    }
}

/// A run as recorded in the history; unfinished runs (crashed or still going) have no finish.
public struct RunRecord: Sendable, Equatable {
    /// Unique run id.
    public var id: String
    /// When the run started.
    public var startedAt: Date
    /// The command.
    public var command: String
    /// The schedule path as given.
    public var schedulePath: String?
    /// When the run finished, or `nil`.
    public var finishedAt: Date?
    /// The process exit code, or `nil` while unfinished.
    public var exitCode: Int?
    /// The run's `run.json`, or `nil` while unfinished.
    public var summaryJSON: String?

    /// Creates a record.
    ///
    /// - Parameters:
    ///   - id: Run id.
    ///   - startedAt: Start time.
    ///   - command: The command.
    ///   - schedulePath: The schedule path.
    ///   - finishedAt: Finish time.
    ///   - exitCode: Exit code.
    ///   - summaryJSON: The run summary.
    public init(
        id: String, startedAt: Date, command: String, schedulePath: String?,
        finishedAt: Date?, exitCode: Int?, summaryJSON: String?
    ) {
        self.id = id
        self.startedAt = startedAt
        self.command = command
        self.schedulePath = schedulePath
        self.finishedAt = finishedAt
        self.exitCode = exitCode
        self.summaryJSON = summaryJSON
    }

    /// Whether the run recorded its finish.
    public var isFinished: Bool { finishedAt != nil }
}

/// One flight's result in a run, kept to compare with the next run and for audits.
public struct FlightOutcome: Sendable, Equatable {
    /// Stable key across runs, for example `UA1545|KORD|2026-12-01T13:05:00Z`.
    public var flightKey: String
    /// The flight number as shown.
    public var flight: String
    /// The route, for example `ORD-SFO`.
    public var route: String
    /// The risk level.
    public var risk: String
    /// `ok`, `stale`, `partial` or `unavailable`.
    public var status: String
    /// WeatherKit alert ids affecting the flight.
    public var alertIDs: [String]
    /// Hazard names.
    public var hazards: [String]
    /// Anything else, as JSON.
    public var detailJSON: String

    /// Creates an outcome.
    ///
    /// - Parameters:
    ///   - flightKey: Stable key across runs.
    ///   - flight: Flight number.
    ///   - route: The route.
    ///   - risk: Risk level.
    ///   - status: Briefing status.
    ///   - alertIDs: Alert ids.
    ///   - hazards: Hazard names.
    ///   - detailJSON: Extra detail as JSON.
    public init(
        flightKey: String, flight: String, route: String, risk: String, status: String,
        alertIDs: [String] = [], hazards: [String] = [], detailJSON: String = "{}"
    ) {
        self.flightKey = flightKey
        self.flight = flight
        self.route = route
        self.risk = risk
        self.status = status
        self.alertIDs = alertIDs
        self.hazards = hazards
        self.detailJSON = detailJSON
    }
}
