internal import CSQLite
internal import FleetFiles
public import Foundation

/// The state of fleetwx: data-set cache, quota ledger and run history, in one SQLite file
/// (`--state FILE`, the default) or one PostgreSQL database shared by many hosts
/// (`--state postgresql://…`). Both back ends run the same queries, migrations and rules
/// (``StateDatabase``); what differs is said where it differs.
///
/// An actor because a connection must be used by one thread at a time; every method is
/// one short transaction, so a `kill -9` loses at most the write in progress and two processes
/// (or two stores in one process) can share the file. The file is in WAL mode so readers never
/// wait for the writer, with `synchronous=NORMAL` (durable across process crashes; a power cut
/// can lose the last commits but never corrupts the file), except that a quota reservation is
/// committed with `synchronous=FULL`: a request must never be sent on a record a power cut can
/// take back.
public actor StateStore {
    /// The newest schema version this build writes and understands.
    public static let schemaVersion = Migrations.all.count

    /// The state file's path, or the PostgreSQL URI without its password: where messages say
    /// the state is.
    public nonisolated let path: String
    /// Whether the state is in PostgreSQL.
    public nonisolated let isPostgres: Bool
    /// What SQLite's quick check found wrong with the file when it was opened with
    /// ``DamagePolicy/report`` (`nil` when it is sound).
    public nonisolated let damage: String?
    let connection: any StateDatabase
    let now: @Sendable () -> Date
    /// Tells whether the owners of pending ledger rows still run.
    let processes: any ProcessTable
    /// This process, as recorded in the ledger rows it reserves.
    let owner: String?
    /// This connection's PostgreSQL session (``PostgresConnection/session``), recorded with
    /// the rows it reserves; `nil` on SQLite.
    let session: String?

    /// What opening a file that SQLite's quick check finds damaged does.
    public enum DamagePolicy: Sendable {
        /// Throw ``StoreError/damaged(path:problem:)``: for commands that write (`run`, `cache`).
        case refuse
        /// Open it and say what is wrong in ``StateStore/damage``: for views that only read
        /// (`quota`, `plan`), which can still show what is readable.
        case report
    }

    /// How long a statement waits for another process's lock by default (15 s).
    public static let defaultBusyTimeoutMilliseconds = SQLiteConnection.defaultBusyTimeoutMilliseconds

    /// Opens the state file, creating it (and its parent directories) when missing.
    ///
    /// Existing files are checked read-only first: a file that is not SQLite, a SQLite file of
    /// another application, a fleetwx file from a newer build or with an impossible schema
    /// version is refused and left untouched, and one that fails SQLite's quick check is refused
    /// or reported (`damaged`; reported means opened read-only, never migrated). Then the
    /// connection is configured (WAL, `synchronous=NORMAL`, foreign keys, busy timeout) and
    /// pending migrations are applied.
    ///
    /// - Parameters:
    ///   - path: The state file.
    ///   - now: The clock used for quota months and freshness; injected for tests.
    ///   - processes: Identifies this process and tells whether others still run.
    ///   - busyTimeoutMilliseconds: How long a statement waits for another process's lock.
    ///   - damaged: Whether a damaged file is refused or opened with ``damage`` set.
    /// - Throws: ``StoreError`` saying why the file cannot be used.
    public init(
        path: String, now: @escaping @Sendable () -> Date = { Date() },
        processes: any ProcessTable = LinuxProcessTable(),
        busyTimeoutMilliseconds: Int32 = StateStore.defaultBusyTimeoutMilliseconds,
        damaged: DamagePolicy = .refuse
    ) throws(StoreError) {
        let existing = try DatabaseProbe.checkExisting(path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        let damage = existing?.damage
        if let damage, damaged == .refuse { throw .damaged(path: path, problem: damage) }
        let connection: SQLiteConnection
        if let existing, let damage, let reader = existing.damagedReader {
            connection = try Self.openForReport(path: path, damage: damage, version: existing.version, reader: reader)
        } else {
            try Self.createParentDirectory(of: path)
            do throws(StoreError) {
                connection = try SQLiteConnection(path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
                try Self.configure(connection)
                try Migrations.migrate(connection)
            } catch {
                throw Unopenable.explained(error, path: path)
            }
        }
        self.path = path
        self.damage = damage
        self.connection = connection
        self.now = now
        self.processes = processes
        owner = processes.current?.text
        isPostgres = false
        session = nil
    }

    /// Opens the PostgreSQL database at `target` and brings its schema up to date.
    ///
    /// - Parameters:
    ///   - target: The connection URI, parsed.
    ///   - now: The clock used for quota months and freshness; injected for tests.
    ///   - processes: Identifies this process and tells whether others still run.
    ///   - lockTimeoutMilliseconds: How long a statement waits for another session's lock.
    ///   - create: Whether a database without fleetwx's schema gets it (`run`, `cache`) or is
    ///     answered `nil` (`quota`, `plan`: a mistyped database must not read as empty).
    /// - Returns: The store, or `nil` when `create` is false and the database has no schema.
    /// - Throws: ``StoreError`` saying why the database cannot be used.
    public static func postgres(
        _ target: PostgresTarget, now: @escaping @Sendable () -> Date = { Date() },
        processes: any ProcessTable = LinuxProcessTable(),
        lockTimeoutMilliseconds: Int32 = StateStore.defaultBusyTimeoutMilliseconds, create: Bool = true
    ) throws(StoreError) -> StateStore? {
        let connection = try PostgresConnection(target: target, lockTimeoutMilliseconds: lockTimeoutMilliseconds)
        let found = try PostgresSchema.version(connection, display: target.display)
        if found == nil, !create { return nil }
        try PostgresSchema.migrate(connection, display: target.display)
        return StateStore(postgres: connection, display: target.display, now: now, processes: processes)
    }

    private init(
        postgres connection: sending PostgresConnection, display: String, now: @escaping @Sendable () -> Date,
        processes: any ProcessTable
    ) {
        path = display
        damage = nil
        self.connection = connection
        self.now = now
        self.processes = processes
        owner = processes.current?.text
        isPostgres = true
        session = connection.session
    }

    /// A damaged file opened for a view that only reads it (``DamagePolicy/report``): through the
    /// read-only connection that checked it, so nothing is written into it (no journal-mode
    /// switch, no migration); a file that would need a migration first is refused, since this
    /// build's queries expect the newer schema.
    private static func openForReport(
        path: String, damage: String, version: Int, reader: SQLiteConnection
    ) throws(StoreError) -> SQLiteConnection {
        if version < Migrations.all.count {
            throw .damaged(
                path: path,
                problem: damage + "; and it has schema version \(version), which this build would have to update, "
                    + "writing into it")
        }
        return reader
    }

    /// The connection settings that are not stored in the file (except the journal mode).
    private static func configure(_ connection: SQLiteConnection) throws(StoreError) {
        try connection.execute("PRAGMA foreign_keys = ON")
        try enableWAL(connection)
        try connection.execute("PRAGMA synchronous = NORMAL")
    }

    /// Switches the file to WAL mode (stored in the file, so usually already done).
    ///
    /// The switch needs an exclusive lock and SQLite answers SQLITE_BUSY at once, without its
    /// busy handler, when another process holds one, which happens when two runs create a new
    /// state file at the same moment; so it is retried with back-off up to the busy timeout.
    /// A file system without shared-memory support keeps the rollback journal, which is still
    /// crash-safe, so the mode SQLite ends up in is accepted.
    private static func enableWAL(_ connection: SQLiteConnection) throws(StoreError) {
        if try connection.text("PRAGMA journal_mode") == "wal" { return }
        let deadline = ContinuousClock.now + .milliseconds(Int(connection.busyTimeoutMilliseconds))
        var delay = 0.002
        while true {
            do throws(StoreError) {
                _ = try connection.text("PRAGMA journal_mode = WAL")
                return
            } catch  where error.sqlitePrimaryCode == SQLITE_BUSY && ContinuousClock.now < deadline {
                Thread.sleep(forTimeInterval: delay)
                delay = min(delay * 2, 0.1)
            }
        }
    }

    /// Creates the state file's folder (and the ones above it) when missing.
    private static func createParentDirectory(of path: String) throws(StoreError) {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        do throws(RegularFileError) {
            try Folders.create(directory)
        } catch {
            throw .cannotOpen(
                path: path,
                reason: "cannot create its folder \(directory.bounded): \(error); \(StoreError.writableFolderAdvice)")
        }
    }

    /// The journal mode in force (`wal` normally; `postgresql` for PostgreSQL, which has none).
    ///
    /// - Returns: SQLite's name for the mode.
    /// - Throws: ``StoreError`` from SQLite.
    public func journalMode() throws(StoreError) -> String {
        if isPostgres { return "postgresql" }
        return try connection.text("PRAGMA journal_mode") ?? ""
    }

    /// The schema version recorded in the database.
    ///
    /// - Returns: `PRAGMA user_version`, or PostgreSQL's `fleetwx_schema` row.
    /// - Throws: ``StoreError`` from the database.
    public func storedSchemaVersion() throws(StoreError) -> Int {
        if let postgres = connection as? PostgresConnection {
            return try PostgresSchema.version(postgres, display: path) ?? 0
        }
        return Int(try connection.integer("PRAGMA user_version"))
    }
}
