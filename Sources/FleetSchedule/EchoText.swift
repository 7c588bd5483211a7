internal import FleetFiles

/// Outside text as a message may show it: bounded, and with invisible characters named.
///
/// Why: a reason or warning quotes values from the schedule so a person can find them, but a
/// value may be a 60 KB cell or hold a NUL, an escape sequence or a byte order mark that a
/// terminal would act on or hide (issue 9). Every value a schedule message echoes goes
/// through here: the first ``limit`` characters, then `…` and the value's size in bytes. The
/// cut and the escapes are FleetFiles' own, shared with every other module's messages.
enum EchoText {
    /// The most characters of one value a message shows.
    static let limit = 80

    /// The value in double quotes, cut to ``limit`` Unicode scalars (`"abc…" (52,428,800 bytes)`),
    /// with control and invisible characters shown as escapes (see ``visible(_:)``).
    static func quoted(_ value: String) -> String {
        // Cut by Unicode scalars, not characters: one character may carry a million combining marks.
        guard let shown = value.scalarPrefix(limit) else { return "\"\(visible(value))\"" }
        return "\"\(visible(shown))…\" " + String.cutSize(bytes: value.utf8.count)
    }

    /// The value with control and invisible characters shown as escapes, in the console's own
    /// form (`\n`, `\x00`, `\x1b`, `\u{feff}`), so a message reads the same on stderr as in
    /// `rejects.csv`.
    static func visible(_ value: String) -> String {
        value.escaping(where: \.needsVisibleEscape, with: \.visibleEscape)
    }
}
