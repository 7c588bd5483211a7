public import Foundation

/// The data-set cache: one row per (cell, data set, window).
extension StateStore {
    private static let cacheColumns =
        "cell, data_set, window_start, window_end, fetched_at, read_time, expire_time, body"

    /// Every cached entry for a cell and data set, newest fetch first.
    ///
    /// - Parameters:
    ///   - cell: The cell key.
    ///   - dataSet: The data set name.
    /// - Returns: The entries, fresh or not.
    /// - Throws: ``StoreError`` from the database.
    public func cached(cell: String, dataSet: String) throws(StoreError) -> [CacheEntry] {
        let sql = """
            SELECT \(Self.cacheColumns) FROM cache_entry WHERE cell = ? AND data_set = ?
            ORDER BY fetched_at DESC, id DESC
            """
        return try connection.query(sql, [.text(cell), .text(dataSet)], row: Self.cacheEntry)
    }

    /// The newest entry that covers `window`, fresh or expired.
    ///
    /// The caller decides between fresh and stale by `expireTime`: an expired copy is still the
    /// fallback when a fetch fails. An entry covers a window when its own window contains it;
    /// with a `nil` window (data sets such as `currentWeather` that have none) any entry covers.
    ///
    /// - Parameters:
    ///   - cell: The cell key.
    ///   - dataSet: The data set name.
    ///   - window: The needed window, or `nil`.
    /// - Returns: The newest covering entry, or `nil`.
    /// - Throws: ``StoreError`` from the database.
    public func bestCached(cell: String, dataSet: String, covering window: DateInterval?) throws(StoreError)
        -> CacheEntry?
    {
        guard let window else {
            let sql = """
                SELECT \(Self.cacheColumns) FROM cache_entry WHERE cell = ? AND data_set = ?
                ORDER BY fetched_at DESC, id DESC LIMIT 1
                """
            return try connection.first(sql, [.text(cell), .text(dataSet)], row: Self.cacheEntry)
        }
        let sql = """
            SELECT \(Self.cacheColumns) FROM cache_entry
            WHERE cell = ? AND data_set = ? AND window_start <= ? AND window_end >= ?
            ORDER BY fetched_at DESC, id DESC LIMIT 1
            """
        let values: [SQLValue] = [.text(cell), .text(dataSet), .date(window.start), .date(window.end)]
        return try connection.first(sql, values, row: Self.cacheEntry)
    }

    /// Stores an entry, replacing any entry with the same cell, data set and window.
    ///
    /// - Parameter entry: The entry; its window must have both bounds or neither, start ≤ end.
    /// - Throws: ``StoreError/invalidValue(_:)`` for a half-open or reversed window, or an
    ///   error from the database (which names the SQL, never the body).
    public func store(_ entry: CacheEntry) throws(StoreError) {
        try store(contentsOf: [entry])
    }

    /// Stores several entries in one transaction (for example the data sets of one response),
    /// so a crash keeps all of them or none.
    ///
    /// - Parameter entries: The entries, each replacing its key's previous entry.
    /// - Throws: ``StoreError``; nothing is stored then.
    public func store(contentsOf entries: [CacheEntry]) throws(StoreError) {
        for entry in entries { try Self.validate(entry) }
        try connection.transaction { () throws(StoreError) in
            for entry in entries { try insert(entry) }
        }
    }

    /// Stores one entry in the open transaction, replacing its key's previous entry.
    ///
    /// SQLite's write lock makes delete-then-insert safe. On PostgreSQL two hosts may store the
    /// same cell at once (each fetched it: both are counted), and the second insert would meet
    /// the first's key, so it is one upsert on the key's unique index; either way the entry
    /// takes a new id, so "newest first" sees it as new.
    func insert(_ entry: CacheEntry) throws(StoreError) {
        let key: [SQLValue] = [
            .text(entry.cell), .text(entry.dataSet), .date(entry.windowStart), .date(entry.windowEnd),
        ]
        let values = key + [.date(entry.fetchedAt), .date(entry.readTime), .date(entry.expireTime), .blob(entry.body)]
        if isPostgres {
            try connection.run(
                """
                INSERT INTO cache_entry (\(Self.cacheColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (cell, data_set, coalesce(window_start, 'NaN'::double precision),
                             coalesce(window_end, 'NaN'::double precision))
                DO UPDATE SET id = DEFAULT, fetched_at = excluded.fetched_at, read_time = excluded.read_time,
                    expire_time = excluded.expire_time, body = excluded.body
                """, values)
            return
        }
        try connection.run(
            "DELETE FROM cache_entry WHERE cell = ? AND data_set = ? AND window_start IS ? AND window_end IS ?",
            key)
        try connection.run("INSERT INTO cache_entry (\(Self.cacheColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?)", values)
    }

    static func validate(_ entry: CacheEntry) throws(StoreError) {
        switch (entry.windowStart, entry.windowEnd) {
        case (nil, nil):
            return
        case (let start?, let end?) where start <= end:
            return
        case (.some, .some):
            throw .invalidValue("cache window for \(entry.cell) \(entry.dataSet) ends before it starts")
        default:
            throw .invalidValue("cache window for \(entry.cell) \(entry.dataSet) needs both a start and an end")
        }
    }

    /// Totals over the whole cache; "fresh" is judged by the store's clock.
    ///
    /// - Returns: The summary.
    /// - Throws: ``StoreError`` from the database.
    public func cacheSummary() throws(StoreError) -> CacheSummary {
        let sql = """
            SELECT count(*), count(DISTINCT cell), count(CASE WHEN expire_time > ? THEN 1 END),
                   coalesce(sum(length(body)), 0), min(fetched_at), max(fetched_at)
            FROM cache_entry
            """
        let summary = try connection.first(sql, [.date(now())]) { row in
            CacheSummary(
                entries: row.int(0), cells: row.int(1), fresh: row.int(2), expired: row.int(0) - row.int(2),
                bytes: row.int(3), oldestFetch: row.optionalDate(4), newestFetch: row.optionalDate(5))
        }
        return summary
            ?? CacheSummary(entries: 0, cells: 0, fresh: 0, expired: 0, bytes: 0, oldestFetch: nil, newestFetch: nil)
    }

    /// Deletes entries that expired before `date` (and entries without an expiry time fetched
    /// before it).
    ///
    /// - Parameter date: The cut-off.
    /// - Returns: How many entries were deleted.
    /// - Throws: ``StoreError`` from the database.
    public func pruneCache(expiredBefore date: Date) throws(StoreError) -> Int {
        try connection.transaction { () throws(StoreError) in
            try connection.run(
                "DELETE FROM cache_entry WHERE expire_time < ? OR (expire_time IS NULL AND fetched_at < ?)",
                [.date(date), .date(date)])
        }
    }

    private static func cacheEntry(_ row: any ResultRow) -> CacheEntry {
        CacheEntry(
            cell: row.text(0), dataSet: row.text(1), windowStart: row.optionalDate(2), windowEnd: row.optionalDate(3),
            fetchedAt: row.date(4), readTime: row.optionalDate(5), expireTime: row.optionalDate(6), body: row.blob(7))
    }
}
