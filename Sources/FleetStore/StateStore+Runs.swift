public import Foundation

/// Run history: each run's summary and per-flight results, for `quota`, comparisons with the
/// previous run, and audits.
extension StateStore {
    private static let runColumns = "id, started_at, command, schedule_path, finished_at, exit_code, summary_json"

    /// Records that a run started (so a run that crashes still shows up, unfinished).
    ///
    /// - Parameter run: The run's id, start time, command and schedule path.
    /// - Throws: ``StoreError`` from the database, for example when the id is already recorded.
    public func beginRun(_ run: RunStart) throws(StoreError) {
        try connection.transaction { () throws(StoreError) in
            try connection.run(
                "INSERT INTO run (id, started_at, command, schedule_path) VALUES (?, ?, ?, ?)",
                [.text(run.id), .date(run.startedAt), .text(run.command), .optionalText(run.schedulePath)])
        }
    }

    /// Records a run's finish, summary and flights, all in one transaction.
    ///
    /// Finishing the same run again replaces its summary and flights.
    ///
    /// - Parameters:
    ///   - id: The run, as given to ``beginRun(_:)``.
    ///   - finishedAt: When it finished.
    ///   - exitCode: The process exit code.
    ///   - summaryJSON: The run's `run.json`.
    ///   - flights: One outcome per briefed flight, in report order.
    /// - Throws: ``StoreError/unknownRun(id:)`` or an error from the database; nothing is recorded then.
    public func finishRun(
        id: String, finishedAt: Date, exitCode: Int, summaryJSON: String, flights: [FlightOutcome]
    ) throws(StoreError) {
        try connection.transaction { () throws(StoreError) in
            let changed = try connection.run(
                "UPDATE run SET finished_at = ?, exit_code = ?, summary_json = ? WHERE id = ?",
                [.date(finishedAt), .int(exitCode), .text(summaryJSON), .text(id)])
            guard changed == 1 else { throw .unknownRun(id: id) }
            try connection.run("DELETE FROM run_flight WHERE run_id = ?", [.text(id)])
            for (position, flight) in flights.enumerated() {
                try insert(flight, runID: id, position: position)
            }
        }
    }

    private func insert(_ flight: FlightOutcome, runID: String, position: Int) throws(StoreError) {
        let sql = """
            INSERT INTO run_flight
                (run_id, position, flight_key, flight, route, risk, status, alert_ids, hazards, detail_json)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """
        try connection.run(
            sql,
            [
                .text(runID), .int(position), .text(flight.flightKey), .text(flight.flight), .text(flight.route),
                .text(flight.risk), .text(flight.status), .text(StringListJSON.encode(flight.alertIDs)),
                .text(StringListJSON.encode(flight.hazards)), .text(flight.detailJSON),
            ])
    }

    /// The most recently finished run other than `id`, for "compared with the previous run".
    ///
    /// - Parameter id: The current run to skip, or `nil`.
    /// - Returns: The run with the latest finish time, or `nil` when there is none.
    /// - Throws: ``StoreError`` from the database.
    public func lastFinishedRun(before id: String?) throws(StoreError) -> RunRecord? {
        let skip = id == nil ? "" : " AND id <> ?"
        let sql = """
            SELECT \(Self.runColumns) FROM run WHERE finished_at IS NOT NULL\(skip)
            ORDER BY finished_at DESC, started_at DESC LIMIT 1
            """
        return try connection.first(sql, id.map { [.text($0)] } ?? [], row: Self.runRecord)
    }

    /// The most recently started runs, finished or not.
    ///
    /// - Parameter limit: At most this many.
    /// - Returns: Runs, latest start first.
    /// - Throws: ``StoreError`` from the database.
    public func recentRuns(limit: Int) throws(StoreError) -> [RunRecord] {
        let sql = "SELECT \(Self.runColumns) FROM run ORDER BY started_at DESC, id DESC LIMIT ?"
        return try connection.query(sql, [.int(max(0, limit))], row: Self.runRecord)
    }

    /// The flights recorded for a run, in the order they were given to ``finishRun(id:finishedAt:exitCode:summaryJSON:flights:)``.
    ///
    /// - Parameter runID: The run.
    /// - Returns: The outcomes (empty for an unknown or unfinished run).
    /// - Throws: ``StoreError`` from the database, or ``StoreError/corruptValue(table:column:reason:)``.
    public func flightOutcomes(runID: String) throws(StoreError) -> [FlightOutcome] {
        let sql = """
            SELECT flight_key, flight, route, risk, status, alert_ids, hazards, detail_json
            FROM run_flight WHERE run_id = ? ORDER BY position
            """
        return try connection.query(sql, [.text(runID)]) { row throws(StoreError) in
            FlightOutcome(
                flightKey: row.text(0), flight: row.text(1), route: row.text(2), risk: row.text(3),
                status: row.text(4), alertIDs: try decode(row.text(5), column: "alert_ids"),
                hazards: try decode(row.text(6), column: "hazards"), detailJSON: row.text(7))
        }
    }

    private static func runRecord(_ row: any ResultRow) -> RunRecord {
        RunRecord(
            id: row.text(0), startedAt: row.date(1), command: row.text(2), schedulePath: row.optionalText(3),
            finishedAt: row.optionalDate(4), exitCode: row.optionalInt(5), summaryJSON: row.optionalText(6))
    }

    /// Lists of strings are stored as JSON arrays (``StringListJSON``): unambiguous whatever the
    /// strings hold.
    private func decode(_ json: String, column: String) throws(StoreError) -> [String] {
        guard let strings = StringListJSON.decode(json) else {
            throw .corruptValue(table: "run_flight", column: column, reason: "not a JSON array of strings")
        }
        return strings
    }
}
