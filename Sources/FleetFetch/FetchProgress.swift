public import Foundation

/// How far the fetch stage has got, for the progress line (docs/contract.md §2.2).
public struct FetchProgress: Sendable, Equatable {
    /// Cells finished (fetched, served from cache, or given up).
    public var cellsDone: Int
    /// Cells in the plan.
    public var cellsTotal: Int
    /// Cells served wholly from the cache.
    public var cacheHits: Int
    /// Cells that ended without usable weather.
    public var failures: Int
    /// HTTP requests sent so far, retries included.
    public var requestsSent: Int
    /// When fetching started.
    public var startedAt: Date

    /// Creates a snapshot.
    public init(cellsDone: Int, cellsTotal: Int, cacheHits: Int, failures: Int, requestsSent: Int, startedAt: Date) {
        self.cellsDone = cellsDone
        self.cellsTotal = cellsTotal
        self.cacheHits = cacheHits
        self.failures = failures
        self.requestsSent = requestsSent
        self.startedAt = startedAt
    }

    /// Estimated time left, from the pace so far; `nil` until a cell is done.
    ///
    /// - Parameter now: The current time.
    /// - Returns: Seconds left.
    public func eta(now: Date) -> TimeInterval? {
        guard cellsDone > 0, cellsDone < cellsTotal else { return nil }
        let elapsed = now.timeIntervalSince(startedAt)
        return elapsed / Double(cellsDone) * Double(cellsTotal - cellsDone)
    }
}

/// Receives progress snapshots (the CLI draws them; tests record them).
public protocol FetchProgressSink: Sendable {
    /// Called after each cell finishes.
    ///
    /// - Parameter progress: The snapshot.
    func report(_ progress: FetchProgress)
}
