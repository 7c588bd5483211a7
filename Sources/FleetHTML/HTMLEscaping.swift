/// The escaping libxml2 applied when it serialised an HTML document, reproduced so the native
/// tree writes the same bytes (``HTMLSerializer``): entities for text
/// (`xmlEncodeEntitiesReentrant`) and attribute values (`xmlEncodeAttributeEntities`), the
/// percent-escaping of link attributes (`xmlURIEscapeStr`) and the choice of quotes
/// (`xmlBufWriteQuotedString`).
enum HTMLEscaping {
    /// Appends text with `<`, `>`, `&` as entities; stops at a NUL, drops other control
    /// characters but tab, line feed and carriage return (libxml2 did).
    static func appendText(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        text.withUTF8 { utf8 in
            var start = 0
            for (offset, byte) in utf8.enumerated() {
                let replacement: StaticString
                switch byte {
                case 0x3C: replacement = "&lt;"
                case 0x3E: replacement = "&gt;"
                case 0x26: replacement = "&amp;"
                case 0x00:
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<offset]))
                    return
                case 0x09, 0x0A, 0x0D: continue
                case 0x01..<0x20: replacement = ""
                default: continue
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<offset]))
                replacement.withUTF8Buffer { bytes.append(contentsOf: $0) }
                start = offset + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
        }
    }

    /// An attribute value with entities as libxml2 wrote them: as text, except that a
    /// `<!--…-->` (a server-side include) and an `&{…}` (an HTML 4 script entity) pass unchanged.
    static func attributeEntities(_ value: String) -> [UInt8] {
        let utf8 = Array(value.utf8)
        guard utf8.contains(where: { $0 == 0x3C || $0 == 0x3E || $0 == 0x26 || $0 < 0x20 }) else { return utf8 }
        var out: [UInt8] = []
        out.reserveCapacity(utf8.count + 16)
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            switch byte {
            case 0x3C:
                if let end = commentEnd(utf8, from: index) {
                    out.append(contentsOf: utf8[index..<end])
                    index = end
                    continue
                }
                out.append(contentsOf: [0x26, 0x6C, 0x74, 0x3B])
            case 0x3E: out.append(contentsOf: [0x26, 0x67, 0x74, 0x3B])
            case 0x26:
                if index + 1 < utf8.count, utf8[index + 1] == 0x7B,
                    let close = utf8[index...].firstIndex(of: 0x7D)
                {
                    out.append(contentsOf: utf8[index...close])
                    index = close + 1
                    continue
                }
                out.append(contentsOf: [0x26, 0x61, 0x6D, 0x70, 0x3B])
            case 0x09, 0x0A, 0x0D: out.append(byte)
            case 0x00..<0x20: break
            default: out.append(byte)
            }
            index += 1
        }
        return out
    }

    /// Where a `<!--` at `index` ends (just past its `-->`), or `nil` when it is not one.
    private static func commentEnd(_ utf8: [UInt8], from index: Int) -> Int? {
        guard index + 3 < utf8.count, utf8[index + 1] == 0x21, utf8[index + 2] == 0x2D, utf8[index + 3] == 0x2D
        else { return nil }
        var cursor = index
        while cursor + 2 < utf8.count {
            if utf8[cursor] == 0x2D, utf8[cursor + 1] == 0x2D, utf8[cursor + 2] == 0x3E { return cursor + 3 }
            cursor += 1
        }
        return nil
    }

    /// `value` without its leading spaces, tabs and line breaks (libxml2 skipped them in link
    /// attributes).
    static func droppingLeadingBlanks(_ value: [UInt8]) -> [UInt8] {
        guard let first = value.firstIndex(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D })
        else { return [] }
        return first == 0 ? value : Array(value[first...])
    }

    /// Percent-escapes every byte of a link attribute but letters, digits and
    /// `-_.!~*'()@/:=?;#%&,+<>`, with upper-case hex digits.
    static func uriEscaped(_ value: [UInt8]) -> [UInt8] {
        guard value.contains(where: { !isURIKept($0) }) else { return value }
        var out: [UInt8] = []
        out.reserveCapacity(value.count + 16)
        let hex: [UInt8] = Array("0123456789ABCDEF".utf8)
        for byte in value {
            if isURIKept(byte) {
                out.append(byte)
            } else {
                out.append(0x25)
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0x0F)])
            }
        }
        return out
    }

    /// A byte a link attribute's value writes unchanged: kept by the percent-escaping and
    /// not one entities replace.
    static func isPlainInLink(_ byte: UInt8) -> Bool {
        isURIKept(byte) && byte != 0x26 && byte != 0x3C && byte != 0x3E
    }

    /// A byte that makes an attribute value need more than double quotes around it.
    static func isSpecialInValue(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x22 || byte == 0x26 || byte == 0x3C || byte == 0x3E
    }

    private static func isURIKept(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        case 0x2D, 0x5F, 0x2E, 0x21, 0x7E, 0x2A, 0x27, 0x28, 0x29: true  // - _ . ! ~ * ' ( )
        case 0x40, 0x2F, 0x3A, 0x3D, 0x3F, 0x3B, 0x23, 0x25, 0x26, 0x2C, 0x2B, 0x3C, 0x3E: true  // @/:=?;#%&,+<>
        default: false
        }
    }

    /// Appends a value in quotes: double quotes, or single ones when it holds a double quote,
    /// or double quotes with `&quot;` when it holds both kinds.
    static func appendQuoted(_ value: [UInt8], to bytes: inout [UInt8]) {
        let hasDouble = value.contains(0x22)
        guard hasDouble else {
            bytes.append(0x22)
            bytes.append(contentsOf: value)
            bytes.append(0x22)
            return
        }
        guard value.contains(0x27) else {
            bytes.append(0x27)
            bytes.append(contentsOf: value)
            bytes.append(0x27)
            return
        }
        bytes.append(0x22)
        for byte in value {
            if byte == 0x22 {
                bytes.append(contentsOf: [0x26, 0x71, 0x75, 0x6F, 0x74, 0x3B])
            } else {
                bytes.append(byte)
            }
        }
        bytes.append(0x22)
    }
}
