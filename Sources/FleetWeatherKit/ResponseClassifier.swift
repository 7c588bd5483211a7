internal import FleetFiles
internal import Foundation

/// Maps a WeatherKit HTTP answer to success or a ``WeatherKitError`` case.
///
/// The rules follow what the service is known to do (docs/weatherkit-service.md): empty
/// 404/400 bodies are spurious and pass on retry; 401 carries `{"reason": …}`; over-quota is
/// an auth error, not a 429.
enum ResponseClassifier {
    /// Longest server text kept in an error detail.
    static let detailLimit = 300

    /// `nil` for a 2xx answer, else the error it means.
    ///
    /// - Parameters:
    ///   - response: The answer.
    ///   - token: The bearer token sent, removed from any text that is kept.
    ///   - now: The current time, for HTTP-date `Retry-After` values.
    static func error(for response: HTTPResponse, token: String, now: Date) -> WeatherKitError? {
        let status = response.status
        if (200..<300).contains(status) { return nil }
        let text = bodyText(response.body, token: token)
        let reason = jsonField("reason", in: response.body)
        if reason == "OVER_QUOTA" { return .overQuota }
        switch status {
        case 401, 403:
            // The reason is the server's text: shown on stderr and in every report, so it is
            // cleaned like any body text (`NOT_ENABLED` passes through unchanged).
            if let reason = reason.map({ clean($0, token: token) }), !reason.isEmpty {
                return .unauthorized(reason: reason)
            }
            if let message = jsonField("message", in: response.body).map({ clean($0, token: token) }), !message.isEmpty
            {
                return .unauthorized(reason: "HTTP \(status) \(message)")
            }
            return .unauthorized(reason: text.isEmpty ? "HTTP \(status) with an empty body" : "HTTP \(status): \(text)")
        case 429:
            return .transient(
                reason: "HTTP 429 Too Many Requests", retryAfter: retryAfter(response.header("retry-after"), now: now))
        case 500..<600:
            return .transient(
                reason: "HTTP \(status)", retryAfter: retryAfter(response.header("retry-after"), now: now))
        case 400 where text.isEmpty, 404 where text.isEmpty:
            return .transient(reason: "HTTP \(status) with an empty body (a known WeatherKit glitch)", retryAfter: nil)
        case 300..<400:
            return .badRequest(status: status, detail: "unexpected redirect (redirects are not followed)")
        default:
            return .badRequest(status: status, detail: text.isEmpty ? "no details given" : text)
        }
    }

    /// The longest `Retry-After` taken from a server: far above what the retry policy waits
    /// (``RetryPolicy/maxRetryAfter``), and small enough for any integer conversion.
    static let retryAfterLimit = 86_400.0

    /// Parses `Retry-After`: delay seconds (`120`) or an HTTP-date (`Wed, 21 Oct 2015 07:28:00 GMT`).
    ///
    /// The value is the server's, so it is clamped to `0…`\ ``retryAfterLimit`` before it
    /// becomes a `Duration` (`1e300` seconds would trap the integer conversion).
    ///
    /// - Parameters:
    ///   - value: The header value.
    ///   - now: The current time.
    /// - Returns: The delay (zero for a date in the past), or `nil` when absent or unparsable.
    static func retryAfter(_ value: String?, now: Date) -> Duration? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if let seconds = Double(value), seconds.isFinite {
            return .milliseconds(Int64((min(max(0, seconds), retryAfterLimit) * 1000).rounded()))
        }
        if let date = HTTPDate.parse(value) {
            let seconds = date.timeIntervalSince(now)
            guard seconds.isFinite else { return nil }
            return .seconds(Int64(min(max(0, seconds), retryAfterLimit).rounded(.up)))
        }
        return nil
    }

    /// The body as a short single-line text with the token removed ("" for an empty body).
    /// Only its start is decoded (at most 4 bytes a scalar), and a longer body says its size.
    static func bodyText(_ body: Data, token: String) -> String {
        let head = body.prefix(4 * detailLimit)
        return clean(
            String(decoding: head, as: UTF8.self), token: token, wholeBytes: head.count < body.count ? body.count : 0)
    }

    /// Server text made safe to keep: the token removed (before cutting, so no part of it
    /// survives at the cut), control characters as spaces, trimmed, at most ``detailLimit``
    /// scalars (``Swift/String/bounded(limit:wholeBytes:)``: one "character" may be a letter and
    /// a megabyte of combining marks).
    ///
    /// - Parameters:
    ///   - text: The server's text, or the start of it.
    ///   - token: The bearer token sent.
    ///   - wholeBytes: The size of the whole value `text` starts, when only its start was decoded.
    static func clean(_ text: String, token: String, wholeBytes: Int = 0) -> String {
        let line = String(
            String.UnicodeScalarView(text.unicodeScalars.map { CharacterSet.controlCharacters.contains($0) ? " " : $0 })
        )
        let trimmed = redact(line, token: token).trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return trimmed }
        return trimmed.bounded(limit: detailLimit, wholeBytes: wholeBytes)
    }

    /// Removes the token (and its signature part, the one piece never reused) from text.
    static func redact(_ text: String, token: String) -> String {
        guard !token.isEmpty else { return text }
        var result = text.replacingOccurrences(of: token, with: "<token>")
        if let signature = token.split(separator: ".").last, signature.count >= 16 {
            result = result.replacingOccurrences(of: String(signature), with: "<token>")
        }
        return result
    }

    private static func jsonField(_ name: String, in body: Data) -> String? {
        guard !body.isEmpty, let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else {
            return nil
        }
        return object[name] as? String
    }
}
