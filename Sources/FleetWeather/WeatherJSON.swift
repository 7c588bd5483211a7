public import Foundation

/// WeatherKit's wire format for dates, and an encoder that writes it.
///
/// Dates are ISO 8601 in UTC, normally without fractional seconds; both forms are accepted.
/// Bodies are read by ``WeatherBody`` (field by field), never by a synthesized decoder, which
/// would reject a whole body for one odd value.
public enum WeatherJSON {
    /// An encoder producing WeatherKit-shaped JSON (used by tests and recordings).
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(formatDate(date))
        }
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }

    /// Parses `2023-09-08T22:03:04Z` or `2023-09-08T22:03:04.722Z` (or with an offset).
    ///
    /// - Parameter text: The date-time text.
    /// - Returns: The instant, or `nil` when the text is not ISO 8601.
    public static func parseDate(_ text: String) -> Date? {
        if let date = ISODate.parse(text) { return date }
        if let date = try? Date(text, strategy: .iso8601) { return date }
        return try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    /// Formats an instant as `2026-12-01T13:05:00Z`.
    ///
    /// - Parameter date: The instant.
    /// - Returns: The text.
    public static func formatDate(_ date: Date) -> String {
        date.formatted(.iso8601)
    }
}
