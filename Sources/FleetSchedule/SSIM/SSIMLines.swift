internal import FleetCSV

/// Splits a byte stream into SSIM records: one per line (LF or CRLF), or, in a file without
/// line ends (a mainframe export), one per 200 bytes.
///
/// A file is taken as unbroken when its first line runs past 200 bytes while starting like a
/// record; its records are then numbered by position, which is what `line` means for them.
/// A line longer than ``lineLimit`` is cut there (and rejected for its length), so a damaged
/// file of one endless line costs bounded memory.
struct SSIMLines<Source: ByteSource> {
    private var source: Source
    private var buffer: [UInt8] = []
    private var position = 0
    private var ended = false
    private var line = 0
    private var unbroken: Bool?

    /// The most bytes of one line kept.
    static var lineLimit: Int { 4_096 }

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
        while buffer.count - position <= SSIMLayout.recordLength, try fill() {}
        let head = buffer[position...]
        let firstEnd = head.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) ?? buffer.count
        unbroken = firstEnd - position > SSIMLayout.recordLength && head.first == UInt8(ascii: "1")
    }

    private mutating func nextBlock() throws -> (record: SSIMRecord, length: Int)? {
        while buffer.count - position < SSIMLayout.recordLength + 2, try fill() {}
        while position < buffer.count, buffer[position] == 0x0A || buffer[position] == 0x0D { position += 1 }
        guard position < buffer.count else { return nil }
        let end = min(position + SSIMLayout.recordLength, buffer.count)
        let bytes = Array(buffer[position..<end])
        position = end
        line += 1
        return (SSIMRecord(bytes: bytes, line: line), bytes.count)
    }

    private mutating func nextLine() throws -> (record: SSIMRecord, length: Int)? {
        var checked = 0  // bytes after `position` known to hold no line feed
        while true {
            if let newline = buffer[(position + checked)...].firstIndex(of: 0x0A) {
                return take(upTo: newline, skipping: 1)
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
        var last = end
        if last > position, buffer[last - 1] == 0x0D { last -= 1 }
        let bytes = Array(buffer[position..<last])
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
            if let newline = buffer[position...].firstIndex(of: 0x0A) {
                length += newline - position
                position = newline + 1
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
