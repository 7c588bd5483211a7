public import FleetPlan
public import FleetStore
public import Foundation

/// What the cache would save a run, without sending anything (`fleetwx plan`).
public struct CachePreview: Sendable, Equatable {
    /// Cells the cache serves wholly.
    public let cacheHits: Int
    /// Requests a run would send now (before retries).
    public let requestsToSend: Int
    /// Cache lookups that failed (each counted as a miss), for the caller to show: a cache that
    /// cannot be read must not pass for an empty one.
    public let warnings: [String]

    /// Works out the preview with the same rules a run uses.
    ///
    /// - Parameters:
    ///   - plan: The plan.
    ///   - store: The state database.
    ///   - now: The clock reading expiry is judged against.
    /// - Returns: The preview, with the warnings of lookups that failed.
    public static func make(plan: FetchPlan, store: StateStore, now: Date) async -> CachePreview {
        let tally = FetchTally(planned: plan.requests.count)
        let prepared = await CachePreparation(store: store, now: now).prepare(plan, tally: tally)
        return CachePreview(
            cacheHits: tally.counters.cacheHits, requestsToSend: prepared.work.reduce(0) { $0 + $1.requests.count },
            warnings: tally.warnings)
    }

    /// Creates a preview.
    public init(cacheHits: Int, requestsToSend: Int, warnings: [String] = []) {
        self.cacheHits = cacheHits
        self.requestsToSend = requestsToSend
        self.warnings = warnings
    }
}
