import Foundation

/// The quota ledger: every HTTP request is recorded before it is sent.
///
/// Counted requests (every outcome but `not_sent`) are also totalled per UTC month and per run in
/// `quota_month` and `quota_run`, updated in the same transaction as the ledger row, so a
/// reservation costs the same with 5 or 500,000 rows in the month.
extension StateStore {
    /// Reserves room for one request, or refuses when the month or the run is out of budget.
    ///
    /// The check and the record are one IMMEDIATE transaction, which holds the file's write lock
    /// from the first count to the insert: two processes sharing the file take turns and can
    /// never exceed the budget together. The month is the UTC month of the store's clock.
    ///
    /// - Parameter request: The request and the limits in force.
    /// - Returns: The reservation, or `nil` when the month's total would exceed
    ///   `monthlyLimit` or the run's total would exceed `runLimit`.
    /// - Throws: ``StoreError`` from SQLite; nothing is recorded then.
    public func reserve(_ request: LedgerRequest) throws(StoreError) -> Reservation? {
        let time = now()
        let month = UTCCalendar.month(of: time)
        return try connection.transaction { () throws(StoreError) -> Reservation? in
            let monthUsed = Int(
                try connection.integer("SELECT requests FROM quota_month WHERE month = ?", [.text(month)]))
            let runUsed = Int(
                try connection.integer("SELECT requests FROM quota_run WHERE run_id = ?", [.text(request.runID)]))
            guard monthUsed + 1 <= request.monthlyLimit else { return nil }
            if let runLimit = request.runLimit, runUsed + 1 > runLimit { return nil }
            try connection.run(
                "INSERT INTO ledger (month, sent_at, run_id, cell, attempt) VALUES (?, ?, ?, ?, ?)",
                [.text(month), .date(time), .text(request.runID), .text(request.cell), .int(request.attempt)])
            let id = connection.lastInsertRowID
            try addToCounters(month: month, runID: request.runID, delta: 1)
            return Reservation(id: id, month: month, monthUsed: monthUsed + 1, runUsed: runUsed + 1)
        }
    }

    /// Records how a reserved request ended.
    ///
    /// `notSent` gives the reservation back to the month and the run; changing a `notSent`
    /// outcome to a sent one counts it again.
    ///
    /// - Parameters:
    ///   - reservation: What ``reserve(_:)`` returned.
    ///   - outcome: How it ended.
    ///   - httpStatus: The response status, or `nil` when none arrived.
    /// - Throws: ``StoreError/unknownReservation(id:)`` or an error from SQLite.
    public func complete(_ reservation: Reservation, outcome: LedgerOutcome, httpStatus: Int?) throws(StoreError) {
        try connection.transaction { () throws(StoreError) in
            let previous = try connection.prepared("SELECT outcome, month, run_id FROM ledger WHERE id = ?")
                .first([.integer(reservation.id)]) { row in (row.text(0), row.text(1), row.text(2)) }
            guard let (oldOutcome, month, runID) = previous else { throw .unknownReservation(id: reservation.id) }
            try connection.run(
                "UPDATE ledger SET outcome = ?, http_status = ?, completed_at = ? WHERE id = ?",
                [.text(outcome.rawValue), .int(httpStatus), .date(now()), .integer(reservation.id)])
            let notSent = LedgerOutcome.notSent.rawValue
            let delta = (outcome.rawValue == notSent ? 0 : 1) - (oldOutcome == notSent ? 0 : 1)
            if delta != 0 { try addToCounters(month: month, runID: runID, delta: delta) }
        }
    }

    private func addToCounters(month: String, runID: String, delta: Int) throws(StoreError) {
        try connection.run(
            """
            INSERT INTO quota_month (month, requests) VALUES (?, ?)
            ON CONFLICT (month) DO UPDATE SET requests = requests + excluded.requests
            """, [.text(month), .int(delta)])
        try connection.run(
            """
            INSERT INTO quota_run (run_id, requests) VALUES (?, ?)
            ON CONFLICT (run_id) DO UPDATE SET requests = requests + excluded.requests
            """, [.text(runID), .int(delta)])
    }

    /// Requests counted against a month (every outcome but `notSent`, pending ones included).
    ///
    /// - Parameter month: UTC month, "YYYY-MM".
    /// - Returns: The count.
    /// - Throws: ``StoreError`` from SQLite.
    public func usage(month: String) throws(StoreError) -> Int {
        Int(try connection.integer("SELECT requests FROM quota_month WHERE month = ?", [.text(month)]))
    }

    /// The UTC month of the store's clock, as ``reserve(_:)`` would record it.
    ///
    /// - Returns: "YYYY-MM".
    public func currentMonth() -> String {
        UTCCalendar.month(of: now())
    }

    /// Requests counted per UTC day of a month, days without requests left out.
    ///
    /// - Parameter month: UTC month, "YYYY-MM".
    /// - Returns: ("YYYY-MM-DD", count) in day order.
    /// - Throws: ``StoreError`` from SQLite.
    public func usageByDay(month: String) throws(StoreError) -> [(day: String, requests: Int)] {
        let sql = """
            SELECT strftime('%Y-%m-%d', sent_at, 'unixepoch') AS day, count(*) FROM ledger
            WHERE month = ? AND outcome <> 'not_sent' GROUP BY day ORDER BY day
            """
        return try connection.prepared(sql).query([.text(month)]) { row in (day: row.text(0), requests: row.int(1)) }
    }

    /// Every ledger row of a run, in the order they were reserved.
    ///
    /// - Parameter runID: The run.
    /// - Returns: The rows, `notSent` ones included.
    /// - Throws: ``StoreError`` from SQLite, or ``StoreError/corruptValue(table:column:reason:)``
    ///   for an outcome this build does not know.
    public func ledger(runID: String) throws(StoreError) -> [LedgerRow] {
        let sql = """
            SELECT id, month, sent_at, run_id, cell, attempt, outcome, http_status, completed_at
            FROM ledger WHERE run_id = ? ORDER BY id
            """
        return try connection.prepared(sql).query([.text(runID)]) { row throws(StoreError) in
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
