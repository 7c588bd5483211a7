internal import Synchronization

/// Counters shared by every request task of a run.
///
/// A `Mutex` rather than an actor: the counts are bumped from inside request tasks and read
/// for the progress line, and none of it needs to suspend.
final class FetchTally: Sendable {
    private struct State {
        var counters = FetchCounters()
        var quotaExhausted = false
        var warnings: [String] = []
    }

    private let state: Mutex<State>

    init(planned: Int) {
        var initial = State()
        initial.counters.planned = planned
        state = Mutex(initial)
    }

    var counters: FetchCounters { state.withLock { $0.counters } }
    var quotaExhausted: Bool { state.withLock { $0.quotaExhausted } }
    var warnings: [String] { state.withLock { $0.warnings } }

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
    func markQuotaExhausted() { state.withLock { $0.quotaExhausted = true } }
    func warn(_ message: String) { state.withLock { $0.warnings.append(message) } }
}
