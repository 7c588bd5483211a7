internal import FleetFiles

/// Lists of strings as JSON arrays, the form run history keeps them in (`run_flight.alert_ids`
/// and `hazards`): unambiguous whatever the strings hold, and readable by any tool.
///
/// Written and read here rather than by `JSONEncoder`/`JSONDecoder`: a run records two lists
/// per flight and the next run reads them back before its report, and at 10,000 flights the
/// coders' set-up per list made reading the previous run a large serial share of the whole run
/// (docs/performance.md, "Run history"). The text written is the coders' own, byte for byte
/// (`/` written `\/`, the short escapes, other control characters as `\u00XX`), so rows of
/// either build read the same; the reader takes any JSON array of strings (RFC 8259), and
/// nothing else.
enum StringListJSON {
    /// The list as a JSON array.
    static func encode(_ strings: [String]) -> String {
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        for (index, string) in strings.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(UInt8(ascii: "\""))
            for byte in string.utf8 { appendEscaped(byte, to: &bytes) }
            bytes.append(UInt8(ascii: "\""))
        }
        bytes.append(UInt8(ascii: "]"))
        return String(decoding: bytes, as: UTF8.self)
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private static func appendEscaped(_ byte: UInt8, to bytes: inout [UInt8]) {
        let short: UInt8? =
            switch byte {
            case UInt8(ascii: "\""): UInt8(ascii: "\"")
            case UInt8(ascii: "\\"): UInt8(ascii: "\\")
            case UInt8(ascii: "/"): UInt8(ascii: "/")
            case 0x08: UInt8(ascii: "b")
            case 0x0C: UInt8(ascii: "f")
            case 0x0A: UInt8(ascii: "n")
            case 0x0D: UInt8(ascii: "r")
            case 0x09: UInt8(ascii: "t")
            default: nil
            }
        if let short {
            bytes.append(UInt8(ascii: "\\"))
            bytes.append(short)
        } else if byte < 0x20 {
            bytes.append(contentsOf: Array("\\u00".utf8))
            bytes.append(hexDigits[Int(byte >> 4)])
            bytes.append(hexDigits[Int(byte & 0x0F)])
        } else {
            bytes.append(byte)
        }
    }

    /// The strings of a JSON array of strings, or `nil` when the text is anything else (another
    /// JSON value, an array holding a non-string, a bad escape or a lone surrogate, trailing
    /// text). A leading byte-order mark is refused too (`JSONDecoder` skipped one; RFC 8259
    /// lets a reader do either, and no build ever wrote one).
    static func decode(_ text: String) -> [String]? {
        var text = text
        return text.withUTF8 { buffer in
            var reader = Reader(bytes: buffer)
            return reader.list()
        }
    }

    /// A cursor over the text's UTF-8 bytes.
    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        mutating func list() -> [String]? {
            skipSpace()
            guard take(UInt8(ascii: "[")) else { return nil }
            var strings: [String] = []
            skipSpace()
            if !take(UInt8(ascii: "]")) {
                repeat {
                    skipSpace()
                    guard let string = string() else { return nil }
                    strings.append(string)
                    skipSpace()
                } while take(UInt8(ascii: ","))
                guard take(UInt8(ascii: "]")) else { return nil }
            }
            skipSpace()
            return index == bytes.count ? strings : nil
        }

        private mutating func skipSpace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
        }

        private mutating func take(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        /// One string: its bytes are copied as they are up to the first escape, and decoded after.
        private mutating func string() -> String? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            let start = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\") {
                guard bytes[index] >= 0x20 else { return nil }
                index += 1
            }
            var decoded = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\""): return String(decoding: decoded, as: UTF8.self)
                case UInt8(ascii: "\\"): guard escape(into: &decoded) else { return nil }
                case 0..<0x20: return nil
                default: decoded.append(byte)
                }
            }
            return nil
        }

        private mutating func escape(into decoded: inout [UInt8]) -> Bool {
            guard index < bytes.count else { return false }
            let letter = bytes[index]
            index += 1
            let simple: UInt8? =
                switch letter {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): letter
                case UInt8(ascii: "b"): 0x08
                case UInt8(ascii: "f"): 0x0C
                case UInt8(ascii: "n"): 0x0A
                case UInt8(ascii: "r"): 0x0D
                case UInt8(ascii: "t"): 0x09
                default: nil
                }
            if let simple {
                decoded.append(simple)
                return true
            }
            guard letter == UInt8(ascii: "u"), let unit = hex4() else { return false }
            var scalar = UInt32(unit)
            if (0xD800..<0xDC00).contains(unit) {
                // A high surrogate must be followed by an escaped low one.
                guard take(UInt8(ascii: "\\")), take(UInt8(ascii: "u")), let low = hex4(),
                    (0xDC00..<0xE000).contains(low)
                else { return false }
                scalar = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            }
            guard let value = Unicode.Scalar(scalar) else { return false }  // a lone low surrogate
            UTF8.encode(value) { decoded.append($0) }
            return true
        }

        private mutating func hex4() -> UInt16? {
            guard index + 4 <= bytes.count else { return nil }
            var value: UInt16 = 0
            for _ in 0..<4 {
                guard let digit = HexDigit.value(bytes[index]) else { return nil }
                value = value << 4 | UInt16(digit)
                index += 1
            }
            return value
        }
    }
}
