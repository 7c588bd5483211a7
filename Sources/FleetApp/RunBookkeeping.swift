internal import FleetBriefing
internal import FleetFetch
internal import FleetReports
internal import FleetSchedule
internal import FleetStore
internal import Foundation

/// The run's writes to its history, and the two ends that must not look like a clean night:
/// a history that could not be written, and a schedule with nothing to brief.
extension RunCommand {
    /// Records the run's start. A failure (another process holding the file's lock) is not
    /// reported yet: ``recordHistory(_:begun:startedAt:summary:briefings:)`` tries again at the end and
    /// says so only if the row is lost.
    func beginHistory(_ store: StateStore, runID: String, startedAt: Date) async -> Bool {
        do {
            try await store.beginRun(
                RunStart(id: runID, startedAt: startedAt, command: "run", schedulePath: options.scheduleArgument))
            return true
        } catch {
            return false
        }
    }

    /// Records the run's end, summary and flights (recording its start first when that failed).
    ///
    /// - Returns: What was lost, in words, when the history could not be written: the run then
    ///   ends with exit 2, never silently.
    func recordHistory(
        _ store: StateStore, begun: Bool, startedAt: Date, summary: RunSummary, briefings: [FlightBriefing]
    ) async -> String? {
        let json = (try? summary.json()).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        do {
            if !begun {
                try await store.beginRun(
                    RunStart(
                        id: summary.runID, startedAt: startedAt, command: "run",
                        schedulePath: options.scheduleArgument))
            }
            try await store.finishRun(
                id: summary.runID, finishedAt: environment.now(), exitCode: Int(summary.exitCode), summaryJSON: json,
                flights: RunHistory.outcomes(briefings))
            return nil
        } catch {
            return
                "this run's history could not be written to the state database \(store.path) (\(error.description)); "
                + "the run is missing from fleetwx quota's recent runs and the next run cannot show what changed "
                + "since this one"
        }
    }

    /// Records a run that publishes nothing as ended with exit 1, before it throws (recording
    /// its start first when that failed); a failure is said, since the run is then missing.
    func recordUnpublished(
        _ store: StateStore, begun: Bool, runID: String, startedAt: Date, counters: FetchCounters
    ) async {
        let json = (try? JSONEncoder().encode(["requests": counters])).map { String(decoding: $0, as: UTF8.self) }
        do {
            if !begun {
                try await store.beginRun(
                    RunStart(
                        id: runID, startedAt: startedAt, command: "run", schedulePath: options.scheduleArgument))
            }
            try await store.finishRun(
                id: runID, finishedAt: environment.now(), exitCode: 1, summaryJSON: json ?? "{}", flights: [])
        } catch {
            let reason = error.description
            environment.console.err(
                "fleetwx: warning: the end of this run could not be recorded in the state database \(store.path) (\(reason))\n"
            )
        }
    }

    /// The warning for a schedule with nothing to brief: a failed upstream export must not look
    /// like a quiet night, so the run ends with exit 2 and `latest` keeps the previous report.
    static func nothingToBrief(_ schedule: Schedule, path: String) -> String? {
        guard schedule.flights.isEmpty else { return nil }
        let kept = "the report is written, but the `latest` link beside it still points to the previous report"
        guard schedule.dataRows > 0 else {
            return "the schedule \(path) has no data rows, only a header: a failed export? \(kept)"
        }
        return "no row of the schedule \(path) was accepted (\(schedule.dataRows) rejected, see rejects.csv); "
            + kept
    }

    /// The warning for writes to the state database that failed during the fetch.
    static func stateWriteWarning(_ fetch: FetchReport, path: String) -> String? {
        guard fetch.stateWriteFailures > 0 else { return nil }
        return "\(fetch.stateWriteFailures) write(s) to the state database \(path) failed (see the warnings above): "
            + "responses that were not cached are fetched and paid for again by the next run"
    }
}
