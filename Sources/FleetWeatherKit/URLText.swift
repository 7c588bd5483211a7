internal import FleetWeather
internal import Foundation

/// Text forms of URL parts: coordinates, times and percent-encoding.
enum URLText {
    /// Characters left as they are in a query value. `+` is *not* among them: servers read a
    /// raw `+` as a space, which breaks `Etc/GMT+5`.
    private static let queryValueAllowed: CharacterSet = {
        var set = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        set.insert(charactersIn: "-._~/:,")
        return set
    }()

    private static let pathSegmentAllowed: CharacterSet = {
        var set = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        set.insert(charactersIn: "-._~")
        return set
    }()

    /// A coordinate as a plain decimal: no exponent, at most 6 decimals (≈ 0.1 m), no trailing
    /// zeros, never `-0`. `40.71` → `40.71`, `1e-7` → `0`, `-74.0` → `-74`. Rounded by
    /// ``MicroDegrees`` (halves to even), the rule cell keys are made with.
    static func coordinate(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        return MicroDegrees(degrees: value).description
    }

    /// UTC ISO 8601 without fractions: `2026-03-01T06:00:00Z`.
    static func time(_ date: Date) -> String {
        let whole = Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
        return whole.formatted(.iso8601)
    }

    static func queryValue(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: queryValueAllowed) ?? ""
    }

    static func pathSegment(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: pathSegmentAllowed) ?? ""
    }

    /// `name=value&…` with values percent-encoded, in the given order.
    static func query(_ items: [(String, String)]) -> String {
        items.map { "\($0.0)=\(queryValue($0.1))" }.joined(separator: "&")
    }
}
