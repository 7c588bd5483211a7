internal import FleetAirports
internal import FleetBriefing
internal import FleetPlan
internal import FleetReports
internal import FleetSchedule
internal import FleetStore
internal import Foundation

/// The facts of a run that its summary is built from.
struct RunFacts {
    let runID: String
    let startedAt: Date
    let schedule: Schedule
    let plan: FetchPlan
    let fetch: FetchReport
    let timings: RunSummary.Timings?
    /// State problems met before the summary (ledger rows that could not be settled, a previous
    /// run that could not be read), already said on stderr, for `run.json`'s `warnings`.
    var stateWarnings: [String] = []
}

extension RunPipeline {
    /// Builds `run.json`, with the month's quota use read back from the ledger (`nil`, with a
    /// warning, when the ledger cannot be read, which the policy notes) and the exit code the
    /// policy then gives.
    func summary(
        _ facts: RunFacts, briefings: [FlightBriefing], store: StateStore, policy: inout RunExitPolicy
    ) async -> RunSummary {
        let schedule = facts.schedule
        let airports = Set(schedule.flights.flatMap { [$0.origin.icao, $0.destination.icao] })
        let month = UTCCalendar.month(of: environment.now())
        var warnings =
            Inputs.lines(schedule.warnings, path: options.scheduleArgument) + facts.fetch.warnings
            + facts.stateWarnings
        let used: Int?
        do {
            used = try await store.usage(month: month)
        } catch {
            // Unknown, never "all of it left": the run ends with exit 2 and says why.
            used = nil
            let warning = StateAccess.quotaUnknownWarning(error, location: options.state)
            environment.console.err("fleetwx: warning: \(warning)\n")
            warnings.append(warning)
        }
        policy.note(.quotaUnknown, if: used == nil)
        return RunSummary(
            runID: facts.runID, startedAt: Timestamp.utc(facts.startedAt), finishedAt: Timestamp.utc(environment.now()),
            schedule: options.scheduleArgument, exitCode: policy.code,
            source: options.source,
            flights: .init(
                rows: schedule.dataRows, briefed: briefings.count, rejected: schedule.rejectedCount,
                withoutWeather: briefings.filter { $0.status == .partial || $0.status == .unavailable }.count,
                stale: briefings.filter { $0.status == .stale }.count),
            routes: Set(schedule.flights.map(\.route)).count, airports: airports.count, cells: facts.plan.cells.count,
            requests: facts.fetch.counters, quota: .init(month: month, limit: options.monthlyQuota, used: used),
            attribution: .init(url: Self.attributionURL(facts.fetch)),
            risk: RiskCounts(counting: briefings.map(\.risk)),
            warnings: warnings,
            timings: facts.timings, scheduleFormat: ScheduleInput.figures(schedule))
    }
}
