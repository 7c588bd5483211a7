internal import FleetCSV
internal import FleetFiles
public import Foundation

/// Why a schedule could not be read at all.
///
/// Only problems that leave nothing usable are errors (the CLI exits 1 on them): the file
/// cannot be read, it is empty, or its header does not say where the required columns are.
/// A bad row is never an error; it becomes a ``RejectedRow`` so the rest of the file is kept.
public enum ScheduleError: Error, Equatable, CustomStringConvertible, LocalizedError {
    /// The file could not be opened or read (missing, no permission, not a regular file).
    case unreadable(path: String, reason: String)
    /// Reading was stopped before the end (SIGINT or SIGTERM arrived).
    case interrupted(path: String)
    /// The file has no header row (it is empty or holds only blank lines).
    case empty(path: String)
    /// The header row itself is not readable CSV (bad encoding or quoting).
    case malformedHeader(path: String, line: Int, reason: String)
    /// Required columns are missing from the header; `header` is the header as found.
    case missingColumns(path: String, columns: [ScheduleColumn], header: [String])
    /// Several header cells select the same column, so fleetwx cannot tell which to read.
    case duplicateColumns(path: String, duplicates: [DuplicateColumn])
    /// An SSIM file does not start with its header record (type 1); `found` is what it starts with.
    case ssimHeaderMissing(path: String, line: Int, found: String)
    /// An SSIM trailer (type 5) does not name the serial number of the record before it.
    case ssimTrailerCheck(path: String, line: Int, reference: String, previous: String)
    /// An SSIM trailer cannot be read (wrong length, bytes, serial number), so it checks nothing.
    case ssimTrailerUnreadable(path: String, line: Int, reason: String)
    /// An SSIM file ends without a trailer record after its last carrier's records.
    case ssimTrailerMissing(path: String, lastLine: Int)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            return "cannot read the schedule \(path): \(reason)"
        case .interrupted(let path):
            return "stopped while reading the schedule \(path)"
        case .empty(let path):
            let names = ScheduleColumn.required.map(\.rawValue).joined(separator: ", ")
            return "the schedule \(path) is empty: it needs a header row naming the columns \(names)"
        case .malformedHeader(let path, let line, let reason):
            return "the header row of the schedule \(path) (line \(line)) cannot be read: \(reason)"
                + "; save the file as UTF-8 CSV"
        case .missingColumns(let path, let columns, let header):
            return Self.describeMissing(path: path, columns: columns, header: header)
        case .duplicateColumns(let path, let duplicates):
            let parts = duplicates.map(\.description).joined(separator: "; ")
            return "the header of the schedule \(path) names the same column more than once: \(parts)"
                + "; keep one of each"
        case .ssimHeaderMissing(let path, let line, let found):
            return found.isEmpty
                ? "the SSIM schedule \(path) holds no records: it needs a header record (type 1) first"
                : "the SSIM schedule \(path) does not start with its header record (type 1, \"1\(SSIMLayout.headerTitleText)\"): "
                    + "line \(line) starts \(EchoText.quoted(found)); the file is incomplete or not SSIM "
                    + "(give --format csv for a CSV schedule)"
        case .ssimTrailerCheck(let path, let line, let reference, let previous):
            return "the SSIM schedule \(path) fails its trailer check: the trailer on line \(line) gives the serial "
                + "number \(EchoText.quoted(reference)) (positions 188–193) but the record before it has \(previous); "
                + "records are missing or the file was edited: export it again"
        case .ssimTrailerUnreadable(let path, let line, let reason):
            return "the SSIM schedule \(path) fails its trailer check: the trailer on line \(line) cannot be read "
                + "(\(reason)); export the file again"
        case .ssimTrailerMissing(let path, let lastLine):
            return "the SSIM schedule \(path) ends (line \(lastLine)) without a trailer record (type 5) after its "
                + "last records: the file is probably cut short; export it again"
        }
    }

    public var errorDescription: String? { description }

    private static func describeMissing(path: String, columns: [ScheduleColumn], header: [String]) -> String {
        let wanted = columns.map { column in
            let names = column.acceptedNames.joined(separator: ", ")
            return "\(column.rawValue) (accepted header names: \(names))"
        }
        let noun = columns.count == 1 ? "a required column" : "required columns"
        // Bounded: each name cut, and a header of thousands of cells names the first 20.
        let shown = header.prefix(20).map(EchoText.quoted).joined(separator: ", ")
        let found = shown + (header.count > 20 ? " and \(NumberText.grouped(header.count - 20)) more" : "")
        return "the header of the schedule \(path) is missing \(noun): \(wanted.joined(separator: "; "))"
            + "; the header found was: \(found)"
    }
}

/// One column that several header cells select, for ``ScheduleError/duplicateColumns(path:duplicates:)``.
public struct DuplicateColumn: Sendable, Equatable, CustomStringConvertible {
    /// The column selected more than once.
    public let column: ScheduleColumn
    /// The header cells that select it, as written, in file order.
    public let headers: [String]
    /// Their 1-based positions in the header row.
    public let positions: [Int]

    /// Creates a duplicate-column finding.
    ///
    /// - Parameters:
    ///   - column: The column.
    ///   - headers: The header cells selecting it.
    ///   - positions: Their 1-based positions.
    public init(column: ScheduleColumn, headers: [String], positions: [Int]) {
        self.column = column
        self.headers = headers
        self.positions = positions
    }

    public var description: String {
        let cells = zip(headers, positions).map { "\(EchoText.quoted($0)) (column \($1))" }
        return "\(column.rawValue) is named by \(cells.joined(separator: " and "))"
    }
}
