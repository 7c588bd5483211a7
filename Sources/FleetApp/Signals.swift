internal import Foundation
internal import Synchronization

/// What SIGINT or SIGTERM did to a run: whether one arrived, and what to cancel.
///
/// Installed for the whole `run` command, so a signal at any point — fetching, briefing or
/// writing reports — never kills the process half-way: the fetch stops sending, the reports
/// are still written and published whole, and the run exits 2 with what was done.
final class RunInterruption: Sendable {
    private let state = Mutex<(signal: Int32?, at: ContinuousClock.Instant?, cancel: (@Sendable () -> Void)?)>(
        (nil, nil, nil))

    /// How long after a signal the run may go on briefing and writing its reports: a signal
    /// must end the run within 2 s (issue 8), and a report that cannot be finished by then is
    /// not published at all (the previous one stays; what was fetched is cached for a rerun).
    static let publishGrace: Duration = .milliseconds(1500)

    /// The signal received, if any.
    var signal: Int32? { state.withLock { $0.signal } }

    /// "SIGINT" or "SIGTERM", for messages.
    static func name(of number: Int32?) -> String { number == SIGINT ? "SIGINT" : "SIGTERM" }

    /// The name of the signal received, for messages.
    var signalName: String { Self.name(of: signal) }

    /// Whether a signal arrived more than ``publishGrace`` ago.
    var publishTimeIsUp: Bool {
        guard let at = state.withLock({ $0.at }) else { return false }
        return ContinuousClock.now - at > Self.publishGrace
    }

    /// Registers what to cancel when a signal arrives (runs at once if one already has).
    func onSignal(_ cancel: @escaping @Sendable () -> Void) {
        let already = state.withLock { state -> Bool in
            state.cancel = cancel
            return state.signal != nil
        }
        if already { cancel() }
    }

    /// Clears the registration once the cancellable work is done.
    func clear() { state.withLock { $0.cancel = nil } }

    /// Records a signal and cancels the registered work.
    ///
    /// - Returns: Whether it was the first signal of the run.
    @discardableResult
    func received(_ number: Int32) -> Bool {
        let (cancel, first) = state.withLock { state -> ((@Sendable () -> Void)?, Bool) in
            let first = state.signal == nil
            if first {
                state.signal = number
                state.at = ContinuousClock.now
            }
            return (state.cancel, first)
        }
        cancel?()
        return first
    }
}

/// Turns SIGINT and SIGTERM into a ``RunInterruption`` instead of killing the process.
final class SignalTrap {
    private let sources: [any DispatchSourceSignal]

    /// Installs the trap; `onSignal` runs once per signal on a background queue.
    init(onSignal: @escaping @Sendable (Int32) -> Void) {
        let queue = DispatchQueue(label: "fleetwx.signals")
        sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { onSignal(number) }
            source.resume()
            return source
        }
    }

    /// Restores the default handlers.
    func remove() {
        for source in sources { source.cancel() }
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }
}
