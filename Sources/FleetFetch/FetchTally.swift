internal import FleetPlan
internal import FleetStore
internal import FleetWeatherKit
internal import Synchronization

/// Counters shared by every request task of a run.
///
/// A `Mutex` rather than an actor: the counts are bumped from inside request tasks and read
/// for the progress line, and none of it needs to suspend.
final class FetchTally: Sendable {
    private struct State {
        var counters = FetchCounters()
        var quotaStop: QuotaLimit?
        var cellsLeftForQuota = 0
        var warnings: [String] = []
        /// The plain warnings given so far: one said by every lane (an unreadable ledger at the
        /// month's turn) is kept once.
        var said: Set<String> = []
        var bodyWarnings = 0
        var bodyWarningsLeftOut = 0
        var stateWriteFailures = 0
    }

    /// Most warnings about values dropped from fetched bodies that one run lists (each body's
    /// are bounded already); a systematic change at WeatherKit would otherwise list one
    /// group per cell.
    static let bodyWarningLimit = 200

    private let state: Mutex<State>

    init(planned: Int) {
        var initial = State()
        initial.counters.planned = planned
        state = Mutex(initial)
    }

    var counters: FetchCounters { state.withLock { $0.counters } }
    /// The budget that stopped the run from sending, once one has.
    var quotaStop: QuotaLimit? { state.withLock { $0.quotaStop } }
    var warnings: [String] {
        state.withLock { state in
            guard state.bodyWarningsLeftOut > 0 else { return state.warnings }
            return state.warnings + [
                "and \(state.bodyWarningsLeftOut) more warnings about values dropped from WeatherKit bodies"
            ]
        }
    }

    func countSent(retry: Bool) {
        state.withLock { state in
            state.counters.sent += 1
            if retry { state.counters.retried += 1 }
        }
    }

    func uncountSent(retry: Bool) {
        state.withLock { state in
            state.counters.sent -= 1
            if retry { state.counters.retried -= 1 }
        }
    }

    func countSucceeded() { state.withLock { $0.counters.succeeded += 1 } }
    func countFailed() { state.withLock { $0.counters.failed += 1 } }
    func countSkipped() { state.withLock { $0.counters.skippedForQuota += 1 } }
    func countCacheHit() { state.withLock { $0.counters.cacheHits += 1 } }
    /// Counts a cell that a budget left without some of its requests (for the stop's warning).
    func countCellLeftForQuota() { state.withLock { $0.cellsLeftForQuota += 1 } }
    var cellsLeftForQuota: Int { state.withLock { $0.cellsLeftForQuota } }
    /// Stops the run's sending; the first budget to refuse is the one reported.
    func stopForQuota(_ limit: QuotaLimit) { state.withLock { $0.quotaStop = $0.quotaStop ?? limit } }
    func warn(_ message: String) {
        state.withLock { state in
            if state.said.insert(message).inserted { state.warnings.append(message) }
        }
    }

    /// Warns about a write to the state database that failed, and counts it
    /// (``FetchReport/stateWriteFailures``).
    func warnStateWrite(_ message: String) {
        state.withLock { state in
            state.warnings.append(message)
            state.stateWriteFailures += 1
        }
    }

    var stateWriteFailures: Int { state.withLock { $0.stateWriteFailures } }

    /// Adds what decoding dropped from a cell's body (fetched, cached or an expired copy), within
    /// ``bodyWarningLimit``: a warm run re-reads the same cached bodies every night.
    ///
    /// - Parameters:
    ///   - lines: The decoder's warnings.
    ///   - cell: The cell's key text.
    func warn(about lines: [String], cell: String) {
        guard !lines.isEmpty else { return }
        state.withLock { state in
            for warning in lines {
                if state.bodyWarnings < Self.bodyWarningLimit {
                    state.bodyWarnings += 1
                    state.warnings.append("cell \(cell): \(warning)")
                } else {
                    state.bodyWarningsLeftOut += 1
                }
            }
        }
    }
}
