internal import FleetFiles

/// Text for a terminal or a log file, where data must not steer the reader's terminal.
///
/// Messages quote schedule headers, file names and service replies; an escape sequence in any
/// of them could retitle, clear or forge lines on an operator's terminal, or hide text in a
/// log, and a bidi control could make a line read differently from what it says. Those
/// characters are shown as visible escapes instead: C0 and C1 controls, DEL, the Unicode line
/// and paragraph separators, and the bidi embedding, override, isolate and mark characters.
extension String {
    /// The text with every escaped character (see above) written as `\x1b`- or
    /// `\u{202e}`-style escapes, except the line break `\n`: the console's last pass over
    /// everything it writes, where the line breaks left are the program's own (see
    /// ``ConsoleText``).
    var escapingControls: String {
        escaping(where: { $0 != "\n" && Self.isEscaped($0) }, with: \.visibleEscape)
    }

    /// The text with line breaks escaped too (`\n`): data quoted inside a message, which must
    /// stay on the program's line.
    var escapingLineBreaks: String {
        escaping(where: Self.isEscaped, with: \.visibleEscape)
    }

    /// JSON text with what `JSONEncoder` leaves raw inside strings — DEL, the C1 controls, the
    /// line and paragraph separators and the bidi controls — as `\uXXXX` escapes: still valid
    /// JSON meaning the same, and nothing left for ``escapingControls`` to touch.
    var escapingJSONControls: String {
        escaping(where: { Self.isDeleteOrC1($0) || Self.isLineSeparatorOrBidi($0) }, with: Self.jsonEscape)
    }

    private static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || isDeleteOrC1(scalar) || isLineSeparatorOrBidi(scalar)
    }

    private static func jsonEscape(_ scalar: Unicode.Scalar) -> String { "\\u" + scalar.lowercaseHex(digits: 4) }

    private static func isDeleteOrC1(_ scalar: Unicode.Scalar) -> Bool { (0x7F...0x9F).contains(scalar.value) }

    /// U+2028, U+2029 (line and paragraph separators) and the bidi controls: ALM (U+061C),
    /// LRM and RLM (U+200E–F), the embeddings and overrides (U+202A–E), the isolates
    /// (U+2066–9). (U+0085, next line, is a C1 control.)
    private static func isLineSeparatorOrBidi(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
