internal import FleetWeatherKit
internal import Foundation

/// Request timeout and retry backoff of a live run, from two environment variables meant
/// for tests (README "Environment"): a fault-injection test needs a timeout of a second, not
/// twenty, and backoff of milliseconds, not seconds. Production runs leave both unset.
///
/// - `FLEETWX_REQUEST_TIMEOUT`: per-request timeout in seconds (decimal, 0.1…600; default 20).
/// - `FLEETWX_RETRY_BASE_MS`: backoff before the first retry in milliseconds (0…60000;
///   default 500); later retries double it, with jitter, up to 40 times it. A server's
///   `Retry-After` is still honoured.
struct FetchTuning: Equatable {
    /// Per-request timeout.
    var timeout: Duration = .seconds(20)
    /// Backoff before the first retry.
    var retryBase: Duration = .milliseconds(500)

    /// Reads the variables.
    ///
    /// - Parameter variables: The process environment.
    /// - Throws: ``AppError/fatal(_:)`` naming a variable whose value is not a number in range.
    init(_ variables: [String: String]) throws(AppError) {
        if let text = variables["FLEETWX_REQUEST_TIMEOUT"], !text.isEmpty {
            guard let seconds = Double(text), seconds.isFinite, (0.1...600).contains(seconds) else {
                throw .fatal("FLEETWX_REQUEST_TIMEOUT must be a number of seconds from 0.1 to 600, got '\(text)'")
            }
            timeout = .milliseconds(Int64((seconds * 1000).rounded()))
        }
        if let text = variables["FLEETWX_RETRY_BASE_MS"], !text.isEmpty {
            guard let milliseconds = Int(text), (0...60_000).contains(milliseconds) else {
                throw .fatal(
                    "FLEETWX_RETRY_BASE_MS must be a whole number of milliseconds from 0 to 60000, got '\(text)'")
            }
            retryBase = .milliseconds(milliseconds)
        }
    }

    /// The retry policy: the default one with this base (and a cap of 40 bases, as by default).
    var retryPolicy: RetryPolicy {
        RetryPolicy(baseDelay: retryBase, maxDelay: retryBase * 40)
    }
}
