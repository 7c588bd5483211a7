/// The result of reading a schedule: accepted flights, rejected rows and warnings.
///
/// Every data row of the input is in exactly one of ``flights`` and the rejected rows. Only the
/// first ``keptRejects`` rejected rows are kept here (for the index page and messages): a file
/// of millions of bad rows must not be held in memory (issue 9), so every rejected row goes to
/// the ``RejectSink`` given to the reader as it is found, and ``rejectedCount`` counts them all.
/// Row warnings are bounded the same way (the first ``keptWarnings``, then a count).
public struct Schedule: Sendable {
    /// How many rejected rows a schedule keeps.
    public static let keptRejects = 50
    /// How many row warnings a schedule keeps; the rest are counted in one last warning.
    public static let keptWarnings = 1_000

    /// Accepted flights, in file order.
    public var flights: [Flight]
    /// The first rejected rows, in file order (all of them are in the reader's sink).
    public var rejects: [RejectedRow]
    /// Rejected rows in all.
    public var rejectedCount: Int
    /// Problems that did not reject a row (ignored columns, ambiguous local times, blank rows).
    public var warnings: [ScheduleWarning]
    /// For an SSIM season, its records and the window's dated flights; `nil` for a CSV.
    public var ssim: SSIMSummary?

    /// The format the file was read as.
    public var format: ScheduleFormat { ssim == nil ? .csv : .ssim }

    /// Creates a schedule.
    ///
    /// - Parameters:
    ///   - flights: Accepted flights.
    ///   - rejects: The rejected rows kept.
    ///   - rejectedCount: Rejected rows in all (`rejects.count` when not given).
    ///   - warnings: Warnings.
    public init(
        flights: [Flight] = [], rejects: [RejectedRow] = [], rejectedCount: Int? = nil,
        warnings: [ScheduleWarning] = []
    ) {
        self.flights = flights
        self.rejects = rejects
        self.rejectedCount = rejectedCount ?? rejects.count
        self.warnings = warnings
    }

    /// Data rows read: accepted plus rejected.
    public var dataRows: Int { flights.count + rejectedCount }
}

/// Where rejected rows go as they are found (`run` writes them straight to `rejects.csv`).
///
/// A class protocol, not a throwing one: a sink that cannot write keeps its first failure
/// for its owner to report after reading, so the reader's errors stay ``ScheduleError``.
public protocol RejectSink: AnyObject {
    /// Takes one rejected row, in file order.
    func add(_ row: RejectedRow)
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
