internal import FleetFiles

/// One logical CSV record as read from a file.
///
/// A record may span several physical lines when a quoted field holds a line break, so it
/// carries the number of the line it *starts* on (1-based, counting the header) and the
/// exact raw text, which a rejected row must reproduce for the person fixing the file.
public struct CSVRecord: Sendable, Equatable {
    /// The decoded fields, quotes removed and doubled quotes collapsed.
    public var fields: [String]
    /// The physical line the record starts on, 1-based.
    public var line: Int
    /// The record's bytes as they appeared in the file, without its final line break (cut to
    /// the reader's limit, less a trailing incomplete UTF-8 sequence, when the record is longer).
    public var rawBytes: [UInt8]
    /// What was wrong with the record's syntax, if anything (the fields are then best effort).
    public var problem: CSVProblem?
    /// Whether a field holds a NUL byte: the reader sees every byte, so a row without one
    /// needs no search of its fields for it (the schedule rejects such rows).
    public var holdsNUL: Bool

    /// Creates a record from its raw bytes (the reader: only a rejected row's text is ever
    /// wanted, so it is decoded when asked for, not for every row).
    init(fields: [String], line: Int, rawBytes: [UInt8], problem: CSVProblem? = nil, holdsNUL: Bool) {
        self.fields = fields
        self.line = line
        self.rawBytes = rawBytes
        self.problem = problem
        self.holdsNUL = holdsNUL
    }

    /// The record's text as it appeared in the file, without its final line break (invalid
    /// UTF-8 shown as replacement characters).
    public var raw: String { String(decoding: rawBytes, as: UTF8.self) }

    /// True when every field is empty or only spaces and tabs (a blank line, or a line of
    /// commas) and the record had no syntax problem (a record with a problem has no fields
    /// but is not blank).
    public var isBlank: Bool {
        problem == nil && fields.allSatisfy { $0.allSatisfy { $0 == " " || $0 == "\t" } }
    }
}

/// A syntax problem found while reading one record; the reader goes on with the next one.
public enum CSVProblem: Sendable, Equatable, CustomStringConvertible {
    /// The record is not valid UTF-8.
    case invalidUTF8
    /// Text follows a closing quote before the next comma or line end.
    case textAfterClosingQuote
    /// The record is longer than the reader's limit; its raw text is cut to the limit and it
    /// has no fields.
    case tooLong(bytes: Int, limit: Int)
    /// A quoted field opened on this line was still open at the end of the file; the record
    /// ends with that line, and each line after it is a record of its own
    /// (``insideUnterminatedQuote(openedOnLine:)``).
    case unterminatedQuote(openedOnLine: Int)
    /// A quoted field opened on this line spans a line break and was still open when the
    /// record reached the reader's limit: read as never closed (the reader cannot hold more).
    case quoteOpenPastLimit(openedOnLine: Int, limit: Int)
    /// A physical line after a quoted field that is never closed: not read as a record.
    case insideUnterminatedQuote(openedOnLine: Int)

    public var description: String {
        switch self {
        case .invalidUTF8: "the row is not valid UTF-8"
        case .textAfterClosingQuote: "malformed quoting: text after a closing quote"
        case .tooLong(let bytes, let limit):
            "the row is over the \(NumberText.size(limit)) limit (\(NumberText.grouped(bytes)) bytes); only its first "
                + "\(NumberText.size(limit)) are kept here"
        case .unterminatedQuote(let line):
            "malformed quoting: the quoted field opened on line \(line) is never closed, so each line after it "
                + "is rejected too; close the quote and run again"
        case .quoteOpenPastLimit(let line, let limit):
            "malformed quoting: the quoted field opened on line \(line) is not closed within the \(NumberText.size(limit)) "
                + "limit of a row, so it is read as never closed and each line after it is rejected too; "
                + "close the quote and run again"
        case .insideUnterminatedQuote(let line):
            "not read as a row: the quoted field opened on line \(line) is never closed; close it and run again"
        }
    }
}
