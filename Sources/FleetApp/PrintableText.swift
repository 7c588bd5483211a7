/// Text for a terminal or a log file, where data must not steer the reader's terminal.
///
/// Messages quote schedule headers, file names and service replies; an escape sequence in any
/// of them could retitle, clear or forge lines on an operator's terminal, or hide text in a
/// log. Every control character except the line break is shown as a visible escape instead.
extension String {
    /// The text with control characters (C0 except `\n`, DEL, C1) written as `\x1b`-style escapes.
    var escapingControls: String {
        escaping(where: { $0 != "\n" && ($0.value < 0x20 || Self.isDeleteOrC1($0)) }, with: Self.visibleEscape)
    }

    /// JSON text with DEL and the C1 controls, which `JSONEncoder` leaves raw, as `\u00XX`
    /// escapes: still valid JSON, and nothing left for ``escapingControls`` to touch.
    var escapingJSONControls: String {
        escaping(where: Self.isDeleteOrC1, with: { "\\u00" + Self.twoHexDigits($0) })
    }

    /// The text with each scalar that `isEscaped` picks replaced by `replacement(scalar)`.
    private func escaping(
        where isEscaped: (Unicode.Scalar) -> Bool, with replacement: (Unicode.Scalar) -> String
    ) -> String {
        guard unicodeScalars.contains(where: isEscaped) else { return self }
        var result = ""
        result.reserveCapacity(utf8.count + 8)
        for scalar in unicodeScalars {
            if isEscaped(scalar) {
                result += replacement(scalar)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func visibleEscape(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\t": "\\t"
        case "\r": "\\r"
        default: "\\x" + twoHexDigits(scalar)
        }
    }

    private static func isDeleteOrC1(_ scalar: Unicode.Scalar) -> Bool { (0x7F...0x9F).contains(scalar.value) }

    /// Two lowercase hex digits (the escaped scalars are all below 0xA0).
    private static func twoHexDigits(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16)
        return String(repeating: "0", count: Swift.max(0, 2 - hex.count)) + hex
    }
}
