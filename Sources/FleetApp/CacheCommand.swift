internal import FleetReports
internal import FleetStore
internal import Foundation

/// `fleetwx cache`: what the cache holds; `--prune` deletes expired entries.
struct CacheCommand {
    let state: StateLocation
    let prune: Bool
    let json: Bool
    let environment: AppEnvironment

    struct Report: Encodable {
        let entries: Int
        let cells: Int
        let fresh: Int
        let expired: Int
        let bytes: Int
        let oldestFetch: String?
        let newestFetch: String?
        let pruned: Int?

        enum CodingKeys: String, CodingKey {
            case entries, cells, fresh, expired, bytes, pruned
            case oldestFetch = "oldest_fetch"
            case newestFetch = "newest_fetch"
        }
    }

    func execute() async throws(AppError) -> Int32 {
        guard let store = try StateAccess.openExisting(state, environment: environment) else {
            environment.console.err("fleetwx: warning: \(StateAccess.missingWarning(state))\n")
            return try output(
                Report(
                    entries: 0, cells: 0, fresh: 0, expired: 0, bytes: 0, oldestFetch: nil, newestFetch: nil,
                    pruned: prune ? 0 : nil))
        }
        let report: Report
        do {
            let pruned = prune ? try await store.pruneCache(expiredBefore: environment.now()) : nil
            let summary = try await store.cacheSummary()
            report = Report(
                entries: summary.entries, cells: summary.cells, fresh: summary.fresh, expired: summary.expired,
                bytes: summary.bytes, oldestFetch: summary.oldestFetch.map(Timestamp.utc),
                newestFetch: summary.newestFetch.map(Timestamp.utc), pruned: pruned)
        } catch {
            throw .fatal(StateAccess.message(error, location: state))
        }
        return try output(report)
    }

    private func output(_ report: Report) throws(AppError) -> Int32 {
        if json {
            environment.console.out(.json(try JSONText.encode(report)))
        } else {
            var lines = [
                "state:    \(state.display)",
                "entries:  \(report.entries) (\(report.fresh) fresh, \(report.expired) expired) in \(report.cells) cells",
                "size:     \(report.bytes) bytes",
            ]
            if let oldest = report.oldestFetch, let newest = report.newestFetch {
                lines.append("fetched:  \(oldest) … \(newest)")
            }
            if let pruned = report.pruned { lines.append("pruned:   \(pruned) expired entries") }
            environment.console.out(.lines(lines))
        }
        return 0
    }
}
