internal import FleetAirports
internal import FleetBriefing
internal import FleetFetch
internal import FleetFiles
internal import FleetPlan
internal import FleetReports
internal import FleetSchedule
internal import FleetStore
internal import FleetWeather
internal import FleetWeatherKit
internal import Foundation

/// The pipeline's steps that are more than a line: where the weather comes from, the report
/// writer, and the words of its ends (nothing obtained, stopped before publishing, the
/// closing line).
extension RunPipeline {
    /// The run's weather: from the recording with `--replay` (with the text mark: a replay
    /// sends nothing and shows nothing the recording does not hold), else from WeatherKit.
    func weather(
        for plan: FetchPlan, store: StateStore, runID: String, interruption: RunInterruption
    ) async throws(AppError) -> Fetched {
        if let replay = options.replay {
            do {
                return Fetched(
                    report: try ReplaySource(directory: replay, grid: options.grid).serve(plan), authFailure: nil,
                    attribution: .textMark)
            } catch {
                throw .fatal(error.description)
            }
        }
        return try await LiveWeather(
            options: options, environment: environment, store: store, runID: runID, interruption: interruption
        ).fetch(plan)
    }

    /// The report writer, with its templates loaded and `out` checked as a place to publish.
    func reportWriter(for out: URL) throws(AppError) -> ReportWriter {
        do {
            let directory = try ReportTemplates.locate(
                explicit: options.templates, environment: environment.variables,
                workingDirectory: environment.workingDirectory, executable: environment.executable)
            let writer = ReportWriter(templates: try ReportTemplates.load(from: directory))
            try ReportWriter.checkDestination(out)
            return writer
        } catch {
            throw .fatal(error.description)
        }
    }

    /// Why nothing usable could be reported, when the run needed weather and got none at all
    /// because authorization failed or every fetch failed (not when it was interrupted or ran
    /// out of quota, which publish what was done). The previous report then stays published.
    static func nothingObtained(
        _ fetch: FetchReport, plan: FetchPlan, authFailure: AuthFailure?
    ) -> (message: String, details: [String])? {
        guard !plan.requests.isEmpty, fetch.outcomes.values.allSatisfy({ $0.weather == nil }) else { return nil }
        let published = "no weather was obtained for any cell, so no report was published (the previous one stays)"
        if let authFailure {
            return (authFailure.description + "; " + published, authFailure.advice)
        }
        var reasons: [String] = []
        for outcome in fetch.outcomes.values.sorted(by: { $0.key < $1.key }) {
            guard case .failed(let reason) = outcome.status else {
                if outcome.status == .beyondHorizon { continue }
                return nil
            }
            if !reasons.contains(reason) { reasons.append(reason) }
        }
        guard !reasons.isEmpty else { return nil }
        return (published + "; the fetches failed with:", Array(reasons.prefix(3)))
    }

    /// Why a signalled run published nothing: its reports could not be finished in time.
    static func unpublished(_ interruption: RunInterruption) -> String {
        let name = interruption.signalName
        let grace = RunInterruption.publishGrace.components.seconds
        return "stopped by \(name): the reports could not be finished within about \(grace + 1) s of it, so none "
            + "was published (the previous one stays); what was fetched is cached, so a rerun sends only what is "
            + "missing"
    }

    static func closingLine(_ summary: RunSummary, out: URL) -> String {
        let risk = Risk.allCases.map { "\(summary.risk[$0]) \($0.rawValue)" }.joined(separator: ", ")
        return "\(summary.flights.briefed) flights briefed (\(risk)), \(summary.flights.rejected) rejected, "
            + "\(summary.requests.sent) requests sent, \(summary.requests.cacheHits) cells from cache; "
            + "report in \(out.path.bounded) (exit \(summary.exitCode))"
    }

    static func runID(_ date: Date) -> String {
        let stamp = Timestamp.utc(date).filter { $0 != ":" && $0 != "-" }
        return "\(stamp)-\(UUID().uuidString.prefix(8).lowercased())"
    }

    /// The run's one attribution link, chosen by ``Attribution/link(among:)``: an Apple
    /// `https` link most cells carry, else the documented default.
    static func attributionURL(_ fetch: FetchReport) -> String {
        Attribution.link(among: fetch.outcomes.values.compactMap { $0.weather?.attributionURL })
    }

    static func weatherByAirport(_ flights: [Flight], plan: FetchPlan, fetch: FetchReport) -> [String: CellWeather] {
        var result: [String: CellWeather] = [:]
        for flight in flights {
            for airport in [flight.origin, flight.destination] where result[airport.code] == nil {
                let key = plan.key(latitude: airport.latitude, longitude: airport.longitude)
                if let weather = fetch.outcome(for: key)?.weather { result[airport.code] = weather }
            }
        }
        return result
    }
}

extension Duration {
    /// The duration in seconds, to the millisecond, for `run.json` timings.
    var seconds: Double {
        (timeInterval * 1000).rounded() / 1000
    }
}
