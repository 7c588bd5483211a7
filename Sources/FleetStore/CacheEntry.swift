public import Foundation

/// One cached WeatherKit data set for one cell and (for hourly and daily data) one window.
///
/// The body is the data set's JSON exactly as received, so a later run decodes it the same way
/// as a fresh response. `expireTime` is WeatherKit's `metadata.expireTime`; the cache keeps
/// expired entries because a stale copy is better than nothing when a fetch fails.
public struct CacheEntry: Sendable, Equatable {
    /// The location cell key.
    public var cell: String
    /// The WeatherKit data set name, for example `forecastHourly`.
    public var dataSet: String
    /// Start of the covered window; `nil` (with `windowEnd`) for data sets without a window.
    public var windowStart: Date?
    /// End of the covered window; `nil` (with `windowStart`) for data sets without a window.
    public var windowEnd: Date?
    /// When fleetwx received the response.
    public var fetchedAt: Date
    /// WeatherKit's `metadata.readTime`.
    public var readTime: Date?
    /// WeatherKit's `metadata.expireTime`: fresh before it, stale after.
    public var expireTime: Date?
    /// The data set's JSON.
    public var body: Data

    /// Creates an entry.
    ///
    /// - Parameters:
    ///   - cell: The location cell key.
    ///   - dataSet: The WeatherKit data set name.
    ///   - windowStart: Start of the covered window, or `nil`.
    ///   - windowEnd: End of the covered window, or `nil`.
    ///   - fetchedAt: When the response arrived.
    ///   - readTime: `metadata.readTime`.
    ///   - expireTime: `metadata.expireTime`.
    ///   - body: The data set's JSON.
    public init(
        cell: String, dataSet: String, windowStart: Date? = nil, windowEnd: Date? = nil,
        fetchedAt: Date, readTime: Date? = nil, expireTime: Date?, body: Data
    ) {
        self.cell = cell
        self.dataSet = dataSet
        self.windowStart = windowStart
        self.windowEnd = windowEnd
        self.fetchedAt = fetchedAt
        self.readTime = readTime
        self.expireTime = expireTime
        self.body = body
    }

    /// The covered window, or `nil` for a data set without one (or inconsistent bounds).
    public var window: DateInterval? {
        guard let windowStart, let windowEnd, windowStart <= windowEnd else { return nil }
        return DateInterval(start: windowStart, end: windowEnd)
    }

    /// Whether the entry is still fresh at `date` (an entry without an expiry time never is).
    ///
    /// - Parameter date: Usually the run's clock.
    /// - Returns: `true` when `expireTime` is after `date`.
    public func isFresh(at date: Date) -> Bool {
        guard let expireTime else { return false }
        return expireTime > date
    }
}

/// Totals over the whole cache, for `fleetwx cache` style reports.
public struct CacheSummary: Sendable, Equatable {
    /// Cached data sets.
    public var entries: Int
    /// Distinct cells with at least one entry.
    public var cells: Int
    /// Entries whose expiry time is after the store's clock.
    public var fresh: Int
    /// Entries that have expired (or have no expiry time).
    public var expired: Int
    /// Total size of the stored bodies.
    public var bytes: Int
    /// Earliest `fetchedAt`, or `nil` when the cache is empty.
    public var oldestFetch: Date?
    /// Latest `fetchedAt`, or `nil` when the cache is empty.
    public var newestFetch: Date?

    /// Creates a summary.
    ///
    /// - Parameters:
    ///   - entries: Cached data sets.
    ///   - cells: Distinct cells.
    ///   - fresh: Unexpired entries.
    ///   - expired: Expired entries.
    ///   - bytes: Total body size.
    ///   - oldestFetch: Earliest fetch.
    ///   - newestFetch: Latest fetch.
    public init(
        entries: Int, cells: Int, fresh: Int, expired: Int, bytes: Int, oldestFetch: Date?, newestFetch: Date?
    ) {
        self.entries = entries
        self.cells = cells
        self.fresh = fresh
        self.expired = expired
        self.bytes = bytes
        self.oldestFetch = oldestFetch
        self.newestFetch = newestFetch
    }
}
