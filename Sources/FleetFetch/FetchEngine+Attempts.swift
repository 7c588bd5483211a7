internal import FleetPlan
internal import FleetStore
internal import FleetWeatherKit
internal import Foundation

/// Where a request's reservations come from: its cell's rank in the queue, and the run's counters.
struct Lane: Sendable {
    let rank: Int
    let queue: ReservationQueue
    let tally: FetchTally
}

extension FetchEngine {
    /// Sends one request, retrying as the policy and the breaker allow; a request that went
    /// on the wire at least once and still failed counts as failed.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - lane: Its cell's place in the reservation queue.
    ///   - clearance: The breaker's clearance already obtained for the first attempt (the run's
    ///     top cell is handed the first trial), or `nil` to ask for it.
    func send(
        _ request: CellRequest, lane: Lane, clearance: CircuitBreaker.Clearance? = nil
    ) async -> Result<FetchedWeather, AttemptFailure> {
        var state = RequestAttempts(handed: clearance)
        let result = await attempts(request, lane: lane, state: &state)
        if case .failure = result, state.wasSent { lane.tally.countFailed() }
        return result
    }

    /// The request's attempts, top to bottom: cleared by the breaker, reserved in the ledger,
    /// sent, and then either done or, after a retryable failure, round again.
    private func attempts(
        _ request: CellRequest, lane: Lane, state: inout RequestAttempts
    ) async -> Result<FetchedWeather, AttemptFailure> {
        let query = WeatherQuery(
            latitude: request.cell.latitude, longitude: request.cell.longitude, dataSets: request.dataSets,
            hourlyStart: request.hourlyStart, hourlyEnd: request.hourlyEnd, dailyStart: request.dailyStart,
            dailyEnd: request.dailyEnd, timeZone: request.timeZone, country: request.country)
        while true {
            if let stop = await clear(&state) { return .failure(stop) }
            let reservation: Reservation
            switch await reserveToSend(request, state: state, lane: lane) {
            case .granted(let granted): reservation = granted
            case .waitForVerdict: continue
            case .stop(let failure): return .failure(failure)
            }
            lane.tally.countSent(retry: state.isRetry)
            let answer = await client.attempt(query)
            switch answer.result {
            case .success(let result):
                await complete(reservation, with: result, status: answer.httpStatus, request: request, lane: lane)
                lane.tally.countSucceeded()
                state.reachedService()
                await breaker.succeeded(trial: state.isTrial)
                return .success(result)
            case .failure(let error):
                await endFailed(
                    reservation, error, httpStatus: answer.httpStatus, request: request, state: &state, lane: lane)
                switch await next(after: error, state: &state) {
                case .retry:
                    state.nextAttempt()
                    if state.isTrial { state.usesToken(generation: await breaker.generation) }
                case .stop(let failure): return .failure(failure)
                }
            }
        }
    }

    /// Asks the breaker whether the attempt may go, unless the request is its trial already
    /// (the trial goes on alone); a stop, or a signal, is the request's failure.
    private func clear(_ state: inout RequestAttempts) async -> AttemptFailure? {
        if !state.isTrial {
            let clearance: CircuitBreaker.Clearance
            if let handed = state.takeHandedClearance() {
                clearance = handed
            } else {
                clearance = await breaker.clearance()
            }
            switch clearance {
            case .stop(let reason): return .authorization(reason)
            case .send(let trial, let generation): state.cleared(trial: trial, generation: generation)
            }
        }
        if Task.isCancelled {
            await breaker.abandon(trial: state.isTrial)
            return .interrupted
        }
        return nil
    }

    /// What asking for the attempt's reservation came to.
    private enum Reserved {
        /// Recorded in the ledger: send it.
        case granted(Reservation)
        /// Given back: a trial started meanwhile, whose verdict comes first.
        case waitForVerdict
        /// Not to be sent: the request ends with this failure.
        case stop(AttemptFailure)
    }

