/// Showing characters a terminal would act on or hide as visible escapes, one way for every
/// module: FleetApp's console (`PrintableText.swift`), the schedule's echoed values
/// (FleetSchedule's `EchoText`) and the key file's path (FleetAuth's `KeyPath`) escape the same
/// characters (``Unicode/Scalar/needsVisibleEscape``) and write them alike (`\n`, `\x00`,
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
    /// What outside text shows as an escape wherever it is echoed (a terminal, a log,
    /// `rejects.csv`): a control, a line separator or bidi control, or an invisible format
    /// character. Why one rule: a character one message hides and another shows makes the same
    /// value read differently on stderr and in a report.
    public var needsVisibleEscape: Bool { isControlCode || isLineSeparatorOrBidi || isInvisibleFormat }

    /// C0 controls, DEL and C1 controls (U+0000–001F, U+007F–009F): a terminal acts on them.
    public var isControlCode: Bool { value < 0x20 || (0x7F...0x9F).contains(value) }

    /// U+2028, U+2029 (line and paragraph separators) and the bidi controls: ALM (U+061C),
    /// LRM and RLM (U+200E–F), the embeddings and overrides (U+202A–E), the isolates
    /// (U+2066–9): they break a line or make it read differently from what it holds.
    /// (U+0085, next line, is a C1 control.)
    var isLineSeparatorOrBidi: Bool {
        switch value {
        case 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// Format characters that show nothing: the byte order mark (U+FEFF), the zero-width
    /// space, non-joiner and joiner (U+200B–D), the word joiner and invisible operators
    /// (U+2060–4). A value holding one looks like a value without it.
    var isInvisibleFormat: Bool {
        switch value {
        case 0xFEFF, 0x200B...0x200D, 0x2060...0x2064: true
        default: false
        }
    }

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
