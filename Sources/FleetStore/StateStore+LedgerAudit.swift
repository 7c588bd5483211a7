import Foundation

/// Reading the ledger back, and settling rows that dead processes left `pending`.
extension StateStore {
    /// Settles the `pending` rows of processes that are gone as ``LedgerOutcome/unknown``.
    ///
    /// A process killed with `kill -9` (or a machine that lost power) cannot record how its
    /// requests ended. Such a row may or may not have been sent, so it keeps counting against
    /// the quota; settling it only says that nobody will complete it, so `quota` can show it
    /// and the ledger stays "sent, or at most one above" for every run. Rows of a live process
    /// are left alone. A process on another host is judged on PostgreSQL by its session: the
    /// server ends the session of a process that died, so rows whose session is gone are
    /// settled at once. Rows of a process nothing can judge (another host sharing a SQLite
    /// file), and rows written before owners were recorded, are settled once a day old.
    ///
    /// - Returns: How many rows were settled.
    /// - Throws: ``StoreError`` from the database.
    @discardableResult
    public func settleAbandoned() throws(StoreError) -> Int {
        let pending = try connection.query(
            "SELECT DISTINCT owner, session FROM ledger WHERE outcome = 'pending'", []
        ) { row in (owner: row.optionalText(0), session: row.optionalText(1)) }
        let dayAgo = now().addingTimeInterval(-86_400)
        var settled = 0
        for (owner, session) in pending {
            var liveness = owner.flatMap(ProcessOwner.init(text:)).map(processes.liveness(of:)) ?? .unknown
            if liveness == .unknown, isPostgres, let session { liveness = try sessionLiveness(session) }
            if liveness == .alive { continue }
            var sql = "UPDATE ledger SET outcome = 'unknown', completed_at = ? WHERE outcome = 'pending'"
            var values: [SQLValue] = [.date(now())]
            for (column, value) in [("owner", owner), ("session", session)] {
                sql += value == nil ? " AND \(column) IS NULL" : " AND \(column) = ?"
                if let value { values.append(.text(value)) }
            }
            if liveness == .unknown {
                sql += " AND sent_at < ?"
                values.append(.date(dayAgo))
            }
            settled += try connection.transaction { () throws(StoreError) in try connection.run(sql, values) }
        }
        return settled
    }

    /// Whether the PostgreSQL session recorded as `pid@backend start` still runs. A session of
    /// another role may show no start time (`pg_stat_activity` hides it), and then its pid alone
    /// decides, which can only keep rows pending longer, never settle a live one.
    private func sessionLiveness(_ session: String) throws(StoreError) -> ProcessLiveness {
        guard let pid = session.split(separator: "@").first.flatMap({ Int($0) }) else { return .unknown }
        let sql = """
            SELECT count(*) FROM pg_stat_activity
            WHERE pid = ? AND (backend_start IS NULL OR \(PostgresConnection.sessionKey) = ?)
            """
        return try connection.integer(sql, [.int(pid), .text(session)]) > 0 ? .alive : .dead
    }

    /// A month's ledger rows by outcome ("pending", "succeeded", "failed", "not_sent", "unknown").
    ///
    /// - Parameter month: UTC month, "YYYY-MM".
    /// - Returns: Counts by outcome text; outcomes without rows are left out.
    /// - Throws: ``StoreError`` from the database.
    public func outcomeCounts(month: String) throws(StoreError) -> [String: Int] {
        let sql = "SELECT outcome, count(*) FROM ledger WHERE month = ? GROUP BY outcome"
        let rows = try connection.query(sql, [.text(month)]) { row in (row.text(0), row.int(1)) }
        return Dictionary(rows, uniquingKeysWith: +)
    }

    /// Requests counted per UTC day of a month, days without requests left out.
    ///
    /// - Parameter month: UTC month, "YYYY-MM".
    /// - Returns: ("YYYY-MM-DD", count) in day order.
    /// - Throws: ``StoreError`` from the database.
    public func usageByDay(month: String) throws(StoreError) -> [(day: String, requests: Int)] {
        let sql = """
            SELECT \(connection.dialect.utcDay("sent_at")) AS day, count(*) FROM ledger
            WHERE month = ? AND outcome <> 'not_sent' GROUP BY day ORDER BY day
            """
        return try connection.query(sql, [.text(month)]) { row in (day: row.text(0), requests: row.int(1)) }
    }

    /// Every ledger row of a run, in the order they were reserved.
    ///
    /// - Parameter runID: The run.
    /// - Returns: The rows, `notSent` ones included.
    /// - Throws: ``StoreError`` from the database, or ``StoreError/corruptValue(table:column:reason:)``
    ///   for an outcome this build does not know.
    public func ledger(runID: String) throws(StoreError) -> [LedgerRow] {
        let sql = """
            SELECT id, month, sent_at, run_id, cell, attempt, outcome, http_status, completed_at
            FROM ledger WHERE run_id = ? ORDER BY id
            """
        return try connection.query(sql, [.text(runID)]) { row throws(StoreError) in
            let text = row.text(6)
            let outcome = LedgerOutcome(rawValue: text)
            guard outcome != nil || text == "pending" else {
                throw .corruptValue(table: "ledger", column: "outcome", reason: "unknown outcome \"\(text)\"")
            }
            return LedgerRow(
                id: row.int64(0), month: row.text(1), sentAt: row.date(2), runID: row.text(3), cell: row.text(4),
                attempt: row.int(5), outcome: outcome, httpStatus: row.optionalInt(7), completedAt: row.optionalDate(8))
        }
    }
}
