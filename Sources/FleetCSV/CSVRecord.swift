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
    /// The record's text as it appeared in the file, without its final line break.
    public var raw: String
    /// What was wrong with the record's syntax, if anything (the fields are then best effort).
    public var problem: CSVProblem?

    /// Creates a record.
    ///
    /// - Parameters:
    ///   - fields: The decoded fields.
    ///   - line: The physical line the record starts on.
    ///   - raw: The raw text without the final line break.
    ///   - problem: A syntax problem, if any.
    public init(fields: [String], line: Int, raw: String, problem: CSVProblem? = nil) {
        self.fields = fields
        self.line = line
        self.raw = raw
        self.problem = problem
    }

    /// True when every field is empty or only spaces and tabs (a blank line, or a line of
    /// commas) and the record had no syntax problem (an unterminated quote yields no fields
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
    /// A quoted field was still open at the end of the file; the lines after the record's
    /// first line were read again as records of their own.
    case unterminatedQuote

    public var description: String {
        switch self {
        case .invalidUTF8: "the row is not valid UTF-8"
        case .textAfterClosingQuote: "malformed quoting: text after a closing quote"
        case .unterminatedQuote: "malformed quoting: a quoted field is never closed"
        }
    }
}
