import Foundation

/// The quota ledger: every HTTP request is recorded before it is sent.
///
/// Counted requests (every outcome but `not_sent`) are also totalled per UTC month and per run in
/// `quota_month` and `quota_run`, updated in the same transaction as the ledger row, so a
/// reservation costs the same with 5 or 500,000 rows in the month.
extension StateStore {
    /// Reserves room for one request, or refuses when the month or the run is out of budget.
    ///
    /// The check and the record are one transaction that first locks the month's counter row
    /// (creating it at 0 when missing): SQLite's IMMEDIATE transaction holds the file's write
    /// lock, PostgreSQL's upsert holds the row's lock, from the count to the commit. So any
    /// number of processes, on one host or many, take turns and never exceed the budget
    /// together. The month is the UTC month of the store's clock. The commit is durable before
    /// the request goes out (SQLite's `synchronous=FULL`, PostgreSQL's `synchronous_commit=on`
    /// whatever the server's default), and the row names this process (``ProcessOwner``), so
    /// it can be settled if the process dies before completing it.
    ///
    /// - Parameter request: The request and the limits in force.
    /// - Returns: The reservation, or which budget refused it.
    /// - Throws: ``StoreError`` from the database; nothing is recorded then.
    public func tryReserve(_ request: LedgerRequest) throws(StoreError) -> ReservationResult {
        let time = now()
        let month = UTCCalendar.month(of: time)
        return try durably { () throws(StoreError) -> ReservationResult in
            let monthUsed = try lockMonth(month)
            let runUsed = try runUsage(runID: request.runID)
            // The run's own limit first: a run out of both must not wait for a new month.
            if let runLimit = request.runLimit, runUsed + 1 > runLimit {
                return .refused(.run(limit: runLimit, used: runUsed))
            }
            guard monthUsed + 1 <= request.monthlyLimit else {
                return .refused(.month(month: month, limit: request.monthlyLimit, used: monthUsed))
            }
            let inserted = try connection.first(
                """
                INSERT INTO ledger (month, sent_at, run_id, cell, attempt, owner, session)
                VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id
                """,
                [
                    .text(month), .date(time), .text(request.runID), .text(request.cell), .int(request.attempt),
                    .optionalText(owner), .optionalText(session),
                ]
            ) { row in row.int64(0) }
            guard let id = inserted else { throw .invalidValue("the ledger gave no id for a new reservation") }
            try addToCounters(month: month, runID: request.runID, delta: 1)
            return .granted(Reservation(id: id, month: month, monthUsed: monthUsed + 1, runUsed: runUsed + 1))
        }
    }

    /// The month's counted requests, with its counter row locked until the transaction ends.
    private func lockMonth(_ month: String) throws(StoreError) -> Int {
        let sql = """
            INSERT INTO quota_month (month, requests) VALUES (?, 0)
            ON CONFLICT (month) DO UPDATE SET requests = quota_month.requests RETURNING requests
            """
        return try connection.first(sql, [.text(month)]) { row in row.int(0) } ?? 0
    }

    /// Runs `body` in a transaction whose commit is on disk before it returns.
    private func durably<Result>(_ body: () throws(StoreError) -> Result) throws(StoreError) -> Result {
        if let postgres = connection as? PostgresConnection {
            let begin = PostgresConnection.begin + "; SET LOCAL synchronous_commit = on"
            return try postgres.transaction(begin: begin, body)
        }
        try connection.execute("PRAGMA synchronous = FULL")
        defer {
            do {
                try connection.execute("PRAGMA synchronous = NORMAL")
            } catch {
                // Dropped on purpose: the connection then stays at FULL, which only makes later
                // commits slower, and the reservation's own outcome is what the caller needs.
            }
        }
        return try connection.transaction(body)
    }

    /// Reserves room for one request (``tryReserve(_:)`` without the reason for a refusal).
    ///
    /// - Parameter request: The request and the limits in force.
    /// - Returns: The reservation, or `nil` when a budget refused it.
    /// - Throws: ``StoreError`` from the database; nothing is recorded then.
    public func reserve(_ request: LedgerRequest) throws(StoreError) -> Reservation? {
        guard case .granted(let reservation) = try tryReserve(request) else { return nil }
        return reservation
    }