    /// Reserves the attempt in the ledger only now, when it is about to go: a worker waiting
    /// for the trial's verdict holds no ledger row, so a kill -9 leaves at most the trial's.
    private func reserveToSend(_ request: CellRequest, state: RequestAttempts, lane: Lane) async -> Reserved {
        let reservation: Reservation
        switch await reserve(request, attempt: state.number, trial: state.isTrial, lane: lane) {
        case .success(let granted): reservation = granted
        case .failure(let failure):
            // A refused trial that cannot retry leaves the refusal standing.
            await breaker.unsent(trial: state.isTrial)
            if state.isTrial, let reason = await breaker.reason { return .stop(.authorization(reason)) }
            return .stop(failure)
        }
        if let stop = await unsendable(reservation, trial: state.isTrial, lane: lane) { return .stop(stop) }
        // Cleared while requests flowed, but a lone trial started while this one waited for
        // its reservation (a 401 or a dead service elsewhere): wait for its verdict first.
        if !state.isTrial, await breaker.isDeciding {
            await giveBack(reservation, httpStatus: nil, lane: lane)
            return .waitForVerdict
        }
        return .granted(reservation)
    }

    /// Ends a failed attempt's reservation. Only attempts that may have reached the service are
    /// charged: a refused connection, a token that could not be minted or a cancellation before
    /// sending gives the reservation back.
    private func endFailed(
        _ reservation: Reservation, _ error: WeatherKitError, httpStatus: Int?, request: CellRequest,
        state: inout RequestAttempts, lane: Lane
    ) async {
        // An answer for another place is said out loud, not only in the cell's status: it
        // means the service (or something between) mixed cells up.
        if case .wrongPlace = error { lane.tally.warn("cell \(request.cell.text): \(error.description)") }
        if error.mayHaveReachedService {
            await finish(reservation, as: .failed, httpStatus: httpStatus, lane: lane)
            state.reachedService()
        } else {
            lane.tally.uncountSent(retry: state.isRetry)
            await giveBack(reservation, httpStatus: httpStatus, lane: lane)
        }
    }

    /// Gives a fresh reservation back when the run stopped while it was being granted: the
    /// breaker opened (for a request that is not the trial) or a signal arrived.
    private func unsendable(_ reservation: Reservation, trial: Bool, lane: Lane) async -> AttemptFailure? {
        var stop: AttemptFailure?
        if !trial, let reason = await breaker.reason { stop = .authorization(reason) }
        if Task.isCancelled {
            await breaker.abandon(trial: trial)
            stop = .interrupted
        }
        guard let stop else { return nil }
        await giveBack(reservation, httpStatus: nil, lane: lane)
        return stop
    }

    /// Gives a reservation whose request did not go out back to the month, the run and the queue.
    private func giveBack(_ reservation: Reservation, httpStatus: Int?, lane: Lane) async {
        await finish(reservation, as: .notSent, httpStatus: httpStatus, lane: lane)
        await lane.queue.giveBack(rank: lane.rank)
    }

    /// Records how a reservation ended; a ledger that cannot record it is reported, not ignored
    /// (the row stays pending and counts, which errs on the safe side).
    private func finish(_ reservation: Reservation, as outcome: LedgerOutcome, httpStatus: Int?, lane: Lane) async {
        do {
            try await store.complete(reservation, outcome: outcome, httpStatus: httpStatus)
        } catch {
            lane.tally.warnStateWrite("the quota ledger could not record a request's end (\(error.description))")
        }
    }

    /// Records a success and caches its body in one transaction; if that fails, the success is
    /// recorded alone (the request was paid for) and the user is told the body was not cached.
    private func complete(
        _ reservation: Reservation, with result: FetchedWeather, status: Int?, request: CellRequest, lane: Lane
    ) async {
        let entries = DataSetBodies.entries(from: result, request: request, fetchedAt: now())
        do {
            try await store.complete(reservation, outcome: .succeeded, httpStatus: status ?? 200, caching: entries)
        } catch {
            lane.tally.warnStateWrite("cell \(request.cell.text): could not cache the response (\(error.description))")
            await finish(reservation, as: .succeeded, httpStatus: status ?? 200, lane: lane)
        }
    }

