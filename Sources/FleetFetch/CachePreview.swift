public import FleetPlan
public import FleetStore
public import Foundation

/// What the cache would save a run, without sending anything (`fleetwx plan`).
public struct CachePreview: Sendable, Equatable {
    /// Cells the cache serves wholly.
    public let cacheHits: Int
    /// Requests a run would send now (before retries).
    public let requestsToSend: Int

    /// Works out the preview with the same rules a run uses.
    ///
    /// - Parameters:
    ///   - plan: The plan.
    ///   - store: The state database.
    ///   - now: The clock reading expiry is judged against.
    /// - Returns: The preview.
    public static func make(plan: FetchPlan, store: StateStore, now: Date) async -> CachePreview {
        let tally = FetchTally(planned: plan.requests.count)
        let prepared = await CachePreparation(store: store, now: now).prepare(plan, tally: tally)
        return CachePreview(
            cacheHits: tally.counters.cacheHits, requestsToSend: prepared.work.reduce(0) { $0 + $1.requests.count })
    }

    /// Creates a preview.
    public init(cacheHits: Int, requestsToSend: Int) {
        self.cacheHits = cacheHits
        self.requestsToSend = requestsToSend
    }
}
