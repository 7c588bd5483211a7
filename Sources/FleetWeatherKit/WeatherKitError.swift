public import Foundation

/// Everything that can go wrong talking to WeatherKit: one taxonomy for the client, the
/// transport, the recorder and the credential check.
///
/// The fetch engine decides from ``isRetryable`` and ``needsNewToken``; the circuit breaker
/// from ``unauthorized(reason:)`` and ``overQuota``. No case ever carries a token or an
/// `Authorization` header, so every description is safe to log.
public enum WeatherKitError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    /// The endpoint URL is not acceptable (not https, or http to a non-loopback host).
    case invalidEndpoint(String)
    /// A failure that may pass: timeout, connection error, 5xx, 429, or the spurious
    /// empty-body 404/400 WeatherKit is known for. `retryAfter` comes from `Retry-After`.
    case transient(reason: String, retryAfter: Duration?)
    /// The request never reached the service: the connection was refused, the host could not
    /// be resolved, or the run was cancelled before it went out. Worth another attempt, but it
    /// costs no quota (nothing was sent).
    case notSent(String)
    /// The request went out (or may have), but no HTTP answer came back: a timeout, or the
    /// connection dropped. Worth another attempt; it counts against the quota.
    case noResponse(String)
    /// 401/403: the token was refused. `reason` is WeatherKit's (`NOT_ENABLED`), or a
    /// description of the status when the body said nothing.
    case unauthorized(reason: String)
    /// 401 `{"reason":"OVER_QUOTA"}`: the month's calls are used up.
    case overQuota
    /// 400/404 with a body: the request itself is wrong; retrying will not help.
    case badRequest(status: Int, detail: String)
    /// A 200 whose body is not a WeatherKit body (truncated, not JSON, wrong shape).
    case undecodable(String)
    /// A 200 whose body is for another place than the one asked for: never retried, cached or
    /// used (see ``WeatherKitClient``).
    case wrongPlace(String)
    /// The body was larger than the configured cap; the download was stopped.
    case responseTooLarge(limit: Int)
    /// No token could be minted (key unreadable, wrong key type, signing failed).
    case tokenUnavailable(String)
    /// The request was cancelled (the run is shutting down).
    case cancelled
    /// A recording file name or write was refused.
    case recordingFailed(String)

    /// Whether the same request may succeed if sent again later (after a backoff).
    public var isRetryable: Bool {
        switch self {
        case .transient, .notSent, .noResponse: true
        default: false
        }
    }

    /// Whether the service gave no answer at all (nothing listening, or no reply in time): the
    /// run's first request, sent alone, stops the run on it instead of every cell paying for
    /// its own attempts against a dead service.
    public var isNoAnswer: Bool {
        switch self {
        case .notSent, .noResponse: true
        default: false
        }
    }

    /// Whether the attempt may have reached the service, and so counts against the quota: not
    /// when no token could be minted or the request was never sent.
    public var mayHaveReachedService: Bool {
        switch self {
        case .notSent, .tokenUnavailable: false
        default: true
        }
    }

    /// Whether the request should be retried once with a freshly minted token.
    public var needsNewToken: Bool {
        if case .unauthorized = self { return true }
        return false
    }

    /// The server's `Retry-After`, if this error carried one.
    public var retryAfter: Duration? {
        if case .transient(_, let retryAfter) = self { return retryAfter }
        return nil
    }

    public var description: String {
        switch self {
        case .invalidEndpoint(let reason): "invalid WeatherKit endpoint: \(reason)"
        case .transient(let reason, let retryAfter):
            "temporary WeatherKit failure: \(reason)" + (retryAfter.map { " (retry after \($0.secondsText))" } ?? "")
        case .notSent(let reason): "WeatherKit could not be reached: \(reason) (nothing was sent)"
        case .noResponse(let reason): "no answer from WeatherKit: \(reason)"
        case .unauthorized(let reason): "WeatherKit refused the developer token: \(reason)"
        case .overQuota: "WeatherKit refused the request: OVER_QUOTA (this month's calls are used up)"
        case .badRequest(let status, let detail): "WeatherKit rejected the request (HTTP \(status)): \(detail)"
        case .undecodable(let detail): "WeatherKit answered with a body that cannot be decoded: \(detail)"
        case .wrongPlace(let detail): "WeatherKit answered for another place: \(detail)"
        case .responseTooLarge(let limit): "WeatherKit response exceeded the \(limit)-byte limit"
        case .tokenUnavailable(let reason): "cannot mint a WeatherKit token: \(reason)"
        case .cancelled: "WeatherKit request cancelled"
        case .recordingFailed(let reason): "cannot record WeatherKit response: \(reason)"
        }
    }

    public var errorDescription: String? { description }
}

extension Duration {
    /// "2 s", "0.5 s": seconds for messages.
    var secondsText: String {
        let rounded = (timeInterval * 1000).rounded() / 1000
        return rounded == rounded.rounded() ? "\(Int(rounded)) s" : "\(rounded) s"
    }
}
