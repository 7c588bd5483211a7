import Foundation

/// Reading the ledger back, and settling rows that dead processes left `pending`.
extension StateStore {
    /// Settles the `pending` rows of processes that are gone as ``LedgerOutcome/unknown``.
    ///
    /// A process killed with `kill -9` (or a machine that lost power) cannot record how its
    /// requests ended. Such a row may or may not have been sent, so it keeps counting against
    /// the quota; settling it only says that nobody will complete it, so `quota` can show it
    /// and the ledger stays "sent, or at most one above" for every run. Rows of a live process
    /// are left alone, and so are rows of a process this machine cannot judge (another host)
    /// until they are a day old; rows written before owners were recorded are settled after a
    /// day too.
    ///
    /// - Returns: How many rows were settled.
    /// - Throws: ``StoreError`` from the database.
    @discardableResult
    public func settleAbandoned() throws(StoreError) -> Int {
        let owners = try connection.query("SELECT DISTINCT owner FROM ledger WHERE outcome = 'pending'", []) { row in
            row.optionalText(0)
        }
        let dayAgo = now().addingTimeInterval(-86_400)
        var settled = 0
        for owner in owners {
            let liveness = owner.flatMap(ProcessOwner.init(text:)).map(processes.liveness(of:)) ?? .unknown
            if liveness == .alive { continue }
            let time: SQLValue = .date(now())
            settled += try connection.transaction { () throws(StoreError) in
                let settle = "UPDATE ledger SET outcome = 'unknown', completed_at = ? WHERE outcome = 'pending'"
                guard let owner else {
                    return try connection.run(settle + " AND owner IS NULL AND sent_at < ?", [time, .date(dayAgo)])
                }
                if liveness == .dead { return try connection.run(settle + " AND owner = ?", [time, .text(owner)]) }
                return try connection.run(settle + " AND owner = ? AND sent_at < ?", [time, .text(owner), .date(dayAgo)])
            }
        }
        return settled
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
