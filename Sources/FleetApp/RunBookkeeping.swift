internal import FleetBriefing
internal import FleetFiles
internal import FleetPlan
internal import FleetReports
internal import FleetSchedule
internal import FleetStore
internal import Foundation

/// The run's row in the state database's history: begun at the start, finished at the end, and
/// finished again as unpublished (exit 1) when publishing fails after that. One state for every
/// path, so the row is inserted once whichever write failed first (a start that could not be
/// recorded because another process held the lock is recorded with the end).
struct RunBookkeeping {
    let store: StateStore
    let start: RunStart
    let now: @Sendable () -> Date
    /// Whether the run's row is in the file.
    private var begun = false

    init(store: StateStore, start: RunStart, now: @escaping @Sendable () -> Date) {
        self.store = store
        self.start = start
        self.now = now
    }

    /// Records the run's start. A failure (another process holding the file's lock) is not
    /// reported yet: ``finish(exitCode:summaryJSON:flights:)`` inserts the row with the end and
    /// says so only if that fails too.
    mutating func begin() async {
        do {
            try await store.beginRun(start)
            begun = true
        } catch {
            // Not said yet: `begun` stays false and finish retries it, reporting a failure.
        }
    }

    /// Records the run's end, summary and flights (its start first when that is not recorded);
    /// finishing again replaces them (a run that then fails to publish ends as exit 1).
    ///
    /// - Returns: The error when the history could not be written, else `nil`.
    mutating func finish(exitCode: Int32, summaryJSON: String, flights: [FlightOutcome]) async -> StoreError? {
        do {
            if !begun {
                try await store.beginRun(start)
                begun = true
            }
            try await store.finishRun(
                id: start.id, finishedAt: now(), exitCode: Int(exitCode), summaryJSON: summaryJSON, flights: flights)
            return nil
        } catch {
            return error
        }
    }
}

/// The two ends that must not look like a clean night: a history that could not be written, and
/// a schedule with nothing to brief.
extension RunPipeline {
    /// Records the run's end, summary and flights.
    ///
    /// - Returns: What was lost, in words, when the history could not be written or kept no
    ///   summary: the run then ends with exit 2, never silently.
    func recordHistory(
        _ history: inout RunBookkeeping, summary: RunSummary, briefings: [FlightBriefing]
    ) async -> String? {
        let json: String
        var unencoded: String?
        do {
            json = String(decoding: try summary.json(), as: UTF8.self)
        } catch {
            // Not expected (run.json is plain numbers and text), but said: the row then keeps
            // no summary, so fleetwx quota and the next run's comparison cannot use it.
            json = "{}"
            unencoded =
                "this run's summary could not be encoded for its history (\(Self.encodingProblem(error))); the next run cannot compare "
                + "with this one and fleetwx quota shows no requests for it"
        }
        guard
            let error = await history.finish(
                exitCode: summary.exitCode, summaryJSON: json, flights: RunHistory.outcomes(briefings))
        else { return unencoded }
        return "this run's history could not be written (\(StateAccess.message(error, path: history.store.path))); "
            + "the run is missing from fleetwx quota's recent runs and the next run cannot show what changed since "
            + "this one"
    }

    /// Records a run that publishes nothing as ended with exit 1, before it throws; a failure is
    /// said, since the run is then missing or shown with the exit code it would have had.
    func recordUnpublished(_ history: inout RunBookkeeping, counters: FetchCounters) async {
        let json: String
        do {
            json = String(decoding: try JSONEncoder().encode(["requests": counters]), as: UTF8.self)
        } catch {
            // Not expected for a few counts; said, since fleetwx quota then shows none for the run.
            json = "{}"
            environment.console.err(
                "fleetwx: warning: this run's request counts could not be encoded for its history (\(Self.encodingProblem(error)))\n"
            )
        }
        guard let error = await history.finish(exitCode: 1, summaryJSON: json, flights: []) else { return }
        let reason = StateAccess.message(error, path: history.store.path)
        environment.console.err("fleetwx: warning: the end of this run could not be recorded (\(reason))\n")
    }

    /// An encoding error in words (JSONEncoder's own reason, never its internals).
    static func encodingProblem(_ error: any Error) -> String {
        guard let error = error as? EncodingError, case .invalidValue(_, let context) = error else {
            return "the encoder refused it"
        }
        return context.debugDescription
    }

    /// The warning for a schedule with nothing to brief: a failed upstream export must not look
    /// like a quiet night, so the run ends with exit 2 and `latest` keeps the previous report.
    static func nothingToBrief(_ schedule: Schedule, path: String) -> String? {
        guard schedule.flights.isEmpty else { return nil }
        let path = path.bounded
        let kept = "the report is written, but the `latest` link beside it still points to the previous report"
        if let ssim = schedule.ssim, schedule.dataRows == 0 {
            return "the SSIM season \(path) has no flight departing from \(ssim.window.fromText) 00:00Z to "
                + "\(ssim.window.untilText) 00:00Z (\(ssim.legRecords) flight leg records, \(ssim.legsOutsideWindow) "
                + "of them with no date then): check --from and --days against the season's periods; \(kept)"
        }
        guard schedule.dataRows > 0 else {
            return "the schedule \(path) has no data rows, only a header: a failed export? \(kept)"
        }
        return "no row of the schedule \(path) was accepted (\(schedule.dataRows) rejected, see rejects.csv); "
            + kept
    }

    /// The warning for writes to the state database that failed during the fetch.
    static func stateWriteWarning(_ fetch: FetchReport, path: String) -> String? {
        guard fetch.stateWriteFailures > 0 else { return nil }
        return
            "\(fetch.stateWriteFailures) write(s) to the state database \(path.bounded) failed (see the warnings above): "
            + "responses that were not cached are fetched and paid for again by the next run"
    }
}