    /// Records a request in the ledger before it is sent, within the budget and in priority order.
    ///
    /// A refusal by the month's quota in the last minutes of a UTC month waits for the next
    /// month instead of ending the run: the month's calls are counted afresh seconds later.
    private func reserve(
        _ request: CellRequest, attempt: Int, trial: Bool, lane: Lane
    ) async -> Result<Reservation, AttemptFailure> {
        while true {
            if lane.tally.quotaStop != nil {
                lane.tally.countSkipped()
                return .failure(.quota)
            }
            await lane.queue.admit(rank: lane.rank, trial: trial)
            if Task.isCancelled {  // stopped while waiting: no ledger row for a request that will not go
                await lane.queue.giveBack(rank: lane.rank)
                return .failure(.interrupted)
            }
            let answer: ReservationResult
            do throws(StoreError) {
                answer = try await store.tryReserve(ledgerRequest(request, attempt: attempt))
            } catch {
                await lane.queue.giveBack(rank: lane.rank)
                return .failure(.failed("the quota ledger could not record the request (\(error.description))"))
            }
            switch answer {
            case .granted(let granted): return .success(granted)
            case .refused(let limit):
                await lane.queue.refused(rank: lane.rank)
                if case .month = limit, let wait = monthTurnWait() {
                    do {
                        try await sleep(wait)
                    } catch {
                        return .failure(.interrupted)
                    }
                    await lane.queue.reset(available: await budgetLeftNow(tally: lane.tally))
                    continue
                }
                lane.tally.stopForQuota(limit)
                lane.tally.countSkipped()
                return .failure(.quota)
            }
        }
    }

    /// How long until the next UTC month opens, when that is soon enough to wait for.
    private func monthTurnWait() -> Duration? {
        let now = now()
        let seconds = UTCCalendar.startOfNextMonth(after: now).timeIntervalSince(now)
        guard seconds >= 0, seconds <= Self.monthTurnPatience else { return nil }
        return .milliseconds(Int64((seconds * 1000).rounded(.up)) + 1000)
    }

    /// A run refused by the month's quota this close (in seconds) to the month's end waits for
    /// the next month instead of stopping.
    static let monthTurnPatience: Double = 300

    /// What the budgets allow now. A ledger that cannot be read gives 0, with a warning: the top
    /// cell then goes on to the ledger itself, whose error it reports as its failure.
    func budgetLeftNow(tally: FetchTally) async -> Int {
        let request = LedgerRequest(
            runID: configuration.runID, cell: "", monthlyLimit: configuration.monthlyQuota,
            runLimit: configuration.maxRequests)
        do {
            return try await store.remaining(for: request)
        } catch {
            tally.warn(
                "the quota ledger could not be read to size this run's budget (\(error.described(at: store.path))); cells are "
                    + "fetched one at a time, in priority order, and no request is sent that the ledger cannot record")
            return 0
        }
    }

    private enum Next {
        case retry
        case stop(AttemptFailure)
    }

    /// Decides between retrying and giving up after a failed attempt.
    private func next(after error: WeatherKitError, state: inout RequestAttempts) async -> Next {
        if error == .cancelled || Task.isCancelled {
            await breaker.abandon(trial: state.isTrial)
            state.continues(asTrial: false)
            return .stop(.interrupted)
        }
        let attempt = state.number
        let decision = await breaker.record(error, trial: state.isTrial, generation: state.generation)
        // The run's first request stays the trial through its attempts while the service does
        // not answer, so nobody else sends to a service that may be dead.
        let guarding = state.isTrial && error.isNoAnswer && decision == .proceed
        state.continues(asTrial: decision == .retryWithNewToken || guarding)
        let tries = attempt == 1 ? "" : " after \(attempt) attempts"
        switch decision {
        case .retryWithNewToken:
            guard attempt <= configuration.retry.maxAttempts else {
                await breaker.unsent(trial: true)
                return .stop(.failed("\(error.description)\(tries)"))
            }
            // Minting signs in memory with the key already loaded (TokenProvider.renew); were it
            // to fail, the old token stays, the retry meets the same refusal, and the cell fails
            // with it after its attempts: reported, not lost.
            _ = try? await client.tokens.renew()
            return .retry
        case .retry:
            guard attempt <= configuration.retry.maxAttempts else {
                return .stop(.failed("\(error.description)\(tries)"))
            }
            return .retry
        case .stop(let reason):
            return .stop(.authorization(reason))
        case .proceed:
            guard let delay = configuration.retry.delay(forAttempt: attempt, error: error) else {
                if guarding {
                    let reason = AuthFailure.unreachable("\(error.description)\(tries)")
                    await breaker.open(reason)
                    return .stop(.authorization(reason))
                }
                if error.isNoAnswer { await breaker.noAnswer() }
                return .stop(.failed("\(error.description)\(tries)"))
            }
            do {
                try await sleep(delay)
            } catch {
                if guarding { await breaker.abandon(trial: true) }
                return .stop(.interrupted)
            }
            return .retry
        }
    }
}
