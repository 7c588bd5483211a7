/// Reads RFC 4180 records from a byte stream, one at a time.
///
/// Why a hand-written state machine rather than splitting lines: quoted fields may hold
/// commas, doubled quotes and line breaks, and a rejected row must be reported with the
/// line it starts on and its raw text. The reader never holds more than one record (plus a
/// read chunk) in memory, accepts LF, CRLF and lone CR line ends, skips a leading UTF-8 BOM,
/// and reports syntax problems on the record instead of failing the whole file.
public struct CSVReader<Source: ByteSource> {
    private var cursor: ByteCursor<Source>
    private var line = 1

    /// Creates a reader.
    ///
    /// - Parameter source: Where the bytes come from.
    public init(source: Source) {
        self.cursor = ByteCursor(source: source)
    }

    /// Reads the next record.
    ///
    /// - Returns: The record, or `nil` at the end of the input.
    /// - Throws: Only I/O errors from the source; syntax problems are reported on the record.
    public mutating func next() throws -> CSVRecord? {
        if line == 1 { try cursor.skipByteOrderMark() }
        var scan = RecordScan(startLine: line)
        while true {
            guard let byte = try cursor.next() else {
                if scan.isEmpty { return nil }
                if scan.state == .quoted { return try recoverUnterminated(scan) }
                return finish(scan)
            }
            if try scan.consume(byte, cursor: &cursor) {
                line = scan.nextLine
                return finish(scan)
            }
        }
    }

    /// Ends an unterminated quoted field: reports the record's first physical line and reads
    /// the lines after it again, so one stray quote cannot swallow the rest of the file.
    private mutating func recoverUnterminated(_ scan: RecordScan) throws -> CSVRecord? {
        let firstLine = scan.firstLineEnd.map { Array(scan.raw[..<$0]) } ?? scan.raw
        if let end = scan.firstLineEnd {
            var rest = Array(scan.raw[(end + 1)...])
            if scan.raw[end] == UInt8(ascii: "\r"), rest.first == UInt8(ascii: "\n") { rest.removeFirst() }
            cursor.pushBack(rest)
            line = scan.startLine + 1
        } else {
            line = scan.nextLine
        }
        return CSVRecord(
            fields: [],
            line: scan.startLine,
            raw: String(decoding: firstLine, as: UTF8.self),
            problem: .unterminatedQuote
        )
    }

    private func finish(_ scan: RecordScan) -> CSVRecord {
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
        if problem == nil, String(validating: scan.raw, as: UTF8.self) == nil { problem = .invalidUTF8 }
        return CSVRecord(
            fields: fields,
            line: scan.startLine,
            raw: String(decoding: scan.raw, as: UTF8.self),
            problem: problem
        )
    }
}

extension CSVReader where Source == MemoryByteSource {
    /// Creates a reader over text in memory.
    ///
    /// - Parameter text: The CSV text.
    public init(text: String) {
        self.init(source: MemoryByteSource(text))
    }
}

/// The state of one record being scanned.
private struct RecordScan {
    enum State { case fieldStart, unquoted, quoted, quoteInQuoted }

    let startLine: Int
    var nextLine: Int
    var state = State.fieldStart
    var raw: [UInt8] = []
    var fields: [[UInt8]] = []
    var field: [UInt8] = []
    var problem: CSVProblem?
    var firstLineEnd: Int?
    private var sawAnything = false

    init(startLine: Int) {
        self.startLine = startLine
        self.nextLine = startLine
    }

    var isEmpty: Bool { !sawAnything }

    mutating func endField() {
        fields.append(field)
        field = []
    }

    /// Consumes one byte; returns true when it ended the record.
    mutating func consume<S>(_ byte: UInt8, cursor: inout ByteCursor<S>) throws -> Bool {
        sawAnything = true
        let quote = UInt8(ascii: "\"")
        let comma = UInt8(ascii: ",")
        let lf = UInt8(ascii: "\n")
        let cr = UInt8(ascii: "\r")
        if (byte == lf || byte == cr) && state != .quoted {
            if byte == cr, try cursor.peek() == lf { _ = try cursor.next() }
            nextLine += 1
            return true
        }
        raw.append(byte)
        switch state {
        case .fieldStart:
            if byte == quote {
                state = .quoted
            } else if byte == comma {
                endField()
            } else {
                field.append(byte)
                state = .unquoted
            }
        case .unquoted:
            if byte == comma {
                endField()
                state = .fieldStart
            } else {
                field.append(byte)
            }
        case .quoted:
            if byte == quote {
                state = .quoteInQuoted
            } else {
                field.append(byte)
                if byte == lf || byte == cr {
                    // The first line ends at its LF, lone CR, or the CR of a CRLF (so its raw
                    // text, if the quote is never closed, has no line-end byte in it).
                    if firstLineEnd == nil { firstLineEnd = raw.count - 1 }
                    let next = byte == cr ? try cursor.peek() : nil
                    if byte == lf || next != lf { nextLine += 1 }
                }
            }
        case .quoteInQuoted:
            if byte == quote {
                field.append(quote)
                state = .quoted
            } else if byte == comma {
                endField()
                state = .fieldStart
            } else {
                problem = problem ?? .textAfterClosingQuote
                field.append(byte)
                state = .unquoted
            }
        }
        return false
    }
}

/// A byte-at-a-time view of a chunked source, with push-back for re-reading.
struct ByteCursor<Source: ByteSource> {
    private var source: Source
    private var chunk: [UInt8] = []
    private var index = 0
    private var finished = false

    init(source: Source) {
        self.source = source
    }

    mutating func next() throws -> UInt8? {
        guard try fill() else { return nil }
        defer { index += 1 }
        return chunk[index]
    }

    mutating func peek() throws -> UInt8? {
        guard try fill() else { return nil }
        return chunk[index]
    }

    /// Puts bytes back in front of what is left to read.
    mutating func pushBack(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        chunk = bytes + chunk[index...]
        index = 0
    }

    mutating func skipByteOrderMark() throws {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        guard try fill() else { return }
        while chunk.count - index < 3, !finished {
            guard let more = try source.nextChunk() else {
                finished = true
                break
            }
            chunk = Array(chunk[index...]) + more
            index = 0
        }
        if chunk.count - index >= 3, Array(chunk[index..<index + 3]) == bom { index += 3 }
    }

    private mutating func fill() throws -> Bool {
        while index >= chunk.count {
            guard !finished, let next = try source.nextChunk() else {
                finished = true
                return false
            }
            chunk = next
            index = 0
        }
        return true
    }
}
