internal import CPostgres
import Foundation

/// One PostgreSQL connection through libpq: the only place FleetStore calls libpq's query API.
///
/// Statements are written with `?` parameters, as for SQLite, and prepared once per SQL text
/// with `$1…$n` in their place. Parameters go in PostgreSQL's text form (bytes in binary),
/// so the server infers each one's type from where it stands; rows come back in binary form,
/// so a double reads back bit for bit. A connection that breaks is not reopened: every later
/// call fails with ``StoreError/connectionLost(message:)``, so a run stops reserving, and so
/// stops sending, at the first failure (docs/state-postgresql.md).
final class PostgresConnection: StateDatabase {
    let dialect = SQLDialect.postgres
    private let handle: OpaquePointer
    /// Prepared statement names by SQL text.
    private var statements: [String: String] = [:]
    /// This session as the server lists it, `pid@backend start` (see ``sessionKey``), or `nil`
    /// when the server does not show it.
    private(set) var session: String?

    /// The expression naming a session of `pg_stat_activity` the way ``session`` is recorded.
    static let sessionKey = "pid::text || '@' || coalesce(extract(epoch FROM backend_start)::text, '')"

    /// Connects with the parameters of `target` and applies fleetwx's session settings.
    ///
    /// - Parameters:
    ///   - target: The parsed connection URI.
    ///   - lockTimeoutMilliseconds: How long a statement waits for another session's row lock
    ///     (`lock_timeout`), as SQLite's busy timeout does for the file's lock.
    /// - Throws: ``StoreError/cannotConnect(target:reason:)`` or
    ///   ``StoreError/credentialsRefused(target:reason:)``.
    init(target: PostgresTarget, lockTimeoutMilliseconds: Int32) throws(StoreError) {
        let settings = target.connectionKeywords()
        let connection = Self.connect(settings)
        guard let connection, PQstatus(connection) == CONNECTION_OK else {
            let message = connection.map { target.scrubbed(String(cString: PQerrorMessage($0))) } ?? "out of memory"
            PQfinish(connection)
            throw target.connectFailure(message)
        }
        handle = connection
        // libpq prints server notices ("relation already exists, skipping") on stderr by default.
        PQsetNoticeProcessor(handle, { _, _ in }, nil)
        // A failure below needs no PQfinish here: every property is set, so deinit runs and does it.
        // SET takes no parameters; the numbers come from a checked Int32, not from text.
        // synchronous_commit off is SQLite's synchronous=NORMAL: a commit survives the process,
        // and a crash of the server can lose the last fraction of a second of commits but never
        // corrupts; a reservation turns it on for its own commit. lock_timeout 0 would mean "wait
        // for ever", where SQLite's busy timeout 0 means "at once". A session left idle in a
        // transaction (its host cut off the network) would keep the month's counter locked for
        // every other host: the server ends it after a minute.
        try execute(
            """
            SET lock_timeout = \(max(1, lockTimeoutMilliseconds)); SET TIME ZONE 'UTC'; \
            SET synchronous_commit = off; SET idle_in_transaction_session_timeout = 60000
            """)
        do throws(StoreError) {
            session = try text("SELECT \(Self.sessionKey) FROM pg_stat_activity WHERE pid = pg_backend_pid()")
        } catch {
            // Left without a session on purpose (a server that hides pg_stat_activity from this
            // role): this process's rows are then settled after a day, as on SQLite across hosts,
            // rather than as soon as it dies. A broken connection fails the next statement.
            session = nil
        }
    }

    deinit {
        PQfinish(handle)
    }

    /// `PQconnectdbParams` with the keywords in order (later ones win, so the URI, last, wins
    /// over fleetwx's defaults before it).
    private static func connect(_ settings: [(String, String)]) -> OpaquePointer? {
        let keywords = settings.map { strdup($0.0) }
        let values = settings.map { strdup($0.1) }
        defer {
            for pointer in keywords + values { free(pointer) }
        }
        let keywordPointers = keywords.map { UnsafePointer($0) } + [nil]
        let valuePointers = values.map { UnsafePointer($0) } + [nil]
        return PQconnectdbParams(keywordPointers, valuePointers, 1)
    }

    func execute(_ sql: String) throws(StoreError) {
        let result = PQexec(handle, sql)
        defer { PQclear(result) }
        try check(result, sql: sql)
    }

    @discardableResult
    func run(_ sql: String, _ values: [SQLValue]) throws(StoreError) -> Int {
        let result = try perform(sql, values)
        defer { PQclear(result) }
        return Int(String(cString: PQcmdTuples(result))) ?? 0
    }

    func query<Row>(
        _ sql: String, _ values: [SQLValue], row: (any ResultRow) throws(StoreError) -> Row
    ) throws(StoreError) -> [Row] {
        let result = try perform(sql, values)
        defer { PQclear(result) }
        let count = PQntuples(result)
        var rows: [Row] = []
        rows.reserveCapacity(Int(count))
        for index in 0..<count {
            rows.append(try row(PostgresRow(result: result, row: index)))
        }
        return rows
    }

