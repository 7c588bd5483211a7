/// When to try a failed WeatherKit request again, and after how long.
///
/// Pure and `Sendable`: the fetch engine asks it after each failed attempt and sleeps on its
/// own clock. Backoff is exponential (``baseDelay`` doubling up to ``maxDelay``) with jitter,
/// so a burst of failures from many workers does not come back in lockstep.
public struct RetryPolicy: Sendable {
    /// How a delay is spread.
    public enum Jitter: Sendable, Equatable {
        /// Uniform in `0…backoff` (AWS "full jitter"): the best spread.
        case full
        /// Uniform in `backoff/2…backoff`: never retries almost at once.
        case equal
    }

    /// Most attempts per request, the first one included.
    public var maxAttempts: Int
    /// Backoff before the second attempt (before jitter).
    public var baseDelay: Duration
    /// Largest backoff (before jitter).
    public var maxDelay: Duration
    /// Largest wait a server's `Retry-After` can impose.
    public var maxRetryAfter: Duration
    /// How delays are spread.
    public var jitter: Jitter
    /// A random number in `0..<1` (injected so tests are deterministic).
    public var random: @Sendable () -> Double

    /// Creates a policy.
    ///
    /// - Parameters:
    ///   - maxAttempts: Most attempts per request (default 4).
    ///   - baseDelay: First backoff (default 0.5 s).
    ///   - maxDelay: Backoff cap (default 20 s).
    ///   - maxRetryAfter: Cap on `Retry-After` (default 60 s).
    ///   - jitter: Jitter kind (default full).
    ///   - random: Random source in `0..<1`.
    public init(
        maxAttempts: Int = 4, baseDelay: Duration = .milliseconds(500), maxDelay: Duration = .seconds(20),
        maxRetryAfter: Duration = .seconds(60), jitter: Jitter = .full,
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
    ) {
        self.maxAttempts = maxAttempts
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.maxRetryAfter = maxRetryAfter
        self.jitter = jitter
        self.random = random
    }

    /// The wait before the next attempt, or `nil` to give up.
    ///
    /// - Parameters:
    ///   - attempt: The 1-based number of the attempt that just failed.
    ///   - error: How it failed.
    /// - Returns: `nil` when attempts are used up or the error is not retryable; `.zero` for a
    ///   401 (retry at once with a renewed token — the ``CircuitBreaker`` decides whether that
    ///   is allowed); otherwise the jittered backoff, or the server's `Retry-After` (capped at
    ///   ``maxRetryAfter``) when that is longer.
    public func delay(forAttempt attempt: Int, error: WeatherKitError) -> Duration? {
        guard attempt >= 1, attempt < maxAttempts else { return nil }
        if error.needsNewToken { return .zero }
        guard error.isRetryable else { return nil }
        let jittered = backoff(forAttempt: attempt)
        guard let hinted = error.retryAfter else { return jittered }
        return max(min(hinted, maxRetryAfter), jittered)
    }

    /// The jittered exponential backoff after a failed attempt.
    ///
    /// - Parameter attempt: The 1-based number of the attempt that just failed.
    /// - Returns: A delay between zero and ``maxDelay``.
    public func backoff(forAttempt attempt: Int) -> Duration {
        let exponent = min(max(attempt - 1, 0), 30)
        let uncapped = baseDelay * (1 << exponent)
        let ceiling = min(uncapped, maxDelay)
        let fraction = min(max(random(), 0), 1)
        switch jitter {
        case .full: return ceiling * fraction
        case .equal: return ceiling / 2 + (ceiling / 2) * fraction
        }
    }
}
