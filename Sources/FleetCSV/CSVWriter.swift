/// Writes RFC 4180 CSV that spreadsheets cannot mistake for formulas.
///
/// Text that comes from data (flight numbers, alert headlines, raw rejected rows) is a
/// ``CSVCell/text(_:)`` and gets a leading `'` when it starts with `=`, `+`, `-`, `@`, tab or
/// carriage return, so Excel or LibreOffice never evaluates it. Numbers the program formats
/// itself are ``CSVCell/number(_:)`` and stay plain so analysts can compute with them
/// (a negative temperature such as `-3.5` is a number, not a formula).
///
/// Spreadsheets in locales whose list separator is `;` split a line at every `;`, and honour
/// quotes only at the start of a piece, so quoting a cell does not keep `B738;=1+1` whole
/// there: its second piece would run as a formula. Text cells holding `;` are therefore
/// quoted (one cell wherever quotes are honoured), and a `'` is put right after any `;`
/// whose piece would start a formula (after any quotes): `B738;'=1+1`. The value reads back
/// the same apart from these guards.
public enum CSVCell: Sendable, Equatable {
    /// Text from data or the program; formula-guarded.
    case text(String)
    /// A number formatted by the program (digits, one `.`, optional leading `-`).
    case number(String)
    /// An empty cell.
    case empty
}

/// Builds CSV text row by row (CRLF line ends, as RFC 4180 specifies).
public struct CSVWriter: Sendable {
    /// The CSV text so far.
    public private(set) var text = ""

    /// Creates an empty writer.
    public init() {}

    /// Creates a writer whose first row is a header.
    ///
    /// - Parameter header: The column names.
    public init(header: [String]) {
        appendRow(header.map(CSVCell.text))
    }

    /// Appends one row.
    ///
    /// - Parameter cells: The row's cells in column order.
    public mutating func appendRow(_ cells: [CSVCell]) {
        text.append(Self.line(cells))
    }

    /// Encodes one row: its cells, comma-separated, and the CRLF line end.
    ///
    /// - Parameter cells: The row's cells in column order.
    /// - Returns: The row's text.
    public static func line(_ cells: [CSVCell]) -> String {
        var line = ""
        for (index, cell) in cells.enumerated() {
            if index > 0 { line.append(",") }
            line.append(encode(cell))
        }
        return line + "\r\n"
    }

    /// Encodes one cell: formula guard for text, then quoting when needed.
    ///
    /// - Parameter cell: The cell.
    /// - Returns: The cell as it appears in the file.
    public static func encode(_ cell: CSVCell) -> String {
        switch cell {
        case .empty:
            return ""
        case .number(let value):
            return quoteIfNeeded(value)
        case .text(let value):
            return quoteIfNeeded(guardFormula(value))
        }
    }

    /// Prefixes a `'` to text a spreadsheet would run as a formula, and puts one after each
    /// `;` whose `;`-separated piece would (see ``CSVWriter``).
    ///
    /// - Parameter value: The text.
    /// - Returns: The text, safe to open in a spreadsheet.
    public static func guardFormula(_ value: String) -> String {
        guard let first = value.unicodeScalars.first else { return value }
        let guarded = startsFormula(first) ? "'" + value : value
        guard value.utf8.contains(UInt8(ascii: ";")) else { return guarded }
        var result = String.UnicodeScalarView()
        let scalars = Array(guarded.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            result.append(scalar)
            guard scalar == ";" else { continue }
            let next = scalars[(index + 1)...].first { $0 != "\"" }
            if let next, startsFormula(next) { result.append("'") }
        }
        return String(result)
    }

    /// Whether a piece of a cell starting with this character runs as a formula.
    private static func startsFormula(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "=", "+", "-", "@", "\t", "\r": true
        default: false
        }
    }

    private static func quoteIfNeeded(_ value: String) -> String {
        let needsQuotes = value.utf8.contains { byte in
            byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\n")
                || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: ";")
        }
        guard needsQuotes else { return value }
        var quoted = "\""
        for character in value {
            if character == "\"" { quoted.append("\"") }
            quoted.append(character)
        }
        quoted.append("\"")
        return quoted
    }
}
