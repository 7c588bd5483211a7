/// Reads RFC 4180 records from a byte stream, one at a time, in bounded memory.
///
/// Why a hand-written state machine rather than splitting lines: quoted fields may hold
/// commas, doubled quotes and line breaks, and a rejected row must be reported with the
/// line it starts on and its raw text. The reader accepts LF, CRLF and lone CR line ends,
/// skips a leading UTF-8 BOM, and reports syntax problems on the record instead of failing
/// the whole file.
///
/// Memory stays bounded whatever the input (issue 9): a record keeps at most `recordLimit`
/// bytes. A longer record is read on to its end without storing more and comes back with
/// ``CSVProblem/tooLong(bytes:limit:)`` and its raw text cut to the limit. A quoted field that
/// is never closed (the end of the file comes first, or it spans a line break and is still
/// open at the limit) ends its record at the end of the line the quote opened on; from there
/// on every physical line is a record of its own, flagged
/// ``CSVProblem/insideUnterminatedQuote(openedOnLine:)``, so one stray quote cannot swallow
/// the rest of the file, and nothing is read twice.
public struct CSVReader {
    /// The most bytes one record keeps: 64 KiB, far beyond any real schedule row.
    public static var defaultRecordLimit: Int { 64 * 1024 }

    private var cursor: ByteCursor
    private var line = 1
    private var startedReading = false
    private let limit: Int
    /// Set once a quoted field was found never closed: the line it opened on.
    private var openQuoteLine: Int?

    /// Creates a reader.
    ///
    /// - Parameters:
    ///   - source: Where the bytes come from.
    ///   - recordLimit: The most bytes one record keeps (tests use small limits).
    public init(source: some ByteSource, recordLimit: Int = defaultRecordLimit) {
        self.cursor = ByteCursor(source: source)
        self.limit = max(1, recordLimit)
    }

    /// Reads the next record.
    ///
    /// - Returns: The record, or `nil` at the end of the input.
    /// - Throws: Only I/O errors from the source; syntax problems are reported on the record.
    public mutating func next() throws -> CSVRecord? {
        if !startedReading {
            startedReading = true
            try cursor.skipByteOrderMark()
        }
        if let opened = openQuoteLine { return try nextLineInsideQuote(opened: opened) }
        if try cursor.peek() != nil, let plain = cursor.plainRecord(limit: limit) {
            defer { line += 1 }
            return CSVRecord(fields: plain.fields, line: line, rawBytes: plain.raw, holdsNUL: false)
        }
        var scan = RecordScan(startLine: line, limit: limit)
        while true {
            guard let byte = try cursor.next() else {
                if scan.isEmpty { return nil }
                if scan.state == .quoted {
                    return unterminated(scan, split: scan.quoteLineEnd, pastLimit: false)
                }
                return finish(scan)
            }
            switch try scan.consume(byte, cursor: &cursor) {
            case .more:
                continue
            case .end:
                line = scan.nextLine
                return finish(scan)
            case .quoteOpenAtLimit(let split, let byte):
                return unterminated(scan, split: split, then: byte, pastLimit: true)
            case .quoteOpenPastLimitAtLineEnd:
                return unterminated(scan, split: nil, pastLimit: true)
            }
        }
    }

    /// Ends the record whose quoted field is never closed at the end of the line the quote
    /// opened on (`split`, an index in its raw bytes, or its whole raw text), puts the stored
    /// bytes after that line (and `then`, the byte read but not stored) back, and switches to
    /// reading physical lines.
    private mutating func unterminated(
        _ scan: RecordScan, split: Int?, then: UInt8? = nil, pastLimit: Bool
    ) -> CSVRecord {
        var kept = scan.raw
        if let split {
            var rest = Array(scan.raw[(split + 1)...])
            if let then { rest.append(then) }
            if scan.raw[split] == UInt8(ascii: "\r"), rest.first == UInt8(ascii: "\n") { rest.removeFirst() }
            cursor.pushBack(rest)
            kept = Array(scan.raw[..<split])
        }
        openQuoteLine = scan.quoteLine
        line = scan.quoteLine + 1
        return CSVRecord(
            fields: [], line: scan.startLine, rawBytes: Self.cut(kept, cut: scan.overflowed),
            problem: pastLimit
                ? .quoteOpenPastLimit(openedOnLine: scan.quoteLine, limit: limit)
                : .unterminatedQuote(openedOnLine: scan.quoteLine), holdsNUL: false)
    }

    /// One physical line after a quote that is never closed: not read as CSV at all.
    private mutating func nextLineInsideQuote(opened: Int) throws -> CSVRecord? {
        var bytes: [UInt8] = []
        var total = 0
        var sawAnything = false
        while let byte = try cursor.next() {
            sawAnything = true
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                if byte == UInt8(ascii: "\r"), try cursor.peek() == UInt8(ascii: "\n") { _ = try cursor.next() }
                break
            }
            total += 1
            if bytes.count < limit { bytes.append(byte) }
        }
        guard sawAnything else { return nil }
        defer { line += 1 }
        // An empty line carries nothing, inside a quote or not: it is a blank record.
        if total == 0 { return CSVRecord(fields: [""], line: line, rawBytes: [], holdsNUL: false) }
        return CSVRecord(
            fields: [], line: line, rawBytes: Self.cut(bytes, cut: total > limit),
            problem: .insideUnterminatedQuote(openedOnLine: opened), holdsNUL: false)
    }

    private func finish(_ scan: RecordScan) -> CSVRecord {
        if scan.overflowed {
            return CSVRecord(
                fields: [], line: scan.startLine, rawBytes: Self.cut(scan.raw, cut: true),
                problem: .tooLong(bytes: scan.total, limit: limit), holdsNUL: false)
        }
        var scan = scan
        scan.endField()
        var problem = scan.problem
        var fields: [String] = []
        fields.reserveCapacity(scan.fields.count)
        for bytes in scan.fields {
            if let text = String(validating: bytes, as: UTF8.self) {
                fields.append(text)
            } else {
                problem = problem ?? .invalidUTF8
                fields.append(String(decoding: bytes, as: UTF8.self))
            }
        }
        // The raw bytes need no check of their own: they are the fields' bytes with ASCII commas
        // and quotes put back, which cannot break a UTF-8 sequence; the one way dropping a quote
        // could join two halves of one, text after a closing quote (`"\xC3"\xA9`), is already a
        // problem.
        return CSVRecord(
            fields: fields, line: scan.startLine, rawBytes: scan.raw, problem: problem, holdsNUL: scan.holdsNUL)
    }

    /// Raw bytes as kept; bytes cut at the limit lose a trailing incomplete UTF-8 sequence
    /// (rather than end in a replacement character the file never had).
    private static func cut(_ bytes: [UInt8], cut: Bool) -> [UInt8] {
        guard cut else { return bytes }
        var end = bytes.count
        var back = 0
        while end - back > 0, back < 4, bytes[end - back - 1] & 0xC0 == 0x80 { back += 1 }
        if end - back > 0 {
            let lead = bytes[end - back - 1]
            let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
            if length > back + 1 { end -= back + 1 }
        }
        return Array(bytes[..<end])
    }
}

extension CSVReader {
    /// Creates a reader over text in memory.
    ///
    /// - Parameters:
    ///   - text: The CSV text.
    ///   - recordLimit: The most bytes one record keeps.
    public init(text: String, recordLimit: Int = defaultRecordLimit) {
        self.init(source: MemoryByteSource(text), recordLimit: recordLimit)
    }
}
