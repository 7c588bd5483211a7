internal import FleetAuth
internal import FleetFetch
internal import FleetPlan
internal import FleetStore
internal import FleetWeatherKit
internal import Foundation

/// Wires the live fetch: credentials, token, HTTP client, recorder, engine, signals.
struct LiveWeather {
    let options: RunOptions
    let environment: AppEnvironment
    let store: StateStore
    let runID: String
    let interruption: RunInterruption

    /// `FLEETWX_ATTRIBUTION_FETCH=0` (README "Environment"): marks are not fetched (stored ones
    /// are still shown); for tests whose request counts are about weather alone, and for a site
    /// that would rather not spend the three calls.
    static func fetchesMarks(_ variables: [String: String]) -> Bool {
        variables["FLEETWX_ATTRIBUTION_FETCH"] != "0"
    }

    /// Fetches the plan from WeatherKit, then the attribution marks (docs/contract.md §5.4)
    /// unless the run was stopped or refused.
    ///
    /// - Returns: The fetch report, whether the breaker stopped the run, and the marks.
    /// - Throws: ``AppError/fatal(_:)`` for missing credentials, an unusable key or endpoint.
    func fetch(_ plan: FetchPlan) async throws(AppError) -> RunPipeline.Fetched {
        let tuning = try FetchTuning(environment.variables)
        let client = try makeClient(timeout: tuning.timeout)
        let recorder = try makeRecorder()
        let breaker = CircuitBreaker()
        let progress = ProgressLine(console: environment.console, now: environment.now)
        let engine = FetchEngine(
            client: client, store: store,
            configuration: .init(
                runID: runID, concurrency: options.concurrency, monthlyQuota: options.monthlyQuota,
                maxRequests: options.maxRequests, retry: tuning.retryPolicy),
            breaker: breaker, recorder: recorder, progress: progress, now: environment.now)
        let marks = AttributionFetch(
            client: client, store: store, runID: runID, monthlyLimit: options.monthlyQuota,
            runLimit: options.maxRequests, now: environment.now)
        let fetchesMarks = Self.fetchesMarks(environment.variables)
        let task = Task {
            let report = await engine.fetch(plan)
            let refused = await breaker.reason != nil
            return (report, await marks.marks(mayFetch: fetchesMarks && !refused && !Task.isCancelled))
        }
        interruption.onSignal { task.cancel() }
        let (report, attribution) = await task.value
        interruption.clear()
        progress.finish()
        return RunPipeline.Fetched(report: report, authFailure: await breaker.reason, attribution: attribution)
    }

    private func makeClient(timeout: Duration) throws(AppError) -> WeatherKitClient {
        let credentials: Credentials
        let tokens: TokenProvider
        let endpoint: WeatherKitEndpoint
        do {
            credentials = try Credentials.fromEnvironment(environment.variables)
        } catch .missingEnvironment(let names) {
            throw .fatal("\(AuthError.missingEnvironment(names)); they are needed unless --replay is given")
        } catch {
            throw .fatal(error.description)
        }
        do {
            endpoint = try WeatherKitEndpoint(string: options.endpoint)
        } catch {
            throw .fatal(error.description)
        }
        do {
            tokens = try TokenProvider(credentials: credentials, now: environment.now)
        } catch {
            throw .fatal(error.description)
        }
        if let warning = tokens.keyFileWarning { environment.console.err("fleetwx: warning: \(warning)\n") }
        let transport = URLSessionTransport(maximumConcurrentRequests: options.concurrency)
        return WeatherKitClient(
            endpoint: endpoint, language: options.language, transport: transport, tokens: tokens, timeout: timeout,
            now: environment.now)
    }

    private func makeRecorder() throws(AppError) -> ResponseRecorder? {
        guard let record = options.record else { return nil }
        do {
            return try ResponseRecorder(directory: record)
        } catch {
            throw .fatal(error.description)
        }
    }
}
