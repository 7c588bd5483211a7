internal import Foundation

/// HTTP-date parsing (RFC 9110 §5.6.7) for `Date` and `Retry-After` headers.
enum HTTPDate {
    private static let formats = [
        "EEE, dd MMM yyyy HH:mm:ss zzz",  // IMF-fixdate, the one servers send today
        "EEEE, dd-MMM-yy HH:mm:ss zzz",  // obsolete RFC 850
        "EEE MMM d HH:mm:ss yyyy",  // obsolete asctime
    ]

    /// The instant, or `nil` when the text is not an HTTP-date.
    static func parse(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        for format in formats {
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }
}
