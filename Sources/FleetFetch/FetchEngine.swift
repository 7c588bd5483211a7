public import FleetPlan
public import FleetStore
public import FleetWeatherKit
public import Foundation

/// Fetches a plan's cells from WeatherKit: cache first, every request recorded in the quota
/// ledger before it is sent, never more than `concurrency` requests in flight, retries with
/// backoff, a circuit breaker on authorization failures, and expired copies as a fallback.
///
/// One failed cell never stops the others; only the quota, the breaker and cancellation
/// (SIGINT/SIGTERM) stop sending, and even then every cell gets an outcome.
public struct FetchEngine: Sendable {
    /// Run-wide settings.
    public struct Configuration: Sendable {
        /// The run's id in the ledger.
        public var runID: String
        /// Most requests in flight at once.
        public var concurrency: Int
        /// Calls allowed per UTC month.
        public var monthlyQuota: Int
        /// Most calls this run may send.
        public var maxRequests: Int?
        /// Backoff and attempts.
        public var retry: RetryPolicy

        /// Creates settings.
        public init(
            runID: String, concurrency: Int, monthlyQuota: Int, maxRequests: Int?, retry: RetryPolicy = RetryPolicy()
        ) {
            self.runID = runID
            self.concurrency = max(1, concurrency)
            self.monthlyQuota = monthlyQuota
            self.maxRequests = maxRequests
            self.retry = retry
        }
    }

    let client: WeatherKitClient
    let store: StateStore
    let configuration: Configuration
    let breaker: CircuitBreaker
    let recorder: ResponseRecorder?
    let progress: (any FetchProgressSink)?
    let now: @Sendable () -> Date
    let sleep: @Sendable (Duration) async throws -> Void

    /// Creates an engine.
    ///
    /// - Parameters:
    ///   - client: The WeatherKit client.
    ///   - store: The state database (cache and ledger).
    ///   - configuration: Run-wide settings.
    ///   - breaker: The circuit breaker shared by every request of the run.
    ///   - recorder: Where to save bodies (`--record`), if anywhere.
    ///   - progress: Where to report progress.
    ///   - now: The clock.
    ///   - sleep: How to wait between attempts (tests pass a recorder that does not wait).
    public init(
        client: WeatherKitClient, store: StateStore, configuration: Configuration,
        breaker: CircuitBreaker = CircuitBreaker(),
        recorder: ResponseRecorder? = nil, progress: (any FetchProgressSink)? = nil,
        now: @escaping @Sendable () -> Date = { Date() },
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.client = client
        self.store = store
        self.configuration = configuration
        self.breaker = breaker
        self.recorder = recorder
        self.progress = progress
        self.now = now
        self.sleep = sleep
    }

    /// Fetches what the plan needs.
    ///
    /// - Parameter plan: The run's plan.
    /// - Returns: An outcome for every cell, and the counters.
    public func fetch(_ plan: FetchPlan) async -> FetchReport {
        let tally = FetchTally(planned: plan.requests.count)
        let prepared = await CachePreparation(store: store, now: now(), keepBodies: recorder != nil)
            .prepare(plan, tally: tally)
        let total = plan.cells.count
        let started = now()
        var outcomes = prepared.outcomes
        // Kept as a running count: recounting every outcome after each cell made progress
        // reports quadratic in the number of cells.
        var failures = outcomes.values.filter(\.isFailure).count
        func reportProgress() {
            let counters = tally.counters
            progress?.report(
                FetchProgress(
                    cellsDone: outcomes.count, cellsTotal: total, cacheHits: counters.cacheHits,
                    failures: failures, requestsSent: counters.sent, startedAt: started))
        }
        reportProgress()
        for work in prepared.cached { record(work, fetchedBodies: [:], tally: tally) }
        await withTaskGroup(of: CellOutcome.self) { group in
            var pending = prepared.work.makeIterator()
            // Each cell's first request is reserved here, in priority order, before its task
            // starts: when the budget runs short, it is the last cells that go without.
            func submitNext() async -> Bool {
                guard let work = pending.next() else { return false }
                let reservation = await reserveFirst(work, tally: tally)
                group.addTask { await self.run(work, tally: tally, firstReservation: reservation) }
                return true
            }
            for _ in 0..<configuration.concurrency {
                guard await submitNext() else { break }
            }
            while let outcome = await group.next() {
                outcomes[outcome.key.text] = outcome
                if outcome.isFailure { failures += 1 }
                reportProgress()
                _ = await submitNext()
            }
        }
        return FetchReport(outcomes: outcomes, counters: tally.counters, warnings: prepared.warnings + tally.warnings)
    }

