internal import Foundation

/// Turns SIGINT and SIGTERM into cancellation of the fetch, so a stopped run sends nothing
/// more, still writes its reports, and exits 2 with what was done.
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
