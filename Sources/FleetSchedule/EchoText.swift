internal import FleetCSV
internal import FleetFiles

/// Outside text as a message may show it: bounded, and with invisible characters named.
///
/// Why: a reason or warning quotes values from the schedule so a person can find them, but a
/// value may be a 60 KB cell or hold a NUL, an escape sequence or a byte order mark that a
/// terminal would act on or hide (issue 9). Every value a schedule message echoes goes
/// through here: the first ``limit`` characters, then `…` and the value's size in bytes.
enum EchoText {
    /// The most characters of one value a message shows.
    static let limit = 80

    /// The value in double quotes, cut to ``limit`` Unicode scalars (`"abc…" (52,428,800 bytes)`),
    /// with control and invisible characters shown as escapes (see ``visible(_:)``).
    static func quoted(_ value: String) -> String {
        // Cut by Unicode scalars, not characters: one character may carry a million combining marks.
        guard value.utf8.count > limit, value.unicodeScalars.count > limit else { return "\"\(visible(value))\"" }
        let shown = visible(String(String.UnicodeScalarView(value.unicodeScalars.prefix(limit))))
        return "\"\(shown)…\" (\(CSVProblem.grouped(value.utf8.count)) bytes)"
    }

    /// The value with control and invisible characters shown as escapes, in the console's own
    /// form (`\n`, `\x00`, `\x1b`, `\u{feff}`), so a message reads the same on stderr as in
    /// `rejects.csv`.
    static func visible(_ value: String) -> String {
        value.escaping(where: isHidden, with: \.visibleEscape)
    }

    /// Controls (C0, DEL, C1), and the format characters that hide or reorder text (byte
    /// order mark, zero-width spaces and joiners, bidirectional controls, line separators).
    static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0xFEFF, 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x2064, 0x2066...0x2069:
            true
        default:
            false
        }
    }
}
