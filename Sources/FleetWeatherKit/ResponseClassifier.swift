internal import Foundation

/// Maps a WeatherKit HTTP answer to success or a ``WeatherKitError`` case.
///
/// The rules follow what the service is known to do (docs/weatherkit-rest-api.md §4): empty
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
            if let reason, !reason.isEmpty { return .unauthorized(reason: reason) }
            if let message = jsonField("message", in: response.body), !message.isEmpty {
                return .unauthorized(reason: "HTTP \(status) \(redact(message, token: token))")
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

    /// Parses `Retry-After`: delay seconds (`120`) or an HTTP-date (`Wed, 21 Oct 2015 07:28:00 GMT`).
    ///
    /// - Parameters:
    ///   - value: The header value.
    ///   - now: The current time.
    /// - Returns: The delay (zero for a date in the past), or `nil` when absent or unparsable.
    static func retryAfter(_ value: String?, now: Date) -> Duration? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if let seconds = Double(value), seconds.isFinite {
            return .milliseconds(Int64((max(0, seconds) * 1000).rounded()))
        }
        if let date = HTTPDate.parse(value) {
            return .seconds(Int64(max(0, date.timeIntervalSince(now)).rounded(.up)))
        }
        return nil
    }

    /// The body as a short single-line text with the token removed ("" for an empty body).
    static func bodyText(_ body: Data, token: String) -> String {
        let text = String(decoding: body.prefix(4 * detailLimit), as: UTF8.self)
        let line = text.unicodeScalars.map { CharacterSet.controlCharacters.contains($0) ? " " : String($0) }.joined()
        let trimmed = redact(line, token: token).trimmingCharacters(in: .whitespaces)
        return trimmed.count > detailLimit ? String(trimmed.prefix(detailLimit)) + "…" : trimmed
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