    func first<Row>(
        _ sql: String, _ values: [SQLValue], row: (any ResultRow) throws(StoreError) -> Row
    ) throws(StoreError) -> Row? {
        let result = try perform(sql, values)
        defer { PQclear(result) }
        guard PQntuples(result) > 0 else { return nil }
        return try row(PostgresRow(result: result, row: 0))
    }

    /// Runs `body` in one READ COMMITTED transaction, again (up to three times in all) when
    /// PostgreSQL ends it with a deadlock or a serialisation failure, which it may do to
    /// either of two sessions writing the same rows in another order; every body reads what
    /// it needs inside the transaction, so running it again is safe.
    @discardableResult
    func transaction<Result>(_ body: () throws(StoreError) -> Result) throws(StoreError) -> Result {
        try transaction(begin: Self.begin, body)
    }

    /// BEGIN at READ COMMITTED whatever the role's or server's default: a stricter level would
    /// fail a reservation with a serialisation error whenever another host had just reserved,
    /// where READ COMMITTED waits for its lock and reads the new count.
    static let begin = "BEGIN ISOLATION LEVEL READ COMMITTED"

    /// ``transaction(_:)`` opened with `begin`, which may add settings for the transaction
    /// (`BEGIN …; SET LOCAL …`) in the same round trip.
    @discardableResult
    func transaction<Result>(begin: String, _ body: () throws(StoreError) -> Result) throws(StoreError) -> Result {
        var attempt = 1
        while true {
            try execute(begin)
            do {
                let result = try body()
                try execute("COMMIT")
                return result
            } catch {
                rollback()
                guard attempt < 3, let state = error.postgresState, state == "40P01" || state == "40001" else {
                    throw error
                }
                attempt += 1
                // A moment apart, at random, so the two sessions do not meet again at once.
                usleep(useconds_t.random(in: 1_000...20_000))
            }
        }
    }

    /// Rolls back the open transaction, if any (nothing to do on a broken connection).
    private func rollback() {
        guard PQstatus(handle) == CONNECTION_OK, PQtransactionStatus(handle) != PQTRANS_IDLE else { return }
        let result = PQexec(handle, "ROLLBACK")
        // Dropped on purpose: the caller is already throwing the error that made it roll back;
        // should the transaction stay open, the next BEGIN fails and is reported in its turn.
        PQclear(result)
    }

    /// Prepares `sql` on first use and runs it with `values`.
    private func perform(_ sql: String, _ values: [SQLValue]) throws(StoreError) -> OpaquePointer? {
        let name = try preparedName(sql, parameters: values.count)
        let parameters = try PostgresParameters(values)
        let result = parameters.withPointers { pointers, lengths, formats in
            PQexecPrepared(handle, name, Int32(values.count), pointers, lengths, formats, 1)
        }
        do throws(StoreError) {
            try check(result, sql: sql)
        } catch {
            PQclear(result)
            throw error
        }
        return result
    }

    private func preparedName(_ sql: String, parameters: Int) throws(StoreError) -> String {
        if let name = statements[sql] { return name }
        let name = "fleetwx_\(statements.count + 1)"
        let result = PQprepare(handle, name, Self.numbered(sql), Int32(parameters), nil)
        defer { PQclear(result) }
        try check(result, sql: sql)
        statements[sql] = name
        return name
    }

    /// `sql` with each `?` outside quotes replaced by `$1`, `$2`, …
    static func numbered(_ sql: String) -> String {
        var output = ""
        var count = 0
        var quoted = false
        for character in sql {
            if character == "'" { quoted.toggle() }
            if character == "?", !quoted {
                count += 1
                output += "$\(count)"
            } else {
                output.append(character)
            }
        }
        return output
    }

    /// Throws the error a result reports, if any, as ``StoreError/postgres(sqlState:message:sql:)``,
    /// or ``StoreError/connectionLost(message:)`` once the connection is gone.
    private func check(_ result: OpaquePointer?, sql: String) throws(StoreError) {
        let status = result.map(PQresultStatus) ?? PGRES_FATAL_ERROR
        if status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK { return }
        let message = Self.oneLine(
            result.flatMap { PQresultErrorField($0, Int32(UInt8(ascii: "M"))) }.map { String(cString: $0) }
                ?? String(cString: PQerrorMessage(handle)))
        if PQstatus(handle) != CONNECTION_OK {
            throw .connectionLost(message: message.isEmpty ? "the server closed the connection" : message)
        }
        let state = result.flatMap { PQresultErrorField($0, Int32(UInt8(ascii: "C"))) }.map { String(cString: $0) }
        // Class 08 is "connection exception"; 57P01–57P03 are the server shutting down.
        if let state, state.hasPrefix("08") || state.hasPrefix("57P") {
            throw .connectionLost(message: message)
        }
        throw .postgres(sqlState: state ?? "", message: message, sql: sql)
    }

    /// libpq's messages end with a newline and may hold several lines: one line, "; "-joined.
    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.joined(separator: "; ")
    }
}

/// Explicit non-conformance: a `PGconn*` must only be used from its owning actor.
@available(*, unavailable)
extension PostgresConnection: Sendable {}
