public import FleetStore
public import FleetWeather
public import FleetWeatherKit
public import Foundation

/// What a run shows as the Apple Weather mark, and what it cost.
public struct AttributionResult: Sendable {
    /// The marks, or `nil` for the text mark.
    public var marks: AttributionMarks?
    /// Requests this run sent for them (each recorded in the quota ledger).
    public var sent: Int
    /// Why the pages show the text mark, or what could not be stored (for `run.json`).
    public var warnings: [String]

    /// The text mark, for nothing sent.
    public static let textMark = AttributionResult(marks: nil, sent: 0, warnings: [])
}

/// The Apple Weather marks of a live run: the stored ones while younger than 30 days, else
/// `GET /attribution/en` and its light and dark marks, each recorded in the quota ledger before
/// it is sent (docs/contract.md §5.4).
///
/// A failure never fails the run: the pages show the text mark, the attribution sentence and
/// the legal link stay, and a warning says why. Marks older than 30 days are not shown even
/// when fetching new ones fails, so the stored copy is never older than the state database
/// promises. Sent after the weather, so the marks never take budget a cell needed.
public struct AttributionFetch: Sendable {
    /// The ledger's `cell` of each request: not a location, so no cell key can match it.
    public static let ledgerLabels = (
        attribution: "attribution:en", light: "attribution:mark-light",
        dark: "attribution:mark-dark"
    )

    let client: WeatherKitClient
    let store: StateStore
    let runID: String
    let monthlyLimit: Int
    let runLimit: Int?
    let now: @Sendable () -> Date

    /// Creates the step.
    ///
    /// - Parameters:
    ///   - client: The run's WeatherKit client (its transport, timeout and token).
    ///   - store: The state database (ledger and stored marks).
    ///   - runID: The run, for the ledger.
    ///   - monthlyLimit: `--monthly-quota`.
    ///   - runLimit: `--max-requests`.
    ///   - now: The clock.
    public init(
        client: WeatherKitClient, store: StateStore, runID: String, monthlyLimit: Int, runLimit: Int?,
        now: @escaping @Sendable () -> Date
    ) {
        self.client = client
        self.store = store
        self.runID = runID
        self.monthlyLimit = monthlyLimit
        self.runLimit = runLimit
        self.now = now
    }

    /// The run's marks, from the state database or, with `mayFetch`, from WeatherKit.
    ///
    /// - Parameter mayFetch: Whether requests may be sent (false after an authorization failure
    ///   or a signal, or with `FLEETWX_ATTRIBUTION_FETCH=0`).
    /// - Returns: The marks or the text mark, with the requests sent and the warnings.
    public func marks(mayFetch: Bool) async -> AttributionResult {
        var warnings: [String] = []
        switch await stored() {
        case .success(let marks?): return AttributionResult(marks: marks, sent: 0, warnings: [])
        case .success(nil): break
        case .failure(let reason): warnings.append(reason.description)
        }
        guard mayFetch else { return AttributionResult(marks: nil, sent: 0, warnings: warnings) }
        var sent = 0
        switch await fetch(sent: &sent, warnings: &warnings) {
        case .failure(let reason):
            warnings.append("attribution marks could not be fetched: \(reason); pages show the text mark")
            return AttributionResult(marks: nil, sent: sent, warnings: warnings)
        case .success(let marks):
            do {
                try await store.store(
                    marks: StoredMarks(
                        language: WeatherKitClient.attributionLanguage, serviceName: marks.serviceName,
                        light: marks.light, dark: marks.dark, fetchedAt: marks.fetchedAt))
            } catch {
                warnings.append(
                    "the attribution marks could not be stored (\(error.description)); the next run fetches them "
                        + "again")
            }
            return AttributionResult(marks: marks, sent: sent, warnings: warnings)
        }
    }

    /// The stored marks while current; `nil` when there are none, they are older than 30 days, or
    /// they are not PNG images (then fetched again, as if absent).
    private func stored() async -> Result<AttributionMarks?, Reason> {
        let row: StoredMarks?
        do {
            row = try await store.storedMarks(language: WeatherKitClient.attributionLanguage)
        } catch {
            return .failure(
                Reason(description: "the stored attribution marks could not be read (\(error.description))"))
        }
        guard let row else { return .success(nil) }
        do {
            let marks = try AttributionMarks(
                serviceName: row.serviceName, light: row.light, dark: row.dark, fetchedAt: row.fetchedAt)
            return .success(marks.isCurrent(at: now()) ? marks : nil)
        } catch {
            return .failure(Reason(description: "the stored attribution marks are unusable (\(error.description))"))
        }
    }

    /// A reason in words, for the warning.
    struct Reason: Error, CustomStringConvertible {
        let description: String
    }

    private func fetch(sent: inout Int, warnings: inout [String]) async -> Result<AttributionMarks, Reason> {
        // Each call in turn; the first that fails ends the fetch with its reason.
        let manifest: AttributionManifest
        let light: Data
        let dark: Data
        do throws(Reason) {
            manifest = try await send(
                Self.ledgerLabels.attribution, sent: &sent, warnings: &warnings, { await client.attemptAttribution() }
            ).get()
            light = try await send(
                Self.ledgerLabels.light, sent: &sent, warnings: &warnings,
                { await client.attemptMark(path: manifest.lightPath) }
            ).get()
            dark = try await send(
                Self.ledgerLabels.dark, sent: &sent, warnings: &warnings,
                { await client.attemptMark(path: manifest.darkPath) }
            ).get()
        } catch {
            return .failure(error)
        }
        do {
            return .success(
                try AttributionMarks(serviceName: manifest.serviceName, light: light, dark: dark, fetchedAt: now()))
        } catch {
            return .failure(Reason(description: error.description))
        }
    }

    /// One request: reserved in the ledger, sent once, its end recorded (given back when it
    /// never reached the service).
    private func send<Value: Sendable>(
        _ label: String, sent: inout Int, warnings: inout [String], _ attempt: () async -> ServiceAttempt<Value>
    ) async -> Result<Value, Reason> {
        if Task.isCancelled { return .failure(Reason(description: "the run was interrupted")) }
        let reservation: Reservation
        do {
            let request = LedgerRequest(runID: runID, cell: label, monthlyLimit: monthlyLimit, runLimit: runLimit)
            switch try await store.tryReserve(request) {
            case .granted(let granted): reservation = granted
            case .refused(.month(let month, let limit, let used)):
                return .failure(Reason(description: "the monthly quota is used up (\(used) of \(limit) in \(month))"))
            case .refused(.run(let limit, _)):
                return .failure(Reason(description: "--max-requests \(limit) is used up by this run"))
            }
        } catch {
            return .failure(Reason(description: "the quota ledger could not record the request (\(error.description))"))
        }
        let answer = await attempt()
        let outcome: LedgerOutcome
        switch answer.result {
        case .success: outcome = .succeeded
        case .failure(let error): outcome = error.mayHaveReachedService ? .failed : .notSent
        }
        if outcome != .notSent { sent += 1 }
        do {
            try await store.complete(reservation, outcome: outcome, httpStatus: answer.httpStatus)
        } catch {
            // The row stays pending and counts (the safe side) until a later command settles it.
            warnings.append("the quota ledger could not record the end of \(label) (\(error.description))")
        }
        return answer.result.mapError { Reason(description: $0.description) }
    }
}
