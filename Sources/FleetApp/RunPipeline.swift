internal import FleetAirports
internal import FleetBriefing
internal import FleetFetch
internal import FleetPlan
internal import FleetReports
internal import FleetSchedule
internal import FleetStore
internal import FleetWeather
internal import FleetWeatherKit
internal import Foundation

/// `fleetwx run`, stage by stage: inputs → plan → fetch → brief → summary → publish
/// (docs/architecture.md draws it). Each stage takes what the ones before it made and hands on
/// a value of its own; the exit code is decided by ``RunExitPolicy`` alone.
///
/// Nothing is sent before the inputs are read and the plan fits the month's pace; nothing is
/// published unless the run obtained something to report. A stage that cannot go on throws
/// ``AppError``, after recording the run as unpublished once the run has begun.
struct RunPipeline {
    let options: RunOptions
    let environment: AppEnvironment
    let interruption: RunInterruption
    let holder: StagingHolder

    /// The run's identity and clock.
    private let startedAt: Date
    private let runID: String
    private let clock = ContinuousClock()

    init(options: RunOptions, environment: AppEnvironment, interruption: RunInterruption, holder: StagingHolder) {
        self.options = options
        self.environment = environment
        self.interruption = interruption
        self.holder = holder
        startedAt = environment.now()
        runID = Self.runID(startedAt)
    }

    /// Runs every stage; returns the exit code of a published run (0 or 2).
    func run() async throws(AppError) -> Int32 {
        let planStart = clock.now
        let publication = try preparePublication()
        defer { publication.staging.discard() }  // unless published: a fatal error publishes nothing
        let inputs = try readInputs(rejects: publication.rejects)
        let planned = plan(inputs)
        var state = try await beginState(planned)
        let fetchStart = clock.now
        let fetched = try await fetch(planned, state: &state)
        let fetchEnd = clock.now
        let briefings = Briefer(config: options.config, planner: planned.planner)
            .brief(inputs.schedule.flights, plan: planned.plan, fetch: fetched.report)
        var policy = RunExitPolicy.afterBriefing(
            schedule: inputs.schedule, briefings: briefings, fetch: fetched.report,
            interrupted: interruption.signal != nil)
        let timings = RunSummary.Timings(
            planSeconds: (fetchStart - planStart).seconds, fetchSeconds: (fetchEnd - fetchStart).seconds,
            briefSeconds: (clock.now - fetchEnd).seconds)
        // Read before this run is recorded as finished, so the comparison is with the one before.
        let previous = await previousRun(store: state.store, runID: runID)
        state.warnings += previous.warnings
        var summary = await summarize(
            inputs, planned, fetched, briefings: briefings, timings: timings, state: state, policy: &policy)
        // Recorded before publishing, so that a history that cannot be written is in run.json too.
        if let lost = await recordHistory(&state.history, summary: summary, briefings: briefings) {
            log("warning: " + lost)
            policy.note(.historyNotRecorded)
            summary.exitCode = policy.code
            summary.warnings.append(lost)
        }
        // The map still shows the network without land; the night's warnings say why.
        if let landless = ReportWriter.mapLandProblem {
            log("warning: " + landless)
            summary.warnings.append(landless)
        }
        let changes = previous.run.map {
            RunHistory.changes(briefings, previous: $0.flights, previousRunAt: $0.startedAt)
        }
        // Handed over, not copied: the model sorts the briefings in place (they are the run's
        // largest data, and a second copy was its peak memory).
        let model = ReportModel(
            summary: summary, startedAt: startedAt, briefings: consume briefings, rejects: inputs.schedule.rejects,
            rejectedCount: inputs.schedule.rejectedCount,
            weatherByAirport: Self.weatherByAirport(
                inputs.schedule.flights, plan: planned.plan, fetch: fetched.report),
            attributionURL: Self.attributionURL(fetched.report), marks: fetched.attribution.marks,
            changes: changes, briefedAt: options.now ?? startedAt)
        let writeStart = clock.now
        try await publish(model, inputs: inputs, fetched: fetched, publication: publication, state: &state)
        let writeSeconds = (clock.now - writeStart).seconds
        if let authFailure = fetched.authFailure {
            environment.console.err(
                .lines(["fleetwx: " + authFailure.description] + authFailure.advice.map { "  " + $0 }))
        }
        log(Self.closingLine(summary, out: publication.out))
        // A signal that arrived while the reports were written still makes the night not clean.
        policy.note(.interrupted, if: interruption.signal != nil)
        if let url = options.metricsFile {
            let text = RunMetrics.text(
                summary: summary, exitCode: policy.code,
                finishedAt: WeatherJSON.parseDate(summary.finishedAt) ?? Date(),
                writeSeconds: writeSeconds)
            do throws(ReportError) { try RunMetrics.write(text, to: url) } catch {
                log("warning: metrics file not written: \(error.description)")
                policy.note(.metricsNotWritten)
            }
        }
        (environment.console as? JSONLinesConsole)?.event(
            "run_finished", level: policy.code == 0 ? "info" : "warning", message: "run finished",
            fields: RunEvents.finished(summary, exitCode: policy.code, report: publication.out.path))
        return policy.code
    }

