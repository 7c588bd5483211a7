internal import FleetCSV

/// Splits a byte stream into SSIM records: one per line (LF, CRLF or CR alone), or, in a file
/// without line ends (a mainframe export), one per 200 bytes.
///
/// A file is taken as unbroken when its first line runs on past 200 bytes into a second
/// record: byte 201 is a record type (`0`–`5`). Its records are then numbered by position,
/// which is what `line` means for them; a line end met inside a record ends it there (that
/// record is rejected for its length), so the records after it stay aligned. A UTF-8 byte
/// order mark before the first record is skipped. A line longer than ``lineLimit`` is cut
/// there (and rejected for its length), so a damaged file of one endless line costs bounded
/// memory.
struct SSIMLines<Source: ByteSource> {
    private var source: Source
    private var buffer: [UInt8] = []
    private var position = 0
    private var ended = false
    private var line = 0
    private var unbroken: Bool?
    /// Records of the current line of an unbroken file not handed out yet, last first.
    private var pending: [[UInt8]] = []

    /// The most bytes of one line kept.
    static var lineLimit: Int { 4_096 }
    /// The longest line of an unbroken file split as a whole (a block of records, usually 5).
    static var blockLineLimit: Int { 64 * 1024 }

    init(source: Source) {
        self.source = source
    }

    /// The next record and its length as found (longer than its bytes when it was cut), or
    /// `nil` at the end.
    mutating func next() throws -> (record: SSIMRecord, length: Int)? {
        if unbroken == nil { try decideLayout() }
        return unbroken == true ? try nextBlock() : try nextLine()
    }

    private mutating func decideLayout() throws {
        while buffer.count - position <= SSIMLayout.recordLength + 3, try fill() {}
        if buffer[position...].starts(with: [0xEF, 0xBB, 0xBF]) { position += 3 }
        unbroken = SSIMBytes.isUnbroken(buffer[position...])
    }

    private mutating func nextBlock() throws -> (record: SSIMRecord, length: Int)? {
        if pending.isEmpty {
            guard let pieces = try nextBlockLine() else { return nil }
            pending = pieces
            pending.reverse()
        }
        guard let bytes = pending.popLast() else { return nil }
        line += 1
        return (SSIMRecord(bytes: bytes, line: line), bytes.count)
    }

    /// The records of the next line of an unbroken file: the line cut into 200-byte records.
    ///
    /// When its length is not a multiple of 200, one of its records is damaged. Records are
    /// taken from its start, and from its end backwards, as long as they look like records
    /// (``SSIMBytes/looksAligned(_:)``); what is left between is the damaged one, rejected
    /// alone for its length. A line too long to hold (a file with no line end at all) is cut
    /// from its start as it streams.
    private mutating func nextBlockLine() throws -> [[UInt8]]? {
        while true {  // skip line ends between lines, across chunks
            while position < buffer.count, SSIMBytes.isLineEnd(buffer[position]) { position += 1 }
            if position < buffer.count { break }
            guard try fill() else { return nil }
        }
        var end: Int?
        while true {
            end = buffer[position...].firstIndex(where: SSIMBytes.isLineEnd)
            if end != nil || buffer.count - position > Self.blockLineLimit { break }
            guard try fill() else { break }
        }
        guard let lineEnd = end ?? (buffer.count - position <= Self.blockLineLimit ? buffer.count : nil) else {
            let record = Array(buffer[position..<(position + SSIMLayout.recordLength)])
            position += SSIMLayout.recordLength
            return [record]
        }
        let bytes = buffer[position..<lineEnd]
        position = lineEnd
        return SSIMBytes.split(bytes)
    }

    private mutating func nextLine() throws -> (record: SSIMRecord, length: Int)? {
        var checked = 0  // bytes after `position` known to hold no line end
        while true {
            if let end = buffer[(position + checked)...].firstIndex(where: SSIMBytes.isLineEnd) {
                // A CR as the last byte read may be the first half of a CRLF: read on to know.
                let offset = end - position
                if buffer[end] == 0x0D, end + 1 == buffer.count, try fill() {
                    checked = offset  // the buffer moved; the CR is still this far from the start
                    continue
                }
                let crlf = buffer[end] == 0x0D && end + 1 < buffer.count && buffer[end + 1] == 0x0A
                return take(upTo: end, skipping: crlf ? 2 : 1)
            }
            checked = buffer.count - position
            if checked > Self.lineLimit { return try takeLongLine() }
            guard try fill() else {
                guard position < buffer.count else { return nil }
                return take(upTo: buffer.count, skipping: 0)
            }
        }
    }

