public import FleetPlan
public import FleetStore
internal import FleetWeather
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
        let queue = ReservationQueue(
            available: await budgetLeftNow(tally: tally), attemptsPerRequest: configuration.retry.maxAttempts + 1)
        await withTaskGroup(of: CellOutcome.self) { group in
            var pending = prepared.work.enumerated().makeIterator()
            // Cells start in priority order and enrol with the queue before their task runs, so
            // a lower cell never takes a reservation a higher one may still need. Nothing is
            // reserved here: a request is reserved only when it is about to go out.
            //
            // The breaker's first clearance is taken here and handed to the top cell, so the
            // run's lone first request (the trial) is the top cell's: a trial held in the queue
            // behind higher cells that wait for its verdict would wait for ever.
            func submitNext() async -> Bool {
                guard let (rank, work) = pending.next() else { return false }
                await queue.enroll(rank: rank, parts: work.requests.count)
                let clearance = rank == 0 ? await breaker.clearance() : nil
                group.addTask {
                    let outcome = await self.run(
                        work, rank: rank, queue: queue, tally: tally, clearance: clearance)
                    await queue.finish(rank: rank)
                    return outcome
                }
                return true
            }
            for _ in 0..<configuration.concurrency {
                guard await submitNext() else { break }
            }
            while let outcome = await group.next() {
                outcomes[outcome.key] = outcome
                if outcome.isFailure { failures += 1 }
                reportProgress()
                _ = await submitNext()
            }
        }
        var warnings = tally.warnings
        let counters = tally.counters
        if let stop = tally.quotaStop {
            warnings.insert(
                Self.quotaStopWarning(stop, cellsLeft: tally.cellsLeftForQuota, sent: counters.sent), at: 0)
        }
        var report = FetchReport(outcomes: outcomes, counters: counters, warnings: warnings)
        report.stateWriteFailures = tally.stateWriteFailures
        return report
    }

    /// Says which budget stopped the run and how many cells it left without fresh weather.
    static func quotaStopWarning(_ stop: QuotaLimit, cellsLeft: Int, sent: Int) -> String {
        let cells = "\(cellsLeft) cell(s) left unfetched"
        switch stop {
        case .run(let limit, _):
            return "--max-requests \(limit) stopped the run after \(sent) request(s) sent: \(cells) "
                + "(raise --max-requests to fetch them)"
        case .month(let month, let limit, let used):
            return "the monthly quota stopped the run (\(used) of \(limit) calls counted for \(month), "
                + "--monthly-quota): \(cells); they can be fetched when the next month opens"
        }
    }

    func ledgerRequest(_ request: CellRequest, attempt: Int) -> LedgerRequest {
        LedgerRequest(
            runID: configuration.runID, cell: request.cell.text, attempt: attempt,
            monthlyLimit: configuration.monthlyQuota, runLimit: configuration.maxRequests)
    }

    /// Fetches one cell's requests and assembles its weather.
    private func run(
        _ work: CellWork, rank: Int, queue: ReservationQueue, tally: FetchTally, clearance: CircuitBreaker.Clearance?
    ) async -> CellOutcome {
        var fetched: [WeatherResponse] = []
        var fetchedBodies: [Int: Data] = [:]
        var fetchedSets: Set<DataSet> = []
        var failure: AttemptFailure?
        var handed = clearance
        requests: for (index, request) in work.requests.enumerated() {
            let lane = Lane(rank: rank, queue: queue, tally: tally)
            let result = await send(request, lane: lane, clearance: handed)
            handed = nil
            await queue.settle(rank: rank, partsLeft: work.requests.count - index - 1)
            switch result {
            case .success(let result):
                tally.warn(about: result.warnings, cell: request.cell.text)
                fetched.append(result.response)
                fetchedBodies[request.part] = result.body
                fetchedSets.formUnion(request.dataSets)
            case .failure(let reason):
                if reason == .quota { tally.countCellLeftForQuota() }
                failure = failure ?? reason
                if reason.stopsRun { break requests }
            }
        }
        record(work, fetchedBodies: fetchedBodies, tally: tally)
        return work.assemble(fetched: fetched, fetchedSets: fetchedSets, failure: failure, now: now(), tally: tally)
    }
}
