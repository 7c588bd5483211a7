internal import CSQLite

/// One SQLite connection: the only place FleetStore calls SQLite's C API directly (with
/// ``Statement``).
///
/// Not Sendable (a `sqlite3*` must not be used from two threads at once); ``StateStore`` owns
/// one and serializes every use through its actor. Prepared statements are cached by SQL text
/// and finalized before the connection is closed with `sqlite3_close_v2` in `deinit`.
final class SQLiteConnection: StateDatabase {
    let dialect = SQLDialect.sqlite

    /// How long a writer waits for another connection's write lock before giving up, unless
    /// the opener says otherwise.
    ///
    /// Two runs sharing one state file take turns on short transactions, so waiting a while is
    /// better than failing a reservation.
    static let defaultBusyTimeoutMilliseconds: Int32 = 15_000

    /// This connection's busy timeout (tests of a locked file shorten it).
    let busyTimeoutMilliseconds: Int32

    /// The path the connection was opened with, for messages.
    let path: String
    private let database: OpaquePointer
    private var statements: [String: Statement] = [:]

    /// How a connection opens its file.
    enum OpenMode {
        /// Read and write, creating the file when missing.
        case readWriteCreate
        /// Read only; on a WAL database SQLite may still create the `-wal` and `-shm` files.
        case readOnly
        /// Read only through `immutable=1`: no locks and no side files, but a `-wal` file's
        /// content is ignored, so only for files that have none.
        case immutable
    }

    /// Opens the database at `path`.
    ///
    /// Enables extended result codes and the busy timeout; PRAGMAs that change the file are
    /// the caller's business, so a read-only probe writes nothing.
    ///
    /// - Parameters:
    ///   - path: A file path (URIs are not interpreted).
    ///   - mode: How to open it.
    ///   - busyTimeoutMilliseconds: How long a statement waits for another connection's lock.
    /// - Throws: ``StoreError/sqlite(code:message:sql:)`` when SQLite cannot open the file.
    init(
        path: String, mode: OpenMode = .readWriteCreate,
        busyTimeoutMilliseconds: Int32 = SQLiteConnection.defaultBusyTimeoutMilliseconds
    ) throws(StoreError) {
        // NOMUTEX: the owning actor already guarantees one thread at a time.
        var flags = SQLITE_OPEN_NOMUTEX
        var filename = path
        switch mode {
        case .readWriteCreate:
            flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        case .readOnly:
            flags |= SQLITE_OPEN_READONLY
        case .immutable:
            flags |= SQLITE_OPEN_READONLY | SQLITE_OPEN_URI
            filename = Self.immutableURI(path)
        }
        var handle: OpaquePointer?
        let code = sqlite3_open_v2(filename, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            let error = Statement.error(code: code, database: handle, sql: nil)
            // "Whether or not an error occurs when it is opened, resources associated with the
            // database connection handle should be released by passing it to sqlite3_close()."
            sqlite3_close_v2(handle)
            throw error
        }
        self.path = path
        self.database = handle
        self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
        sqlite3_extended_result_codes(handle, 1)
        sqlite3_busy_timeout(handle, busyTimeoutMilliseconds)
    }

    /// A `file:` URI for `path` with `mode=ro&immutable=1` (<https://www.sqlite.org/uri.html>).
    ///
    /// Every byte but unreserved characters and `/` is percent-encoded, so `?`, `#` and `%`
    /// in a file name stay part of the path; an absolute path gets an empty authority.
    static func immutableURI(_ path: String) -> String {
        let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/".utf8)
        var encoded = ""
        for byte in path.utf8 {
            if unreserved.contains(byte) {
                encoded.append(Character(Unicode.Scalar(byte)))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                encoded += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        let prefix = path.hasPrefix("/") ? "file://" : "file:"
        return prefix + encoded + "?mode=ro&immutable=1"
    }

    deinit {
        statements.removeAll()
        sqlite3_close_v2(database)
    }

    /// Runs one or more SQL statements that take no parameters (PRAGMAs, migrations).
    ///
    /// - Parameter sql: Raw SQL; never built from data.
    /// - Throws: ``StoreError`` carrying `sql`.
    func execute(_ sql: String) throws(StoreError) {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(database, sql, nil, nil, &message)
        guard code != SQLITE_OK else { return }
        let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
        sqlite3_free(message)
        throw StoreError.sqlite(code: sqlite3_extended_errcode(database), message: text, sql: sql)
    }

    /// The cached prepared statement for `sql`, preparing it on first use.
    ///
    /// - Parameter sql: One statement with `?` parameters.
    /// - Returns: The statement, reset by each bind.
    /// - Throws: ``StoreError`` when SQLite rejects the SQL.
    func prepared(_ sql: String) throws(StoreError) -> Statement {
        if let statement = statements[sql] { return statement }
        let statement = try Statement(sql: sql, database: database)
        statements[sql] = statement
        return statement
    }

    /// Runs `sql` with `values`, discarding any rows.
    ///
    /// - Parameters:
    ///   - sql: One statement with `?` parameters.
    ///   - values: One value per `?`.
    /// - Returns: Rows changed, for an INSERT, UPDATE or DELETE.
    /// - Throws: ``StoreError`` carrying `sql`.
    @discardableResult
    func run(_ sql: String, _ values: [SQLValue] = []) throws(StoreError) -> Int {
        try prepared(sql).run(values)
        return changes
    }

    func query<Row>(
        _ sql: String, _ values: [SQLValue], row: (any ResultRow) throws(StoreError) -> Row
    ) throws(StoreError) -> [Row] {
        try prepared(sql).query(values) { statement throws(StoreError) in try row(statement) }
    }

    func first<Row>(
        _ sql: String, _ values: [SQLValue], row: (any ResultRow) throws(StoreError) -> Row
    ) throws(StoreError) -> Row? {
        try prepared(sql).first(values) { statement throws(StoreError) in try row(statement) }
    }

    /// Rows changed by the last INSERT, UPDATE or DELETE on this connection.
    var changes: Int { Int(sqlite3_changes(database)) }

    /// Runs `body` in one IMMEDIATE transaction: COMMIT when it returns, ROLLBACK when it throws.
    ///
    /// IMMEDIATE takes the write lock (waiting up to the busy timeout) at BEGIN; a deferred
    /// transaction that reads and then writes could instead fail with SQLITE_BUSY when another
    /// connection wrote in between.
    ///
    /// - Parameter body: The work; its result is returned after COMMIT.
    /// - Returns: What `body` returned.
    /// - Throws: ``StoreError`` from BEGIN, `body` or COMMIT.
    @discardableResult
    func transaction<Result>(_ body: () throws(StoreError) -> Result) throws(StoreError) -> Result {
        try run("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try run("COMMIT")
            return result
        } catch {
            rollback()
            throw error
        }
    }

    /// Rolls back the open transaction, if any.
    func rollback() {
        guard sqlite3_get_autocommit(database) == 0 else { return }
        do {
            try run("ROLLBACK")
        } catch {
            // Dropped on purpose: the caller is already throwing the error that made it roll
            // back, which is the one to report. Should the transaction stay open, the next
            // statement's BEGIN fails and is reported in its turn.
        }
    }
}

/// Explicit non-conformance: a `sqlite3*` handle must only be used from its owning actor.
@available(*, unavailable)
extension SQLiteConnection: Sendable {}