    // MARK: - Stages

    /// Where the report goes, checked before anything is read or sent: a bad `--out` or missing
    /// templates must not cost a single request.
    struct Publication {
        let out: URL
        let writer: ReportWriter
        let staging: ReportStaging
        let rejects: RejectsFile
    }

    private func preparePublication() throws(AppError) -> Publication {
        let out = options.outDirectory(runDate: startedAt, environment: environment)
        let writer = try reportWriter(for: out)
        // Staged before the schedule is read: rejects.csv is written into it row by row, and an
        // --out whose folder cannot be written is refused here, before any request.
        let (staging, rejects) = try stage(out, holder: holder)
        return Publication(out: out, writer: writer, staging: staging, rejects: rejects)
    }

    /// The schedule, read against the airport directory, and what it means for the run.
    struct ScheduleRead {
        let schedule: Schedule
        /// Why there is nothing to brief (a header-only or wholly rejected schedule), if so.
        let nothingToBrief: String?
    }

    private func readInputs(rejects: RejectsFile) throws(AppError) -> ScheduleRead {
        let airports = try Inputs.airports()
        let past = PastRows.screen(for: options, now: options.now ?? startedAt)
        let schedule = try Inputs.schedule(
            options.schedule, airports: airports, past: past, interruption: interruption, sink: rejects,
            input: options.input, now: options.now ?? startedAt)
        do { try rejects.close() } catch { throw .fatal(error.description) }
        Inputs.report(warnings: schedule.warnings, path: options.scheduleArgument, console: environment.console)
        if let line = ScheduleInput.line(schedule) { log(line) }
        let nothingToBrief = Self.nothingToBrief(schedule, path: options.scheduleArgument)
        if let nothingToBrief { log("warning: " + nothingToBrief) }
        if let note = past?.note { log(note) }
        return ScheduleRead(schedule: schedule, nothingToBrief: nothingToBrief)
    }

    /// The cells and requests the flights need.
    struct Planned {
        let planner: Planner
        let plan: FetchPlan
    }

    private func plan(_ inputs: ScheduleRead) -> Planned {
        let planner = Planner(
            grid: options.grid, now: options.now ?? startedAt, hoursEitherSide: options.config.hoursEitherSide)
        let plan = planner.plan(inputs.schedule.flights)
        log(
            "\(inputs.schedule.flights.count) flights, \(inputs.schedule.rejectedCount) rejected, "
                + "\(plan.cells.count) cells, \(plan.requests.count) requests planned")
        return Planned(planner: planner, plan: plan)
    }

    /// The state database, opened, with the run begun in its history.
    struct State {
        let store: StateStore
        var history: RunBookkeeping
        /// What could not be read or written in it so far (for `run.json`).
        var warnings: [String]
    }

