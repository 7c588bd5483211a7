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

/// `fleetwx run`: plan, fetch, brief, write reports, exit with a code that means something.
struct RunCommand {
    let options: RunOptions
    let environment: AppEnvironment

    /// Runs with SIGINT/SIGTERM trapped for the whole command (see ``RunInterruption``).
    func execute() async throws(AppError) -> Int32 {
        let interruption = RunInterruption()
        let staging = StagingHolder()
        let console = environment.console
        // The first signal stops sending and lets the run publish what it has (which takes a few
        // seconds for a very large schedule); a second one ends the process at once, publishing
        // nothing: the previous report stays, and the ledger is safe at any instant.
        let trap = SignalTrap { number in
            let name = RunInterruption.name(of: number)
            guard interruption.received(number) else {
                console.err(
                    "fleetwx: second \(name): exiting now; nothing more is published (the previous report stays)\n")
                staging.discard()
                _exit(1)
            }
            console.err(
                "\nfleetwx: \(name) received: stopping; no new requests (a second signal exits at once)\n")
        }
        defer { trap.remove() }
        let code = try await execute(interruption: interruption, holder: staging)
        return interruption.signal != nil && code == 0 ? 2 : code
    }

    private func execute(interruption: RunInterruption, holder: StagingHolder) async throws(AppError) -> Int32 {
        let startedAt = environment.now()
        let runID = Self.runID(startedAt)
        let clock = ContinuousClock()
        let planStart = clock.now
        // A bad --out or missing templates must not cost a single request: checked first.
        let out = options.outDirectory(runDate: startedAt, environment: environment)
        let writer = try reportWriter(for: out)
        // Staged before the schedule is read: rejects.csv is written into it row by row, and an
        // --out whose folder cannot be written is refused here, before any request.
        let (staging, rejectsFile) = try stage(out, holder: holder)
        defer { staging.discard() }  // unless published: a fatal error publishes nothing
        let airports = try Inputs.airports()
        let past = PastRows.screen(for: options, now: options.now ?? startedAt)
        let schedule = try Inputs.schedule(
            options.schedule, airports: airports, past: past, interruption: interruption, sink: rejectsFile)
        do { try rejectsFile.close() } catch { throw .fatal(error.description) }
        Inputs.report(warnings: schedule.warnings, path: options.scheduleArgument, console: environment.console)
        let nothingToBrief = Self.nothingToBrief(schedule, path: options.scheduleArgument)
        if let nothingToBrief { log("warning: " + nothingToBrief) }
        if let note = past?.note { log(note) }
        let planner = Planner(
            grid: options.grid, now: options.now ?? startedAt, hoursEitherSide: options.config.hoursEitherSide)
        let plan = planner.plan(schedule.flights)
        log(
            "\(schedule.flights.count) flights, \(schedule.rejectedCount) rejected, \(plan.cells.count) cells, "
                + "\(plan.requests.count) requests planned")
        let store = try StateAccess.open(options.state, environment: environment)
        let settling = await StateAccess.settleAbandoned(store, console: environment.console)
        if options.replay == nil {  // a live run must fit the month's pace before anything is sent
            let pace = try await PaceCheck.live(plan: plan, options: options, store: store, now: environment.now())
            if pace.refuses { throw .fatal(pace.refusal) }
        }
        var history = RunBookkeeping(
            store: store,
            start: RunStart(
                id: runID, startedAt: startedAt, command: "run", schedulePath: options.scheduleArgument),
            now: environment.now)
        await history.begin()
        let fetchStart = clock.now
        let (fetched, authFailure) = try await weather(
            for: plan, store: store, runID: runID, interruption: interruption)
        let fetchEnd = clock.now
        var fetch = fetched
        fetch.noteUnknownConditionCodes()
        if let warning = Self.stateWriteWarning(fetch, path: store.path) { fetch.warnings.append(warning) }
        for warning in fetch.warnings.prefix(20) { environment.console.err("fleetwx: warning: \(warning)\n") }
        /// Records the run as ended with exit 1 and nothing published, before it throws.
        func unpublishedRun() async {
            await recordUnpublished(&history, counters: fetch.counters)
        }
        if let failure = Self.nothingObtained(fetch, plan: plan, authFailure: authFailure) {
            await unpublishedRun()
            throw .fatal(failure.message, details: failure.details)
        }
        if interruption.publishTimeIsUp {
            await unpublishedRun()
            throw .fatal(Self.unpublished(interruption))
        }
        let briefings = Briefer(config: options.config, planner: planner).brief(schedule.flights, fetch: fetch)
        let worked = Self.exitCode(schedule: schedule, briefings: briefings, fetch: fetch)
        let raised = interruption.signal != nil || nothingToBrief != nil || fetch.stateWriteFailures > 0
        let exitCode = raised ? max(worked, 2) : worked
        let previous = await previousRun(store: store, runID: runID)
        let timings = RunSummary.Timings(
            planSeconds: (fetchStart - planStart).seconds, fetchSeconds: (fetchEnd - fetchStart).seconds,
            briefSeconds: (clock.now - fetchEnd).seconds)
        var summary = await summary(
            RunFacts(
                runID: runID, startedAt: startedAt, schedule: schedule, plan: plan, fetch: fetch, exitCode: exitCode,
                timings: timings, stateWarnings: [settling].compactMap { $0 } + previous.warnings),
            briefings: briefings, store: store)
        if let nothingToBrief { summary.warnings.insert(nothingToBrief, at: 0) }
        // From here `summary.exitCode` is the run's exit code, the one copy (summary() raised it
        // for a ledger it could not read). Recorded before publishing, so that a history that
        // cannot be written is in run.json too.
        if let lost = await recordHistory(&history, summary: summary, briefings: briefings) {
            log("warning: " + lost)
            summary.exitCode = max(summary.exitCode, 2)
            summary.warnings.append(lost)
        }
        let model = ReportModel(
            summary: summary, startedAt: startedAt, briefings: briefings, rejects: schedule.rejects,
            rejectedCount: schedule.rejectedCount,
            weatherByAirport: Self.weatherByAirport(schedule.flights, plan: plan, fetch: fetch),
            attributionURL: Self.attributionURL(fetch),
            changes: previous.run.map {
                RunHistory.changes(briefings, previous: $0.flights, previousRunAt: $0.startedAt)
            })
        do {
            try writer.write(model, staging: staging, updateLatest: nothingToBrief == nil) {
                interruption.publishTimeIsUp
            }
        } catch .stopped {
            await unpublishedRun()
            throw .fatal(Self.unpublished(interruption))
        } catch {
            await unpublishedRun()
            throw .fatal(error.description)
        }
        if let authFailure {
            environment.console.err(
                .lines(["fleetwx: " + authFailure.description] + authFailure.advice.map { "  " + $0 }))
        }
        log(Self.closingLine(summary, out: out))
        return summary.exitCode
    }

    private func weather(
        for plan: FetchPlan, store: StateStore, runID: String, interruption: RunInterruption
    ) async throws(AppError) -> (FetchReport, AuthFailure?) {
        if let replay = options.replay {
            do {
                return (try ReplaySource(directory: replay, grid: options.grid).serve(plan), nil)
            } catch {
                throw .fatal(error.description)
            }
        }
        return try await LiveWeather(
            options: options, environment: environment, store: store, runID: runID, interruption: interruption
        ).fetch(plan)
    }

    /// The report writer, with its templates loaded and `out` checked as a place to publish.
    private func reportWriter(for out: URL) throws(AppError) -> ReportWriter {
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

    private func log(_ message: String) {
        environment.console.err("fleetwx: \(message)\n")
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

    /// 0 only when every row was briefed with fresh weather; otherwise 2 (reports written).
    static func exitCode(schedule: Schedule, briefings: [FlightBriefing], fetch: FetchReport) -> Int32 {
        let clean =
            schedule.rejectedCount == 0 && briefings.allSatisfy { $0.status == .ok }
            && fetch.counters.skippedForQuota == 0
            && !fetch.outcomes.values.contains { $0.status == .interrupted || $0.status == .notFetchedQuota }
        return clean ? 0 : 2
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
