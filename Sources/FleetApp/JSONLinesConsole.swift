internal import FleetWeather
internal import Foundation
internal import Synchronization

/// `--log-format json`: stderr as one JSON object per line (`time`, `level`, `event`,
/// `message`, `fields`) for log shippers, instead of plain lines. stdout and the terminal's
/// live progress line pass through unchanged.
///
/// Messages are the plain lines, each turned into an object: `error` and `warning` lines (the
/// program's `fleetwx: error:`/`warning:` and the schedule's `FILE:LINE: warning:`) get that
/// level, an indented line continues the level of the line before it, anything else is `info`.
/// ``event(_:fields:)`` writes a structured event (the run's end, with its figures).
final class JSONLinesConsole: Console {
    private let base: any Console
    /// The part of a line written so far without its line break, and the last line's level.
    private let state = Mutex<(pending: String, level: String)>(("", "info"))

    init(wrapping base: any Console) { self.base = base }

    func out(_ text: ConsoleText) { base.out(text) }

    func err(_ text: ConsoleText) {
        let objects: [String] = state.withLock { state in
            var lines = (state.pending + text.text).split(separator: "\n", omittingEmptySubsequences: false)
            state.pending = String(lines.removeLast())
            return lines.compactMap { line -> String? in
                guard !line.allSatisfy(\.isWhitespace) else { return nil }
                let (level, event, message) = Self.classify(String(line), previous: state.level)
                state.level = level
                return Self.object(level: level, event: event, message: message, fields: [:])
            }
        }
        for object in objects { base.err(.json(object + "\n")) }
    }

    func redraw(_ line: String) { base.redraw(line) }

    var errIsTerminal: Bool { base.errIsTerminal }

    /// Writes one structured event.
    ///
    /// - Parameters:
    ///   - event: The event's name (`run_finished`).
    ///   - level: `info`, `warning` or `error`.
    ///   - message: A sentence for people.
    ///   - fields: Its figures (numbers, strings, booleans or `NSNull`).
    func event(_ event: String, level: String = "info", message: String, fields: [String: any Sendable]) {
        base.err(.json(Self.object(level: level, event: event, message: message, fields: fields) + "\n"))
    }

    /// A line's level, event and message (without the `fleetwx: ` prefix).
    static func classify(_ line: String, previous: String) -> (level: String, event: String, message: String) {
        let message = line.hasPrefix("fleetwx: ") ? String(line.dropFirst("fleetwx: ".count)) : line
        if message.hasPrefix("error: ") { return ("error", "error", String(message.dropFirst("error: ".count))) }
        if message.hasPrefix("warning: ") {
            return ("warning", "warning", String(message.dropFirst("warning: ".count)))
        }
        if message.contains(": warning: ") { return ("warning", "warning", message) }
        if line.hasPrefix(" ") { return (previous, "detail", message.trimmingCharacters(in: .whitespaces)) }
        return ("info", "message", message)
    }

    /// One JSON object, keys sorted, on one line.
    static func object(level: String, event: String, message: String, fields: [String: any Sendable]) -> String {
        let object: [String: Any] = [
            "time": WeatherJSON.formatDate(Date()), "level": level, "event": event, "message": message,
            "fields": fields,
        ]
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else {
            // Only a non-JSON value in `fields` could fail; the message alone is always JSON.
            return #"{"event":"\#(event)","level":"error","message":"unencodable log fields"}"#
        }
        return String(decoding: data, as: UTF8.self)
    }
}
