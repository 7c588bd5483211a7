/// The state of one record being scanned by ``CSVReader``, with at most `limit` raw bytes
/// (and as many field bytes) stored.
struct RecordScan {
    enum State { case fieldStart, unquoted, quoted, quoteInQuoted }

    /// What one byte did to the record.
    enum Step {
        /// The record goes on.
        case more
        /// The byte was the record's line end.
        case end
        /// The record reached the limit inside a quoted field that already spans a line
        /// break: it ends at `split` (an index of `raw`), and the stored bytes after that
        /// line, then `byte` (read, not stored), are to be read again as lines.
        case quoteOpenAtLimit(split: Int, byte: UInt8)
        /// A line break inside a quoted field of a record already past the limit: the record
        /// ends here, with the line the quote opened on.
        case quoteOpenPastLimitAtLineEnd
    }

    let startLine: Int
    let limit: Int
    var nextLine: Int
    var state = State.fieldStart
    var raw: [UInt8] = []
    var fields: [[UInt8]] = []
    var field: [UInt8] = []
    var problem: CSVProblem?
    /// Bytes of the record (line end excluded), stored or not.
    private(set) var total = 0
    /// Whether a NUL byte was read (it can only be in a field: it is neither quote nor comma).
    private(set) var holdsNUL = false
    /// The line the latest quoted field opened on.
    private(set) var quoteLine: Int
    /// Where, in `raw`, the line the open quoted field started on ends (`nil` while the
    /// field is on its first line).
    private(set) var quoteLineEnd: Int?

    init(startLine: Int, limit: Int) {
        self.startLine = startLine
        self.limit = limit
        self.nextLine = startLine
        self.quoteLine = startLine
    }

    /// Whether no byte of a record was read. Every byte but a line end outside quotes counts
    /// in ``total``, and that line end ends the record (the reader starts a new scan), so a scan
    /// still open has read something exactly when `total > 0`.
    var isEmpty: Bool { total == 0 }

    /// Whether the record is longer than the limit (bytes past it were not stored).
    var overflowed: Bool { total > limit }

    mutating func endField() {
        guard !overflowed else { return }
        fields.append(field)
        field = []
    }

    private mutating func store(_ byte: UInt8) {
        if !overflowed { field.append(byte) }
    }

    /// Consumes one byte.
    mutating func consume(_ byte: UInt8, cursor: inout ByteCursor) throws -> Step {
        let quote = UInt8(ascii: "\"")
        let comma = UInt8(ascii: ",")
        let lf = UInt8(ascii: "\n")
        let cr = UInt8(ascii: "\r")
        if (byte == lf || byte == cr) && state != .quoted {
            if byte == cr, try cursor.peek() == lf { _ = try cursor.next() }
            nextLine += 1
            return .end
        }
        total += 1
        if byte == 0 { holdsNUL = true }
        if total == limit + 1, state == .quoted || state == .quoteInQuoted, let split = quoteLineEnd {
            return .quoteOpenAtLimit(split: split, byte: byte)
        }
        if !overflowed { raw.append(byte) }
        switch state {
        case .fieldStart:
            if byte == quote {
                state = .quoted
                quoteLine = nextLine
                quoteLineEnd = nil
            } else if byte == comma {
                endField()
            } else {
                store(byte)
                state = .unquoted
            }
        case .unquoted:
            if byte == comma {
                endField()
                state = .fieldStart
            } else {
                store(byte)
            }
        case .quoted:
            if byte == quote {
                state = .quoteInQuoted
            } else {
                store(byte)
                if byte == lf || byte == cr {
                    if overflowed {
                        if byte == cr, try cursor.peek() == lf { _ = try cursor.next() }
                        return .quoteOpenPastLimitAtLineEnd
                    }
                    // The quote's line ends at its LF, lone CR, or the CR of a CRLF (so its raw
                    // text, if the quote is never closed, has no line-end byte in it).
                    if quoteLineEnd == nil { quoteLineEnd = raw.count - 1 }
                    let next = byte == cr ? try cursor.peek() : nil
                    if byte == lf || next != lf { nextLine += 1 }
                }
            }
        case .quoteInQuoted:
            if byte == quote {
                store(quote)
                state = .quoted
            } else if byte == comma {
                endField()
                state = .fieldStart
            } else {
                problem = problem ?? .textAfterClosingQuote
                store(byte)
                state = .unquoted
            }
        }
        return .more
    }
}