    private func beginState(_ planned: Planned) async throws(AppError) -> State {
        let store = try StateAccess.open(options.state, environment: environment)
        let settling = await StateAccess.settleAbandoned(store, console: environment.console)
        if options.replay == nil {  // a live run must fit the month's pace before anything is sent
            let pace = try await PaceCheck.live(
                plan: planned.plan, options: options, store: store, now: environment.now())
            if pace.refuses { throw .fatal(pace.refusal) }
        }
        var history = RunBookkeeping(
            store: store,
            start: RunStart(id: runID, startedAt: startedAt, command: "run", schedulePath: options.scheduleArgument),
            now: environment.now)
        await history.begin()
        return State(store: store, history: history, warnings: [settling].compactMap { $0 })
    }

    /// What the fetch stage obtained, why authorization stopped it, if it did, and the Apple
    /// Weather marks (their ``AttributionResult/marks`` `nil`: the pages show the text mark).
    struct Fetched {
        var report: FetchReport
        let authFailure: AuthFailure?
        let attribution: AttributionResult
    }

    private func fetch(_ planned: Planned, state: inout State) async throws(AppError) -> Fetched {
        var fetched = try await weather(
            for: planned.plan, store: state.store, runID: runID, interruption: interruption)
        let authFailure = fetched.authFailure
        // A missing mark is cosmetic: said in run.json and on stderr, never a reason for exit 2.
        fetched.report.warnings += fetched.attribution.warnings
        // The marks' calls are requests like any other: run.json's `requests.sent` agrees with
        // the ledger.
        fetched.report.counters.sent += fetched.attribution.sent
        fetched.report.noteUnknownConditionCodes()
        if let warning = Self.stateWriteWarning(fetched.report, path: state.store.path) {
            fetched.report.warnings.append(warning)
        }
        for warning in fetched.report.warnings.prefix(20) { log("warning: \(warning)") }
        if let failure = Self.nothingObtained(fetched.report, plan: planned.plan, authFailure: authFailure) {
            await recordUnpublished(&state.history, counters: fetched.report.counters)
            throw .fatal(failure.message, details: failure.details)
        }
        if interruption.publishTimeIsUp {
            await recordUnpublished(&state.history, counters: fetched.report.counters)
            throw .fatal(Self.unpublished(interruption))
        }
        return fetched
    }

    /// `run.json`, with the exit code the policy gives (an unknown quota is noted on the way).
    private func summarize(
        _ inputs: ScheduleRead, _ planned: Planned, _ fetched: Fetched, briefings: [FlightBriefing],
        timings: RunSummary.Timings, state: State, policy: inout RunExitPolicy
    ) async -> RunSummary {
        var summary = await summary(
            RunFacts(
                runID: runID, startedAt: startedAt, schedule: inputs.schedule, plan: planned.plan,
                fetch: fetched.report, timings: timings, stateWarnings: state.warnings),
            briefings: briefings, store: state.store, policy: &policy)
        if let nothingToBrief = inputs.nothingToBrief { summary.warnings.insert(nothingToBrief, at: 0) }
        return summary
    }

    /// Writes every report file into the staging folder and publishes it; a run stopped before
    /// the reports are finished publishes nothing.
    private func publish(
        _ model: ReportModel, inputs: ScheduleRead, fetched: Fetched, publication: Publication, state: inout State
    ) async throws(AppError) {
        do {
            try publication.writer.write(
                model, staging: publication.staging, updateLatest: inputs.nothingToBrief == nil
            ) { interruption.publishTimeIsUp }
        } catch .stopped {
            await recordUnpublished(&state.history, counters: fetched.report.counters)
            throw .fatal(Self.unpublished(interruption))
        } catch {
            await recordUnpublished(&state.history, counters: fetched.report.counters)
            throw .fatal(error.description)
        }
    }

    private func log(_ message: String) {
        environment.console.err("fleetwx: \(message)\n")
    }
}
