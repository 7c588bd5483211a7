internal import FleetFetch
internal import Foundation
internal import Synchronization

/// Draws fetch progress on stderr: a live line on a terminal, a few plain lines in a log.
final class ProgressLine: FetchProgressSink {
    private let console: any Console
    private let now: @Sendable () -> Date
    private let state = Mutex<(lastLog: Date?, lastDecile: Int, drawn: Bool)>((nil, -1, false))

    init(console: any Console, now: @escaping @Sendable () -> Date) {
        self.console = console
        self.now = now
    }

    func report(_ progress: FetchProgress) {
        let line = Self.text(progress, now: now())
        if console.errIsTerminal {
            console.redraw(line)
            state.withLock { $0.drawn = true }
            return
        }
        // Logs get a line per quarter of the work (and the last), never more than one every 10 s.
        guard progress.cellsDone > 0 else { return }
        let decile = progress.cellsTotal == 0 ? 4 : progress.cellsDone * 4 / progress.cellsTotal
        let shouldLog = state.withLock { state -> Bool in
            let due = state.lastLog.map { now().timeIntervalSince($0) >= 10 } ?? true
            guard decile > state.lastDecile, due || progress.cellsDone == progress.cellsTotal else { return false }
            state.lastDecile = decile
            state.lastLog = now()
            return true
        }
        if shouldLog { console.err("fleetwx: \(line)\n") }
    }

    /// Ends the live line so later messages start on a fresh line.
    func finish() {
        if state.withLock({ $0.drawn }) { console.err("\n") }
    }

    static func text(_ progress: FetchProgress, now: Date) -> String {
        var text =
            "cells \(progress.cellsDone)/\(progress.cellsTotal), cache hits \(progress.cacheHits), "
            + "failures \(progress.failures), requests sent \(progress.requestsSent)"
        if let eta = progress.eta(now: now) { text += ", ETA \(Int(eta.rounded(.up)))s" }
        return text
    }
}