    /// Reserves the ledger row for a cell's first attempt, unless nothing may be sent.
    private func reserveFirst(_ work: CellWork, tally: FetchTally) async -> Reservation? {
        guard let request = work.requests.first, !Task.isCancelled, !tally.quotaExhausted,
            await breaker.reason == nil
        else { return nil }
        do {
            guard let granted = try await store.reserve(ledgerRequest(request, attempt: 1)) else {
                tally.markQuotaExhausted()
                return nil
            }
            return granted
        } catch {
            return nil  // the request's task tries again and reports the ledger's error
        }
    }

    private func ledgerRequest(_ request: CellRequest, attempt: Int) -> LedgerRequest {
        LedgerRequest(
            runID: configuration.runID, cell: request.cell.text, attempt: attempt,
            monthlyLimit: configuration.monthlyQuota, runLimit: configuration.maxRequests)
    }

    /// Fetches one cell's requests and assembles its weather.
    private func run(_ work: CellWork, tally: FetchTally, firstReservation: Reservation?) async -> CellOutcome {
        var fetched: [WeatherResponse] = []
        var fetchedBodies: [Int: Data] = [:]
        var fetchedSets: Set<DataSet> = []
        var failure: AttemptFailure?
        var reservation = firstReservation
        requests: for request in work.requests {
            defer { reservation = nil }
            switch await send(request, tally: tally, reserved: reservation) {
            case .success(let result):
                tally.warn(about: result, cell: request.cell.text)
                fetched.append(result.response)
                fetchedBodies[request.part] = result.body
                fetchedSets.formUnion(request.dataSets)
            case .failure(let reason):
                failure = failure ?? reason
                if reason.stopsRun { break requests }
            }
        }
        record(work, fetchedBodies: fetchedBodies, tally: tally)
        return work.assemble(fetched: fetched, fetchedSets: fetchedSets, failure: failure, now: now())
    }

    /// Sends one request, retrying as the policy and the breaker allow; a request that went
    /// on the wire at least once and still failed counts as failed.
    private func send(
        _ request: CellRequest, tally: FetchTally, reserved: Reservation?
    ) async -> Result<FetchedWeather, AttemptFailure> {
        var wasSent = false
        let result = await attempts(request, tally: tally, reserved: reserved, wasSent: &wasSent)
        if case .failure = result, wasSent { tally.countFailed() }
        return result
    }

