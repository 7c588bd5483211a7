internal import FleetWeatherKit

/// Where one request stands in its attempts: which attempt goes next, whether it is the circuit
/// breaker's trial and with which token generation, and whether anything reached the service.
///
/// The fetch engine's attempt loop keeps this in one value, changed only through the transitions
/// named below, so the loop reads as the steps a request takes (see ``FetchEngine``'s `send`).
struct RequestAttempts: Sendable {
    /// The attempt about to be made, from 1.
    private(set) var number = 1
    /// Whether this request decides for the others (see ``CircuitBreaker``): the run's first
    /// request, or one refused with the latest token that renews it and retries.
    private(set) var isTrial = false
    /// The token generation the attempt is sent with, given back to the breaker with a failure
    /// (a refusal of an older token says nothing about the current one).
    private(set) var generation = 0
    /// Whether an attempt may have reached the service (it is charged, and a request that
    /// still fails counts as failed).
    private(set) var wasSent = false
    /// The clearance obtained for the first attempt before the request started (the run's top
    /// cell is handed the first trial), until it is taken.
    private var handed: CircuitBreaker.Clearance?

    /// Starts a request's attempts.
    ///
    /// - Parameter handed: The breaker's clearance already obtained, or `nil` to ask for it.
    init(handed: CircuitBreaker.Clearance?) {
        self.handed = handed
    }

    /// Whether the attempt about to be made is a retry (the tally counts those apart).
    var isRetry: Bool { number > 1 }

    /// Takes the clearance handed in, once: later attempts ask the breaker themselves.
    mutating func takeHandedClearance() -> CircuitBreaker.Clearance? {
        defer { handed = nil }
        return handed
    }

    /// The breaker let the request send: as its trial or not, with the token generation of now.
    mutating func cleared(trial: Bool, generation: Int) {
        isTrial = trial
        self.generation = generation
    }

    /// An attempt may have reached the service: it is charged.
    mutating func reachedService() {
        wasSent = true
    }

    /// After a failed attempt the breaker says whether the next one decides for the others: a
    /// refused request that renews its token does, and so does the run's first while the
    /// service does not answer.
    mutating func continues(asTrial trial: Bool) {
        isTrial = trial
    }

    /// The trial's next attempt goes with the breaker's current token `generation`: the one it
    /// renewed after a refusal, or the same one while the service does not answer.
    mutating func usesToken(generation: Int) {
        self.generation = generation
    }

    /// A retryable failure: the next attempt follows.
    mutating func nextAttempt() {
        number += 1
    }
}