    private mutating func take(upTo end: Int, skipping: Int) -> (record: SSIMRecord, length: Int) {
        let bytes = Array(buffer[position..<end])
        position = end + skipping
        line += 1
        return (SSIMRecord(bytes: bytes, line: line), bytes.count)
    }

    /// Keeps the first ``lineLimit`` bytes of an overlong line and skips the rest of it.
    private mutating func takeLongLine() throws -> (record: SSIMRecord, length: Int) {
        let kept = Array(buffer[position..<(position + Self.lineLimit)])
        var length = buffer.count - position
        position = buffer.count
        while true {
            guard try fill() else { break }
            if let end = buffer[position...].firstIndex(where: SSIMBytes.isLineEnd) {
                length += end - position
                position = end + 1
                if buffer[end] == 0x0D {
                    if position == buffer.count { _ = try fill() }
                    if position < buffer.count, buffer[position] == 0x0A { position += 1 }
                }
                break
            }
            length += buffer.count - position
            position = buffer.count
        }
        line += 1
        return (SSIMRecord(bytes: kept, line: line), length)
    }

    /// Reads one more chunk onto the buffer, dropping what was consumed; `false` at the end.
    private mutating func fill() throws -> Bool {
        guard !ended else { return false }
        guard let chunk = try source.nextChunk() else {
            ended = true
            return false
        }
        if position > 0 {
            buffer.removeSubrange(0..<position)
            position = 0
        }
        buffer.append(contentsOf: chunk)
        return true
    }
}

/// Byte tests shared by the record splitter and format detection (outside the generic
/// splitter, so closures over them capture no generic metatype).
enum SSIMBytes {
    static func isLineEnd(_ byte: UInt8) -> Bool { byte == 0x0A || byte == 0x0D }

    static func isRecordType(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "5")
    }

    /// Whether 200 bytes look like a record where they stand: a record type, then padding
    /// zeros or a six-digit serial number at the end.
    static func looksAligned(_ record: ArraySlice<UInt8>) -> Bool {
        guard record.count == SSIMLayout.recordLength, let first = record.first, isRecordType(first) else {
            return false
        }
        let serial = record.suffix(6)
        return serial.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    /// A line of records without line ends between them, cut into records (see
    /// ``SSIMLines``): from both ends while they look aligned, the damaged rest between.
    static func split(_ line: ArraySlice<UInt8>) -> [[UInt8]] {
        let length = SSIMLayout.recordLength
        var head: [[UInt8]] = []
        var start = line.startIndex
        // From the start, a record also needs the next one to start with a record type: a record
        // a byte short followed by a leg would otherwise end in digits too.
        while line.endIndex - start >= length, looksAligned(line[start..<(start + length)]),
            start + length == line.endIndex || isRecordType(line[start + length])
        {
            head.append(Array(line[start..<(start + length)]))
            start += length
        }
        guard start < line.endIndex else { return head }
        var tail: [[UInt8]] = []
        var end = line.endIndex
        while end - start > length, looksAligned(line[(end - length)..<end]) {
            tail.append(Array(line[(end - length)..<end]))
            end -= length
        }
        // What is left is one damaged record (or, when nothing lines up, the rest of the line).
        return head + [Array(line[start..<end])] + tail.reversed()
    }

    /// Whether bytes start an unbroken run of records: no line end in the first 200 bytes, and
    /// a record type right after them.
    static func isUnbroken(_ head: ArraySlice<UInt8>) -> Bool {
        let length = SSIMLayout.recordLength
        guard head.count > length, let first = head.first, isRecordType(first) else { return false }
        let second = head[head.startIndex + length]
        return !head.prefix(length).contains(where: isLineEnd) && isRecordType(second)
    }
}
