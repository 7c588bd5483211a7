/// Walking a document without building it: the steps ``BodyStream`` reads a body with.
///
/// Each step mirrors the part of ``JSONParser/value()`` it replaces (the same checks in the
/// same order, the same words and offsets, the same nesting count), so a body read in a
/// stream fails exactly where and how the tree parser failed: a skipped member is still
/// checked to the last byte, it is only not kept.
extension JSONParser {
    /// The byte at the read position, if any.
    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// Opens an object at `{`; `false` (and the object closed) when it is empty.
    mutating func openObject() throws(WeatherDataError) -> Bool {
        try enter()
        index += 1
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return false
        }
        return true
    }

    /// A member's name and its `:`, leaving the read position on the value.
    mutating func memberKey() throws(WeatherDataError) -> BodyKey {
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
            throw fail("a member name was expected")
        }
        let key = try keyName()
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("':' was expected") }
        index += 1
        skipSpace()
        return key
    }

    /// After a member's value: `true` when another member follows, `false` when the object ends.
    mutating func nextMember() throws(WeatherDataError) -> Bool {
        skipSpace()
        guard index < bytes.count else { throw fail("'}' was expected") }
        if bytes[index] == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return false
        }
        guard bytes[index] == UInt8(ascii: ",") else { throw fail("',' or '}' was expected") }
        index += 1
        return true
    }

    /// Opens an array at `[`; `false` (and the array closed) when it is empty.
    mutating func openArray() throws(WeatherDataError) -> Bool {
        try enter()
        index += 1
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return false
        }
        return true
    }

    /// After an element: `true` when another follows (the position on it), `false` at the end.
    mutating func nextElement() throws(WeatherDataError) -> Bool {
        skipSpace()
        guard index < bytes.count else { throw fail("']' was expected") }
        if bytes[index] == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return false
        }
        guard bytes[index] == UInt8(ascii: ",") else { throw fail("',' or ']' was expected") }
        index += 1
        skipSpace()
        return true
    }

    /// A member name as a ``BodyKey``, from its bytes when it has no escape (nearly always).
    private mutating func keyName() throws(WeatherDataError) -> BodyKey {
        if let plain = plainString() { return BodyKey(plain) }
        return BodyKey(name: try string())  // escapes, or an error the string reader words
    }

    /// The bytes of a string without escapes, the position after its closing quote; `nil`
    /// (the position unchanged) for any other value, or a string the string reader must read.
    mutating func plainString() -> UnsafeBufferPointer<UInt8>? {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
        let start = index + 1
        var end = start
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") {
                index = end + 1
                return UnsafeBufferPointer(rebasing: bytes[start..<end])
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
            end += 1
        }
        return nil
    }

    /// Checks a value and moves past it, building nothing.
    mutating func skipValue() throws(WeatherDataError) {
        guard index < bytes.count else { throw fail("a value was expected") }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            guard try openObject() else { return }
            repeat {
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                    throw fail("a member name was expected")
                }
                try skipString()
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("':' was expected") }
                index += 1
                skipSpace()
                try skipValue()
            } while try nextMember()
        case UInt8(ascii: "["):
            guard try openArray() else { return }
            repeat { try skipValue() } while try nextElement()
        case UInt8(ascii: "\""): try skipString()
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"): _ = try value()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): _ = try number()
        default: throw fail("unexpected character")
        }
    }

    /// Checks a string from its opening quote and moves past it.
    private mutating func skipString() throws(WeatherDataError) {
        index += 1
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return
            }
            if byte == UInt8(ascii: "\\") {
                _ = try escapedString(from: start)
                return
            }
            guard byte >= 0x20 else { throw fail("a control character inside a string") }
            index += 1
        }
        throw fail("an unterminated string")
    }
}
