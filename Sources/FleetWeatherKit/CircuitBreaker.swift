/// Stops the whole run from sending once WeatherKit has refused our credentials, after as few
/// requests as possible.
///
/// A classic breaker with a half-open state. It starts half-open: the run's first request is a
/// trial, sent alone while every other worker waits in ``clearance()``, so a run with wrong
/// credentials or a used-up month costs one request (two with the token renewal) instead of
/// one per worker. A 401 later in the run may be a stale token: the request that got it
/// renews the token and retries once as the new trial, and requests refused meanwhile wait for
/// its verdict instead of each renewing and retrying. A refused trial, or `OVER_QUOTA`, opens
/// the breaker for good: every further request would be refused too, and each still counts
/// against the quota.
public actor CircuitBreaker {
    /// What a worker should do after a failed attempt.
    public enum Decision: Sendable, Equatable {
        /// Not an authorization failure: follow the ``RetryPolicy``.
        case proceed
        /// Renew the token (``TokenSource/renew()``) and retry this request once, at once, as
        /// the trial (``record(_:trial:generation:)`` with `trial: true`).
        case retryWithNewToken
        /// Another request's trial with a renewed token succeeded: retry at once with the
        /// current token (no renewal).
        case retry
        /// The breaker is open: stop sending; report ``AuthFailure/advice``.
        case stop(AuthFailure)
    }

    /// Whether a worker may send now.
    public enum Clearance: Sendable, Equatable {
        /// Send; with `trial` true, this request decides for the others, which wait until it
        /// reports through ``succeeded(trial:)``, ``record(_:trial:generation:)``
        /// or ``abandon(trial:)``. `generation` is the token ``generation`` the request is
        /// sent with; pass it back to ``record(_:trial:generation:)``.
        case send(trial: Bool, generation: Int)
        /// The breaker is open: do not send.
        case stop(AuthFailure)
    }

    private enum State: Equatable {
        /// Requests flow.
        case closed
        /// One trial request decides (`trialRunning`) or is about to be chosen.
        case halfOpen(trialRunning: Bool)
        /// Nothing may be sent any more.
        case open(AuthFailure)
    }

    private var state: State
    private var waiters: [CheckedContinuation<Void, Never>] = []
    /// The refusal that made the running trial renew its token, until the trial's verdict (so
    /// a second refusal of the trial is its last).
    private var refusal: AuthFailure?

    /// How many times a 401 has led to a token renewal: a 401 on a request sent before the
    /// latest renewal says nothing about the new token, so it neither renews again nor starts
    /// another trial.
    public private(set) var generation = 0

    /// Creates a breaker.
    ///
    /// - Parameter trialFirst: Start half-open, so the first request is sent alone (the
    ///   default); `false` starts closed.
    public init(trialFirst: Bool = true) {
        state = trialFirst ? .halfOpen(trialRunning: false) : .closed
    }

    /// Why the breaker opened, or `nil` while it has not.
    public var reason: AuthFailure? {
        if case .open(let failure) = state { return failure }
        return nil
    }

    /// Whether a trial is out and every other request should wait for its verdict.
    public var isDeciding: Bool { state == .halfOpen(trialRunning: true) }

    /// Whether no request may be sent any more.
    public var isOpen: Bool { reason != nil }

    /// How many workers are waiting for a trial's verdict (for tests and diagnostics).
    public var waiting: Int { waiters.count }

    /// Waits while a trial is deciding, then says whether to send (and whether as the trial).
    ///
    /// A waiting worker is resumed by the trial's verdict, which every trial gives (success,
    /// failure, or ``abandon(trial:)`` when it ends otherwise, cancellation included).
    ///
    /// - Returns: The clearance.
    public func clearance() async -> Clearance {
        while true {
            switch state {
            case .open(let failure): return .stop(failure)
            case .closed: return .send(trial: false, generation: generation)
            case .halfOpen(trialRunning: false):
                state = .halfOpen(trialRunning: true)
                return .send(trial: true, generation: generation)
            case .halfOpen(trialRunning: true):
                await withCheckedContinuation { waiters.append($0) }
            }
        }
    }

    /// Records a successful request; a successful trial closes the breaker.
    ///
    /// - Parameter trial: Whether the request was the trial.
    public func succeeded(trial: Bool) {
        if trial, case .halfOpen = state { settle(.closed) }
    }

    /// Ends a trial that gave no verdict (cancelled, or refused a ledger row): the others go on.
    ///
    /// - Parameter trial: Whether the request was the trial (nothing happens otherwise).
    public func abandon(trial: Bool) {
        if trial, case .halfOpen = state { settle(.closed) }
    }

    /// Ends a trial that could not send its renewal retry (no ledger row was left): the refusal
    /// it got stands, so the breaker opens with it and nobody sends with an unproven token. A
    /// trial that had not been refused yet ends like ``abandon(trial:)``.
    ///
    /// - Parameter trial: Whether the request was the trial (nothing happens otherwise).
    public func unsent(trial: Bool) {
        guard trial, case .halfOpen = state else { return }
        settle(refusal.map(State.open) ?? .closed)
    }

    /// Records a failed attempt and says what to do next.
    ///
    /// - Parameters:
    ///   - error: How the attempt failed.
    ///   - trial: Whether the attempt was the trial.
    ///   - generation: The token generation the attempt was sent with.
    /// - Returns: The decision.
    public func record(_ error: WeatherKitError, trial: Bool, generation sentWith: Int) async -> Decision {
        if case .open(let failure) = state { return .stop(failure) }
        guard let failure = AuthFailure(error) else {
            // Any HTTP answer is a verdict that the service is there: let the others go. No
            // answer at all is no verdict yet: the trial goes on alone (the fetch engine opens
            // the breaker with ``AuthFailure/unreachable(_:)`` if its attempts run out).
            if trial, !error.isNoAnswer { settle(.closed) }
            return .proceed
        }
        // A trial with a refusal on record was already retried with a renewed token.
        if failure == .overQuota || (trial && refusal != nil) {
            settle(.open(failure))
            return .stop(failure)
        }
        if trial {  // the run's first request, refused once: it renews and stays the trial
            generation += 1
            refusal = failure
            return .retryWithNewToken
        }
        if case .halfOpen(trialRunning: true) = state {
            await withCheckedContinuation { waiters.append($0) }
        } else if sentWith == generation {
            generation += 1
            state = .halfOpen(trialRunning: true)
            refusal = failure
            return .retryWithNewToken
        }
        // Refused with a token older than the latest renewal, which is proven by now.
        if case .open(let failure) = state { return .stop(failure) }
        return .retry
    }

    /// Sends the run back to a lone trial after a request ran out of attempts without any
    /// answer from the service: if the service died mid-run, one request finds out for all.
    public func noAnswer() {
        if state == .closed { state = .halfOpen(trialRunning: false) }
    }

    /// Opens the breaker directly (for example when a token cannot be minted at all).
    ///
    /// - Parameter failure: The reason; the first reason recorded is kept.
    public func open(_ failure: AuthFailure) {
        if reason == nil { settle(.open(failure)) }
    }

    private func settle(_ next: State) {
        state = next
        refusal = nil
        let resumed = waiters
        waiters = []
        for waiter in resumed { waiter.resume() }
    }
}