    /// How many more requests the budgets allow now: the month's and, with a run limit, the run's.
    ///
    /// - Parameter request: The run and the limits in force.
    /// - Returns: The smaller of the two remainders, never below zero.
    /// - Throws: ``StoreError`` from the database.
    public func remaining(for request: LedgerRequest) throws(StoreError) -> Int {
        var left = request.monthlyLimit - (try usage(month: currentMonth()))
        if let runLimit = request.runLimit { left = min(left, runLimit - (try runUsage(runID: request.runID))) }
        return max(0, left)
    }

    /// Requests counted for a run (every outcome but `notSent`).
    private func runUsage(runID: String) throws(StoreError) -> Int {
        Int(try connection.integer("SELECT requests FROM quota_run WHERE run_id = ?", [.text(runID)]))
    }

    /// Records how a reserved request ended, and caches what it brought in the same transaction,
    /// so a crash keeps both or neither: a success is never on record without its body, which
    /// would make the next run pay for the cell again.
    ///
    /// `notSent` gives the reservation back to the month and the run; changing a `notSent`
    /// outcome to a sent one counts it again.
    ///
    /// - Parameters:
    ///   - reservation: What ``reserve(_:)`` returned.
    ///   - outcome: How it ended.
    ///   - httpStatus: The response status, or `nil` when none arrived.
    ///   - entries: Cache entries to store with it (each replacing its key's previous entry).
    /// - Throws: ``StoreError/unknownReservation(id:)``, ``StoreError/invalidValue(_:)`` for a bad
    ///   entry, or an error from the database; nothing is recorded then.
    public func complete(
        _ reservation: Reservation, outcome: LedgerOutcome, httpStatus: Int?, caching entries: [CacheEntry] = []
    ) throws(StoreError) {
        for entry in entries { try Self.validate(entry) }
        try connection.transaction { () throws(StoreError) in
            let previous = try connection.first(
                "SELECT outcome, month, run_id FROM ledger WHERE id = ?", [.integer(reservation.id)]
            ) { row in (row.text(0), row.text(1), row.text(2)) }
            guard let (oldOutcome, month, runID) = previous else { throw .unknownReservation(id: reservation.id) }
            try connection.run(
                "UPDATE ledger SET outcome = ?, http_status = ?, completed_at = ? WHERE id = ?",
                [.text(outcome.rawValue), .int(httpStatus), .date(now()), .integer(reservation.id)])
            let notSent = LedgerOutcome.notSent.rawValue
            let delta = (outcome.rawValue == notSent ? 0 : 1) - (oldOutcome == notSent ? 0 : 1)
            if delta != 0 { try addToCounters(month: month, runID: runID, delta: delta) }
            for entry in entries { try insert(entry) }
        }
    }

    private func addToCounters(month: String, runID: String, delta: Int) throws(StoreError) {
        try connection.run(
            """
            INSERT INTO quota_month (month, requests) VALUES (?, ?)
            ON CONFLICT (month) DO UPDATE SET requests = quota_month.requests + excluded.requests
            """, [.text(month), .int(delta)])
        try connection.run(
            """
            INSERT INTO quota_run (run_id, requests) VALUES (?, ?)
            ON CONFLICT (run_id) DO UPDATE SET requests = quota_run.requests + excluded.requests
            """, [.text(runID), .int(delta)])
    }

    /// Requests counted against a month (every outcome but `notSent`, pending ones included).
    ///
    /// - Parameter month: UTC month, "YYYY-MM".
    /// - Returns: The count.
    /// - Throws: ``StoreError`` from the database.
    public func usage(month: String) throws(StoreError) -> Int {
        Int(try connection.integer("SELECT requests FROM quota_month WHERE month = ?", [.text(month)]))
    }

    /// The UTC month of the store's clock, as ``reserve(_:)`` would record it.
    ///
    /// - Returns: "YYYY-MM".
    public func currentMonth() -> String {
        UTCCalendar.month(of: now())
    }
}
