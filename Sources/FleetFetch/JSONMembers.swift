internal import Foundation

/// Finds the top-level members of a JSON object as byte ranges of the original text, without
/// building a Foundation object graph.
///
/// The fetch engine splits every WeatherKit body into one cache entry per data set. Doing that
/// with `JSONSerialization` (parse, then re-serialize each member) cost about a quarter of the
/// fetch phase's CPU at 2,000 cells; a scan that only tracks strings and nesting is linear and
/// keeps each member byte for byte as the service sent it.
enum JSONMembers {
    /// The byte range of each top-level member's value, by key.
    ///
    /// - Parameter data: A JSON document.
    /// - Returns: `nil` when the document is not a well-formed-looking JSON object (callers
    ///   then fall back on `JSONSerialization`), or when a key uses escapes.
    static func ranges(in data: Data) -> [String: Range<Int>]? {
        let bytes = [UInt8](data)
        var index = 0
        skipSpace(bytes, &index)
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return nil }
        index += 1
        var members: [String: Range<Int>] = [:]
        skipSpace(bytes, &index)
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { return members }
        while index < bytes.count {
            skipSpace(bytes, &index)
            guard let key = plainKey(bytes, &index) else { return nil }
            skipSpace(bytes, &index)
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
            index += 1
            skipSpace(bytes, &index)
            let start = index
            guard skipValue(bytes, &index) else { return nil }
            members[key] = start..<index
            skipSpace(bytes, &index)
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: "}") { return members }
            guard bytes[index] == UInt8(ascii: ",") else { return nil }
            index += 1
        }
        return nil
    }

    /// A one-member object `{"key":<value bytes>}` built from a range of the original text.
    ///
    /// - Parameters:
    ///   - key: The member name (plain ASCII, as found by ``ranges(in:)``).
    ///   - range: The value's bytes in `data`.
    ///   - data: The original document.
    /// - Returns: The new document.
    static func object(key: String, range: Range<Int>, of data: Data) -> Data {
        var result = Data("{\"\(key)\":".utf8)
        let base = data.startIndex
        result.append(data[(base + range.lowerBound)..<(base + range.upperBound)])
        result.append(UInt8(ascii: "}"))
        return result
    }

    private static func skipSpace(_ bytes: [UInt8], _ index: inout Int) {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    /// A key without escapes; `nil` for anything else.
    private static func plainKey(_ bytes: [UInt8], _ index: inout Int) -> String? {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
        let start = index + 1
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
            if bytes[end] == UInt8(ascii: "\\") { return nil }
            end += 1
        }
        guard end < bytes.count else { return nil }
        index = end + 1
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// Skips one value: a string, an object or array (tracking nesting and strings inside),
    /// or a literal/number (up to the next delimiter).
    private static func skipValue(_ bytes: [UInt8], _ index: inout Int) -> Bool {
        guard index < bytes.count else { return false }
        switch bytes[index] {
        case UInt8(ascii: "\""):
            return skipString(bytes, &index)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\""):
                    guard skipString(bytes, &index) else { return false }
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 {
                        index += 1
                        return true
                    }
                default:
                    break
                }
                index += 1
            }
            return false
        default:
            let start = index
            while index < bytes.count,
                ![UInt8(ascii: ","), UInt8(ascii: "}"), 0x20, 0x09, 0x0A, 0x0D].contains(bytes[index])
            {
                index += 1
            }
            return index > start
        }
    }

    /// Skips a string starting at its opening quote, escapes included.
    private static func skipString(_ bytes: [UInt8], _ index: inout Int) -> Bool {
        index += 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""):
                index += 1
                return true
            default: index += 1
            }
        }
        return false
    }
}
