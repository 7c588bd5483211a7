internal import FleetFiles

/// Text for a terminal or a log file, where data must not steer the reader's terminal.
///
/// Messages quote schedule headers, file names and service replies; an escape sequence in any
/// of them could retitle, clear or forge lines on an operator's terminal, or hide text in a
/// log, and a bidi control could make a line read differently from what it says. Those
/// characters are shown as visible escapes instead, the same ones wherever outside text is
/// echoed (FleetFiles' ``Unicode/Scalar/needsVisibleEscape``): C0 and C1 controls, DEL, the
/// Unicode line and paragraph separators, the bidi embedding, override, isolate and mark
/// characters, and the invisible format characters (byte order mark, zero-width characters).
extension String {
    /// The text with every escaped character (see above) written as `\x1b`- or
    /// `\u{202e}`-style escapes, except the line break `\n`: the console's last pass over
    /// everything it writes, where the line breaks left are the program's own (see
    /// ``ConsoleText``).
    var escapingControls: String {
        escaping(where: { $0 != "\n" && $0.needsVisibleEscape }, with: \.visibleEscape)
    }

    /// The text with line breaks escaped too (`\n`): data quoted inside a message, which must
    /// stay on the program's line.
    var escapingLineBreaks: String {
        escaping(where: \.needsVisibleEscape, with: \.visibleEscape)
    }

    /// JSON text with what `JSONEncoder` leaves raw inside strings — every escaped character
    /// but the C0 controls it escapes itself — as `\uXXXX` escapes: still valid JSON meaning
    /// the same, and nothing left for ``escapingControls`` to touch (its `\u{feff}` form is not
    /// a JSON escape).
    var escapingJSONControls: String {
        escaping(where: { $0.value >= 0x20 && $0.needsVisibleEscape }, with: Self.jsonEscape)
    }

    private static func jsonEscape(_ scalar: Unicode.Scalar) -> String { "\\u" + scalar.lowercaseHex(digits: 4) }
}
