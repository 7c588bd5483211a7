public import Foundation

/// JSON coding that matches WeatherKit's wire format.
///
/// Dates are ISO 8601 in UTC, normally without fractional seconds; both forms are accepted.
public enum WeatherJSON {
    /// A decoder for WeatherKit bodies.
    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = parseDate(text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "not an ISO 8601 date-time: \(text)")
            }
            return date
        }
        return decoder
    }

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

    /// Why a body could not be decoded, in words: truncated JSON, or the path of the member
    /// with an unexpected shape (used for live responses and for recordings alike).
    ///
    /// - Parameters:
    ///   - error: The decoding error.
    ///   - size: The body's size in bytes.
    /// - Returns: The explanation.
    public static func describe(_ error: any Error, size: Int) -> String {
        guard let decoding = error as? DecodingError else { return "\(size) bytes, not valid JSON" }
        switch decoding {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            return "truncated or invalid JSON (\(size) bytes)"
        case .dataCorrupted(let context), .typeMismatch(_, let context), .valueNotFound(_, let context),
            .keyNotFound(_, let context):
            let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
            return "unexpected shape at \(path.joined(separator: ".")) (\(size) bytes)"
        @unknown default:
            return "\(size) bytes, not a WeatherKit body"
        }
    }
}
