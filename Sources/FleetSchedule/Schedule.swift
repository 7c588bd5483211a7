/// The result of reading a schedule: accepted flights, rejected rows and warnings.
///
/// Every data row of the input is in exactly one of ``flights`` and ``rejects``.
public struct Schedule: Sendable {
    /// Accepted flights, in file order.
    public var flights: [Flight]
    /// Rejected rows, in file order.
    public var rejects: [RejectedRow]
    /// Problems that did not reject a row (ignored columns, ambiguous local times, blank rows).
    public var warnings: [ScheduleWarning]

    /// Creates a schedule.
    public init(flights: [Flight] = [], rejects: [RejectedRow] = [], warnings: [ScheduleWarning] = []) {
        self.flights = flights
        self.rejects = rejects
        self.warnings = warnings
    }

    /// Data rows read: accepted plus rejected.
    public var dataRows: Int { flights.count + rejects.count }
}

/// A row that could not be accepted, for `rejects.csv` (`line,reason,raw`).
public struct RejectedRow: Sendable, Equatable {
    /// The line the row starts on.
    public let line: Int
    /// Why, in words a scheduler understands.
    public let reason: String
    /// The row exactly as it was in the file.
    public let raw: String

    /// Creates a rejection.
    public init(line: Int, reason: String, raw: String) {
        self.line = line
        self.reason = reason
        self.raw = raw
    }
}

/// A problem worth telling the user that did not reject a row.
public struct ScheduleWarning: Sendable, Equatable, CustomStringConvertible {
    /// The line concerned, if the warning is about one row.
    public let line: Int?
    /// The message.
    public let message: String

    /// Creates a warning.
    public init(line: Int?, message: String) {
        self.line = line
        self.message = message
    }

    public var description: String {
        if let line { return "line \(line): \(message)" }
        return message
    }
}
