internal import FleetFiles
public import Foundation

/// A strict RFC 8259 parser into ``JSONValue``, over the body's bytes.
///
/// Hand-written because WeatherKit bodies are parsed for every cell of a run (thousands of
/// 240-hour bodies): it makes one pass, builds no Foundation objects, and reads the common
/// numbers (up to 15 significant digits, small exponents) exactly without going through
/// text. Depth is limited, so a hostile document cannot exhaust the stack.
public struct JSONParser {
    /// Deepest nesting accepted; WeatherKit bodies nest about five levels.
    static let depthLimit = 64

    /// Parses a whole document (a UTF-8 byte-order mark is skipped).
    ///
    /// - Parameter data: The bytes.
    /// - Returns: The value.
    /// - Throws: ``WeatherDataError``.
    public static func parse(_ data: Data) throws(WeatherDataError) -> JSONValue {
        let result: Result<JSONValue, WeatherDataError> = data.withUnsafeBytes { raw in
            var parser = JSONParser(bytes: raw.bindMemory(to: UInt8.self))
            return Result { () throws(WeatherDataError) in try parser.document() }
        }
        return try result.get()
    }

    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    var depth = 0

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    private mutating func document() throws(WeatherDataError) -> JSONValue {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        skipSpace()
        guard index < bytes.count else { throw .syntax(offset: index, what: WeatherDataError.noValue) }
        let value = try self.value()
        skipSpace()
        guard index == bytes.count else { throw .syntax(offset: index, what: "text after the JSON value") }
        return value
    }

    mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    func fail(_ what: String) -> WeatherDataError {
        .syntax(offset: index, what: index >= bytes.count ? "cut off (\(what))" : what)
    }

    mutating func value() throws(WeatherDataError) -> JSONValue {
        guard index < bytes.count else { throw fail("a value was expected") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw fail("unexpected character")
        }
    }

    mutating func literal(_ word: StaticString, _ value: JSONValue) throws(WeatherDataError) -> JSONValue {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw fail("a literal was expected") }
        let start = word.utf8Start
        for offset in 0..<count where bytes[index + offset] != start[offset] { throw fail("unknown literal") }
        index += count
        return value
    }

    mutating func enter() throws(WeatherDataError) {
        depth += 1
        guard depth <= Self.depthLimit else { throw .tooDeep(limit: Self.depthLimit) }
    }

    private mutating func object() throws(WeatherDataError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        index += 1
        var members: [(key: String, value: JSONValue)] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw fail("a member name was expected")
            }
            let key = try string()
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("':' was expected") }
            index += 1
            skipSpace()
            members.append((key, try value()))
            skipSpace()
            guard index < bytes.count else { throw fail("'}' was expected") }
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            }
            guard bytes[index] == UInt8(ascii: ",") else { throw fail("',' or '}' was expected") }
            index += 1
        }
    }

    private mutating func array() throws(WeatherDataError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        index += 1
        var elements: [JSONValue] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            skipSpace()
            elements.append(try value())
            skipSpace()
            guard index < bytes.count else { throw fail("']' was expected") }
            if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(elements)
            }
            guard bytes[index] == UInt8(ascii: ",") else { throw fail("',' or ']' was expected") }
            index += 1
        }
    }

    /// A string from its opening quote; invalid UTF-8 is repaired with U+FFFD.
    mutating func string() throws(WeatherDataError) -> String {
        index += 1
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { return try escapedString(from: start) }
            guard byte >= 0x20 else { throw fail("a control character inside a string") }
            index += 1
        }
        throw fail("an unterminated string")
    }

    mutating func escapedString(from start: Int) throws(WeatherDataError) -> String {
        var utf8 = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { throw fail("an unterminated escape") }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"): utf8.append(contentsOf: try unicodeEscape())
                default: throw fail("an unknown escape")
                }
            default:
                guard byte >= 0x20 else { throw fail("a control character inside a string") }
                utf8.append(byte)
                index += 1
            }
        }
        throw fail("an unterminated string")
    }

    /// The UTF-8 of a `\uXXXX` escape (its `\u` already read), joining a surrogate pair; a
    /// lone surrogate becomes U+FFFD.
    private mutating func unicodeEscape() throws(WeatherDataError) -> [UInt8] {
        var code = try hex4()
        if (0xD800...0xDBFF).contains(code), index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
            bytes[index + 1] == UInt8(ascii: "u")
        {
            let save = index
            index += 2
            let low = try hex4()
            if (0xDC00...0xDFFF).contains(low) {
                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
            } else {
                index = save
            }
        }
        let scalar = Unicode.Scalar(code) ?? "\u{FFFD}"
        return Array(String(Character(scalar)).utf8)
    }

    private mutating func hex4() throws(WeatherDataError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw fail("a cut-off \\u escape") }
        var code: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = HexDigit.value(bytes[index]) else { throw fail("a bad \\u escape") }
            code = code << 4 | UInt32(digit)
            index += 1
        }
        return code
    }

    /// Exact powers of ten for the fast path (every one up to 10^22 is a double).
    private static let powers: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// A number, checked against the JSON grammar. Up to 15 significant digits with a decimal
    /// exponent within ±22 is one exact multiplication or division (so correctly rounded);
    /// anything else goes through the C library's conversion.
    mutating func number() throws(WeatherDataError) -> Double {
        let start = index
        var negative = false
        if bytes[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        var mantissa: UInt64 = 0
        var digits = 0
        var exponent = 0
        guard index < bytes.count, isDigit(bytes[index]) else { throw fail("a digit was expected") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            while index < bytes.count, isDigit(bytes[index]) {
                if digits < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(bytes[index] - UInt8(ascii: "0"))
                } else {
                    exponent += 1
                }
                if mantissa != 0 { digits += 1 }
                index += 1
            }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw fail("a digit after '.' was expected") }
            while index < bytes.count, isDigit(bytes[index]) {
                if digits < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(bytes[index] - UInt8(ascii: "0"))
                    exponent -= 1
                    if mantissa != 0 { digits += 1 }
                }
                index += 1
            }
        }
        var explicit = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            var exponentNegative = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else { throw fail("an exponent digit was expected") }
            while index < bytes.count, isDigit(bytes[index]) {
                if explicit < 100_000 { explicit = explicit * 10 + Int(bytes[index] - UInt8(ascii: "0")) }
                index += 1
            }
            if exponentNegative { explicit = -explicit }
        }
        exponent += explicit
        if digits <= 15, abs(exponent) <= 22 {
            let magnitude =
                exponent >= 0 ? Double(mantissa) * Self.powers[exponent] : Double(mantissa) / Self.powers[-exponent]
            return negative ? -magnitude : magnitude
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        // The grammar was checked above, so the C library reads the whole text: ±inf when it
        // overflows (the range checks then drop it), zero when it underflows.
        return strtod(text, nil)
    }

    func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
