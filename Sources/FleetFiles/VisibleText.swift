/// Showing characters a terminal would act on or hide as visible escapes, one way for every
/// module: FleetApp's console (`PrintableText.swift`) and the schedule's echoed values
/// (FleetSchedule's `EchoText`) pick different characters, but write them alike (`\n`, `\x00`,
/// `\x1b`, `\u{feff}`), so a value reads the same on stderr as in `rejects.csv`.
extension String {
    /// The text with each scalar that `isEscaped` picks replaced by `replacement(scalar)`; the
    /// text itself (no copy) when none is picked.
    public func escaping(
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
}

extension Unicode.Scalar {
    /// The scalar as an escape: `\n`, `\t`, `\r`, `\x1b` below U+0100, else `\u{202e}`.
    public var visibleEscape: String {
        switch self {
        case "\n": "\\n"
        case "\t": "\\t"
        case "\r": "\\r"
        default: value < 0x100 ? "\\x" + lowercaseHex(digits: 2) : "\\u{" + lowercaseHex(digits: 1) + "}"
        }
    }

    /// The scalar's value in lowercase hex, zero-padded to at least `digits`.
    public func lowercaseHex(digits: Int) -> String {
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: Swift.max(0, digits - hex.count)) + hex
    }
}