    private func attempts(
        _ request: CellRequest, tally: FetchTally, reserved: Reservation?, wasSent: inout Bool
    ) async -> Result<FetchedWeather, AttemptFailure> {
        let query = WeatherQuery(
            latitude: request.cell.latitude, longitude: request.cell.longitude, dataSets: request.dataSets,
            hourlyStart: request.hourlyStart, hourlyEnd: request.hourlyEnd, dailyStart: request.dailyStart,
            dailyEnd: request.dailyEnd, timeZone: request.timeZone, country: request.country)
        var attempt = 1
        var trial = false  // this request decides for the others (see CircuitBreaker)
        var generation = 0  // the token generation of the attempt
        while true {
            let held = attempt == 1 ? reserved : nil
            if !trial {
                switch await breaker.clearance() {
                case .stop(let reason):
                    await release(held)
                    return .failure(.authorization(reason))
                case .send(let chosen, let current):
                    trial = chosen
                    generation = current
                }
            }
            if Task.isCancelled {
                await release(held)
                await breaker.abandon(trial: trial)
                return .failure(.interrupted)
            }
            let reservation: Reservation
            if let held {
                reservation = held
            } else {
                switch await reserve(request, attempt: attempt, tally: tally) {
                case .success(let granted): reservation = granted
                case .failure(let failure):
                    // A refused trial that cannot retry leaves the refusal standing.
                    await breaker.unsent(trial: trial)
                    if trial, let reason = await breaker.reason { return .failure(.authorization(reason)) }
                    return .failure(failure)
                }
            }
            tally.countSent(retry: attempt > 1)
            let sentBefore = wasSent
            wasSent = true
            do {
                let result = try await client.fetchWeather(query)
                try? await store.complete(reservation, outcome: .succeeded, httpStatus: 200)
                tally.countSucceeded()
                await breaker.succeeded(trial: trial)
                await keep(result, for: request, tally: tally)
                return .success(result)
            } catch {
                // A token that cannot be minted means nothing went on the wire: give the
                // reservation back rather than charge the month for it.
                var notSent = false
                if case .tokenUnavailable = error { notSent = true }
                try? await store.complete(reservation, outcome: notSent ? .notSent : .failed, httpStatus: nil)
                if notSent {
                    tally.uncountSent(retry: attempt > 1)
                    wasSent = sentBefore  // so `failed` counts only requests that went out
                }
                switch await next(after: error, attempt: attempt, trial: &trial, generation: generation) {
                case .retry:
                    attempt += 1
                    if trial { generation = await breaker.generation }
                case .stop(let failure): return .failure(failure)
                }
            }
        }
    }

    /// Records a request in the ledger before it is sent, within the budget.
    private func reserve(
        _ request: CellRequest, attempt: Int, tally: FetchTally
    ) async -> Result<Reservation, AttemptFailure> {
        if tally.quotaExhausted {
            tally.countSkipped()
            return .failure(.quota)
        }
        do {
            guard let granted = try await store.reserve(ledgerRequest(request, attempt: attempt)) else {
                tally.markQuotaExhausted()
                tally.countSkipped()
                return .failure(.quota)
            }
            return .success(granted)
        } catch {
            return .failure(.failed("the quota ledger could not record the request (\(error.description))"))
        }
    }

    /// Gives back a reservation whose request will not be sent.
    private func release(_ reservation: Reservation?) async {
        guard let reservation else { return }
        try? await store.complete(reservation, outcome: .notSent, httpStatus: nil)
    }

    private enum Next {
        case retry
        case stop(AttemptFailure)
    }

    /// Decides between retrying and giving up after a failed attempt.
    private func next(
        after error: WeatherKitError, attempt: Int, trial: inout Bool, generation: Int
    ) async -> Next {
        if error == .cancelled || Task.isCancelled {
            await breaker.abandon(trial: trial)
            trial = false
            return .stop(.interrupted)
        }
        let decision = await breaker.record(error, trial: trial, generation: generation)
        trial = decision == .retryWithNewToken  // only a renewal retry stays (or becomes) the trial
        switch decision {
        case .retryWithNewToken:
            _ = try? await client.tokens.renew()
            return .retry
        case .retry:
            return .retry
        case .stop(let reason):
            return .stop(.authorization(reason))
        case .proceed:
            guard let delay = configuration.retry.delay(forAttempt: attempt, error: error) else {
                let tries = attempt == 1 ? "" : " after \(attempt) attempts"
                return .stop(.failed("\(error.description)\(tries)"))
            }
            do {
                try await sleep(delay)
            } catch {
                return .stop(.interrupted)
            }
            return .retry
        }
    }

    /// Caches a fetched body per data set.
    private func keep(_ result: FetchedWeather, for request: CellRequest, tally: FetchTally) async {
        let entries = DataSetBodies.entries(from: result, request: request, fetchedAt: now())
        do {
            try await store.store(contentsOf: entries)
        } catch {
            tally.warn("cell \(request.cell.text): could not cache the response (\(error.description))")
        }
    }
}
