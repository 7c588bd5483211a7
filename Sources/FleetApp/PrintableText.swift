/// Text for a terminal or a log file, where data must not steer the reader's terminal.
///
/// Messages quote schedule headers, file names and service replies; an escape sequence in any
/// of them could retitle, clear or forge lines on an operator's terminal, or hide text in a
/// log. Every control character except the line break is shown as a visible escape instead.
extension String {
    /// The text with control characters (C0 except `\n`, DEL, C1) written as `\x1b`-style escapes.
    var escapingControls: String {
        guard unicodeScalars.contains(where: Self.isEscaped) else { return self }
        var result = ""
        result.reserveCapacity(utf8.count + 8)
        for scalar in unicodeScalars {
            guard Self.isEscaped(scalar) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                let hex = String(scalar.value, radix: 16)  // below 0xA0: at most two digits
                result += "\\x" + String(repeating: "0", count: 2 - hex.count) + hex
            }
        }
        return result
    }

    private static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
        scalar != "\n" && (scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value))
    }
}
