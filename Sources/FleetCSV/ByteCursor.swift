/// A byte-at-a-time view of a chunked source, with push-back for re-reading.
///
/// Not generic: the source is only asked once a chunk, so an existential costs nothing, while
/// a generic cursor called across modules unspecialized looked up its type metadata on every
/// byte (a tenth of the time of reading a schedule).
struct ByteCursor {
    private var source: any ByteSource
    private var chunk: [UInt8] = []
    private var index = 0
    private var finished = false

    init(source: any ByteSource) {
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

    /// Puts bytes back in front of what is left to read (at most one record's worth, once
    /// per file: after it the reader only reads lines).
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

extension ByteCursor {
    /// The record at the cursor, read at once, when it is plain: wholly in the chunk at hand,
    /// ended by a line end, no longer than `limit`, valid UTF-8, without a quote or a NUL byte.
    /// Such a record is its bytes split at the commas, exactly what ``RecordScan`` makes of it
    /// byte by byte; anything else is `nil`, the cursor untouched, and is left to the scan.
    /// Nearly every schedule row is plain, and this is several times faster than the scan.
    ///
    /// - Parameter limit: The most bytes a record keeps.
    /// - Returns: The fields and raw bytes, the cursor past the line end; or `nil`.
    mutating func plainRecord(limit: Int) -> (fields: [String], raw: [UInt8])? {
        let start = index
        let found = chunk.withUnsafeBufferPointer { buffer -> (fields: [String], end: Int, next: Int)? in
            let quote = UInt8(ascii: "\"")
            let comma = UInt8(ascii: ",")
            let lf = UInt8(ascii: "\n")
            let cr = UInt8(ascii: "\r")
            var position = start
            var ascii = true
            var commas = 0
            while position < buffer.count {
                let byte = buffer[position]
                if byte == lf || byte == cr { break }
                if byte == quote || byte == 0 { return nil }
                if byte == comma { commas += 1 }
                if byte >= 0x80 { ascii = false }
                position += 1
            }
            guard position < buffer.count, position - start <= limit else { return nil }
            var next = position + 1
            if buffer[position] == cr {
                guard next < buffer.count else { return nil }  // a LF may follow in the next chunk
                if buffer[next] == lf { next += 1 }
            }
            var fields: [String] = []
            fields.reserveCapacity(commas + 1)
            var fieldStart = start
            for cut in start...position where cut == position || buffer[cut] == comma {
                let bytes = UnsafeBufferPointer(rebasing: buffer[fieldStart..<cut])
                if ascii {
                    fields.append(String(decoding: bytes, as: UTF8.self))
                } else {
                    guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
                    fields.append(text)
                }
                fieldStart = cut + 1
            }
            return (fields, position, next)
        }
        guard let found else { return nil }
        index = found.next
        return (found.fields, Array(chunk[start..<found.end]))
    }
}
