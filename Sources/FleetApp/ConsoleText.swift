/// A message for the console: fleetwx's own words as written, everything interpolated into
/// them shown as data.
///
/// Messages quote schedule headers, file names and server replies, and a line break or a bidi
/// control in any of them could print a line that reads as the program's own (`fleetwx: 44
/// flights briefed … (exit 0)`) or turn one around. So only the literal parts of a message —
/// text in fleetwx's source — may break lines; an interpolated value has its line breaks shown
/// as escapes (`\n`, `\u{2028}`, …; see ``Swift/String/escapingLineBreaks``). A ``Console``
/// accepts only this type, and a `String` is not one, so no caller can hand it raw data: a
/// message is a literal with interpolations, ``lines(_:)`` (each line escaped whole), or
/// ``json(_:)`` (encoder output, whose line breaks are structure by construction).
public struct ConsoleText: Sendable, ExpressibleByStringInterpolation {
    /// The text, with every interpolated value escaped.
    let text: String

    private init(text: String) { self.text = text }

    public init(stringLiteral value: String) { text = value }

    public init(stringInterpolation: StringInterpolation) { text = stringInterpolation.text }

    /// Lines built from data, one per element, each escaped whole and ended by a line break
    /// (nothing for no lines): tables, advice lists, multi-line reports.
    public static func lines(_ lines: [String]) -> ConsoleText {
        ConsoleText(text: lines.map { $0.escapingLineBreaks + "\n" }.joined())
    }

    /// JSON text from `JSONEncoder`: a raw line break in JSON can only be whitespace between
    /// tokens (inside strings the encoder writes `\n`), so it is kept; the controls the encoder
    /// leaves raw inside strings are written as `\uXXXX` escapes (still the same JSON).
    public static func json(_ text: String) -> ConsoleText {
        ConsoleText(text: text.escapingJSONControls)
    }

    /// Builds a message: literals kept, interpolations escaped.
    public struct StringInterpolation: StringInterpolationProtocol {
        var text = ""

        public init(literalCapacity: Int, interpolationCount: Int) {
            text.reserveCapacity(literalCapacity + 32 * interpolationCount)
        }

        public mutating func appendLiteral(_ literal: String) { text += literal }

        /// Data: any value, its line breaks and controls shown as escapes.
        public mutating func appendInterpolation(_ value: some Any) {
            text += String(describing: value).escapingLineBreaks
        }

        /// Another message, kept as it is (already made of literals and escaped data).
        public mutating func appendInterpolation(_ message: ConsoleText) { text += message.text }
    }
}
