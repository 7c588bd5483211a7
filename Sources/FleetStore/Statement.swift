internal import CSQLite
import Foundation

/// One prepared SQLite statement.
///
/// Prepared once and reused (the connection caches statements by SQL text), because
/// re-preparing on every ledger reservation would cost more than the reservation itself.
/// Finalized in `deinit`. Every failure carries the SQL text but never the bound values.
final class Statement {
    /// The SQL text, for error messages.
    let sql: String
    /// The prepared statement; internal so the column readers in `Statement+Columns.swift` can reach it.
    let handle: OpaquePointer
    private let database: OpaquePointer

    /// Prepares `sql` on `database`.
    ///
    /// - Parameters:
    ///   - sql: One SQL statement with `?` parameters.
    ///   - database: The open connection handle; it must outlive the statement.
    /// - Throws: ``StoreError/sqlite(code:message:sql:)`` when SQLite rejects the SQL.
    init(sql: String, database: OpaquePointer) throws(StoreError) {
        var prepared: OpaquePointer?
        let code = sqlite3_prepare_v2(database, sql, -1, &prepared, nil)
        guard code == SQLITE_OK, let prepared else {
            // sqlite3_prepare_v2 leaves nil on failure, but finalize(nil) is a harmless no-op.
            sqlite3_finalize(prepared)
            throw Statement.error(code: code, database: database, sql: sql)
        }
        self.sql = sql
        self.handle = prepared
        self.database = database
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Resets the statement and binds `values` to its parameters, in order.
    ///
    /// - Parameter values: One value per `?`.
    /// - Throws: ``StoreError`` when a value cannot be bound.
    func bind(_ values: [SQLValue]) throws(StoreError) {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        for (offset, value) in values.enumerated() {
            let code = bind(value, at: Int32(offset + 1))
            guard code == SQLITE_OK else { throw Statement.error(code: code, database: database, sql: sql) }
        }
    }

    private func bind(_ value: SQLValue, at index: Int32) -> Int32 {
        switch value {
        case .null:
            return sqlite3_bind_null(handle, index)
        case .integer(let number):
            return sqlite3_bind_int64(handle, index, number)
        case .real(let number):
            return sqlite3_bind_double(handle, index, number)
        case .text(let text):
            return sqlite3_bind_text(handle, index, text, Int32(text.utf8.count), csqlite_transient())
        case .blob(let data):
            // An empty Data has no base address, and a NULL pointer would bind SQL NULL rather
            // than an empty blob.
            guard !data.isEmpty else { return sqlite3_bind_zeroblob(handle, index, 0) }
            return data.withUnsafeBytes { bytes in
                sqlite3_bind_blob(handle, index, bytes.baseAddress, Int32(bytes.count), csqlite_transient())
            }
        }
    }

    /// Advances one step.
    ///
    /// - Returns: `true` when a row is available, `false` when the statement is done.
    /// - Throws: ``StoreError`` with this statement's SQL.
    func step() throws(StoreError) -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW:
            return true
        case SQLITE_DONE:
            return false
        default:
            // Reset so the cached statement releases its locks before the error propagates.
            sqlite3_reset(handle)
            throw Statement.error(code: code, database: database, sql: sql)
        }
    }

    /// Binds `values` and runs the statement to completion, discarding rows.
    ///
    /// - Parameter values: One value per `?`.
    /// - Throws: ``StoreError`` with this statement's SQL.
    func run(_ values: [SQLValue] = []) throws(StoreError) {
        try bind(values)
        defer { sqlite3_reset(handle) }
        while try step() {}
    }

    /// Binds `values`, steps through every row and maps each with `row`.
    ///
    /// - Parameters:
    ///   - values: One value per `?`.
    ///   - row: Reads the current row through the column readers.
    /// - Returns: The mapped rows, in SQLite's order.
    /// - Throws: ``StoreError`` from SQLite or from `row`.
    func query<Row>(
        _ values: [SQLValue] = [], row: (Statement) throws(StoreError) -> Row
    ) throws(StoreError) -> [Row] {
        try bind(values)
        defer { sqlite3_reset(handle) }
        var rows: [Row] = []
        while try step() {
            rows.append(try row(self))
        }
        return rows
    }

    /// Like ``query(_:row:)`` but returns only the first row.
    ///
    /// - Parameters:
    ///   - values: One value per `?`.
    ///   - row: Reads the current row through the column readers.
    /// - Returns: The first row mapped, or `nil` when there is none.
    /// - Throws: ``StoreError`` from SQLite or from `row`.
    func first<Row>(
        _ values: [SQLValue] = [], row: (Statement) throws(StoreError) -> Row
    ) throws(StoreError) -> Row? {
        try bind(values)
        defer { sqlite3_reset(handle) }
        guard try step() else { return nil }
        return try row(self)
    }

    static func error(code: Int32, database: OpaquePointer?, sql: String?) -> StoreError {
        let message = database.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
        return .sqlite(code: code, message: message, sql: sql)
    }
}

/// Explicit non-conformance: a statement belongs to its connection, which one actor owns.
@available(*, unavailable)
extension Statement: Sendable {}
