/// Stops the whole run from sending once WeatherKit has refused our credentials.
///
/// A 401 may be a stale token, so the request that got it is retried once with a renewed
/// token; if that retry is refused too, or `OVER_QUOTA` is seen, the breaker opens and stays
/// open: every further request would be refused as well, and each still counts against the
/// quota. Workers check ``isOpen`` before sending.
public actor CircuitBreaker {
    /// What a worker should do after a failed attempt.
    public enum Decision: Sendable, Equatable {
        /// Not an authorization failure: follow the ``RetryPolicy``.
        case proceed
        /// Renew the token (``TokenSource/renew()``) and retry this request once, at once.
        case retryWithNewToken
        /// The breaker is open: stop sending; report ``AuthFailure/advice``.
        case stop(AuthFailure)
    }

    /// Why the breaker opened, or `nil` while closed.
    public private(set) var reason: AuthFailure?

    /// Creates a closed breaker.
    public init() {}

    /// Whether no request may be sent any more.
    public var isOpen: Bool { reason != nil }

    /// Records a failed attempt and says what to do next.
    ///
    /// - Parameters:
    ///   - error: How the attempt failed.
    ///   - afterRenewal: Whether the attempt already used a renewed token.
    /// - Returns: The decision.
    public func record(_ error: WeatherKitError, afterRenewal: Bool) -> Decision {
        if let reason { return .stop(reason) }
        guard let failure = AuthFailure(error) else { return .proceed }
        if failure == .overQuota || afterRenewal {
            reason = failure
            return .stop(failure)
        }
        return .retryWithNewToken
    }

    /// Opens the breaker directly (for example when a token cannot be minted at all).
    ///
    /// - Parameter failure: The reason; the first reason recorded is kept.
    public func open(_ failure: AuthFailure) {
        if reason == nil { reason = failure }
    }
}
