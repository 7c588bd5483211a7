import Foundation

/// The SQL each back end spells its own way; everything else in the store's SQL is written
/// once, in the subset SQLite and PostgreSQL share (`?` parameters, `ON CONFLICT … DO UPDATE`
/// with the table named, `RETURNING`, `coalesce`).
enum SQLDialect: Sendable {
    case sqlite
    case postgres

    /// The UTC day ("YYYY-MM-DD") of a column holding Unix seconds.
    func utcDay(_ column: String) -> String {
        switch self {
        case .sqlite: "strftime('%Y-%m-%d', \(column), 'unixepoch')"
        case .postgres: "to_char(to_timestamp(\(column)) AT TIME ZONE 'UTC', 'YYYY-MM-DD')"
        }
    }
}

/// One connection to the state database, SQLite's or PostgreSQL's: the seam between
/// ``StateStore``'s queries, written once, and the C library that runs them.
///
/// Not Sendable: a connection is used by one thread at a time, and ``StateStore`` owns one and
/// serialises every use through its actor.
protocol StateDatabase: AnyObject {
    /// Which SQL this connection speaks.
    var dialect: SQLDialect { get }

    /// Runs one or more statements that take no parameters (migrations, settings).
    ///
    /// - Parameter sql: Raw SQL; never built from data.
    /// - Throws: ``StoreError`` carrying `sql`.
    func execute(_ sql: String) throws(StoreError)

    /// Runs one statement with `values` bound to its `?` parameters, discarding any rows.
    ///
    /// - Returns: How many rows an INSERT, UPDATE or DELETE changed.
    /// - Throws: ``StoreError`` carrying `sql`, never the values.
    @discardableResult
    func run(_ sql: String, _ values: [SQLValue]) throws(StoreError) -> Int

    /// Runs one query and maps every row with `row`, in the database's order.
    ///
    /// - Throws: ``StoreError`` from the database or from `row`.
    func query<Row>(
        _ sql: String, _ values: [SQLValue], row: (any ResultRow) throws(StoreError) -> Row
    ) throws(StoreError) -> [Row]

    /// Like ``query(_:_:row:)``, but only the first row.
    ///
    /// - Returns: The first row mapped, or `nil` when there is none.
    func first<Row>(
        _ sql: String, _ values: [SQLValue], row: (any ResultRow) throws(StoreError) -> Row
    ) throws(StoreError) -> Row?

    /// Runs `body` in one transaction that writes: COMMIT when it returns, ROLLBACK when it
    /// throws. SQLite takes the file's write lock at BEGIN (IMMEDIATE); PostgreSQL's
    /// transactions lock the rows they touch, so a reservation locks its month's counter first
    /// (``StateStore/tryReserve(_:)``).
    @discardableResult
    func transaction<Result>(_ body: () throws(StoreError) -> Result) throws(StoreError) -> Result
}

extension StateDatabase {
    /// Reads one integer from the first row of `sql` (for counts).
    ///
    /// - Returns: The value, or 0 when there is no row.
    func integer(_ sql: String, _ values: [SQLValue] = []) throws(StoreError) -> Int64 {
        try first(sql, values) { row in row.int64(0) } ?? 0
    }

    /// Reads one text value from the first row of `sql`.
    ///
    /// - Returns: The value, or `nil` when there is no row.
    func text(_ sql: String, _ values: [SQLValue] = []) throws(StoreError) -> String? {
        try first(sql, values) { row in row.text(0) }
    }
}

/// The current row of a query, read by 0-based column index.
///
/// NULL reads as 0, the empty string or empty data; the `optional` readers tell it apart.
protocol ResultRow {
    /// Whether the column holds SQL NULL.
    func isNull(_ column: Int32) -> Bool
    /// The column as a 64-bit integer.
    func int64(_ column: Int32) -> Int64
    /// The column as a double.
    func double(_ column: Int32) -> Double
    /// The column as text.
    func text(_ column: Int32) -> String
    /// The column as bytes.
    func blob(_ column: Int32) -> Data
}

extension ResultRow {
    /// The column as an `Int`.
    func int(_ column: Int32) -> Int { Int(truncatingIfNeeded: int64(column)) }

    /// The column as an optional `Int`.
    func optionalInt(_ column: Int32) -> Int? { isNull(column) ? nil : int(column) }

    /// The column as optional text.
    func optionalText(_ column: Int32) -> String? { isNull(column) ? nil : text(column) }

    /// The column as a date stored in Unix seconds (the schema's one date representation).
    func date(_ column: Int32) -> Date { Date(timeIntervalSince1970: double(column)) }

    /// The column as an optional date stored in Unix seconds.
    func optionalDate(_ column: Int32) -> Date? { isNull(column) ? nil : date(column) }
}
