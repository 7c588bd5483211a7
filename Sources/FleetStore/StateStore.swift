public import Foundation

/// The one SQLite database of fleetwx (`--state FILE`): data-set cache, quota ledger and run
/// history.
///
/// An actor because a SQLite connection must be used by one thread at a time; every method is
/// one short transaction, so a `kill -9` loses at most the write in progress and two processes
/// (or two stores in one process) can share the file. The file is in WAL mode so readers never
/// wait for the writer, with `synchronous=NORMAL` (durable across process crashes; a power cut
/// can lose the last commits but never corrupts the file).
public actor StateStore {
    /// The newest schema version this build writes and understands.
    public static let schemaVersion = Migrations.all.count

    /// The state file's path.
    public nonisolated let path: String
    let connection: SQLiteConnection
    let now: @Sendable () -> Date

    /// Opens the state file, creating it (and its parent directories) when missing.
    ///
    /// Existing files are checked read-only first: a file that is not SQLite, a SQLite file of
    /// another application, or a fleetwx file from a newer build is refused and left untouched.
    /// Then the connection is configured (WAL, `synchronous=NORMAL`, foreign keys, busy timeout)
    /// and pending migrations are applied.
    ///
    /// - Parameters:
    ///   - path: The state file.
    ///   - now: The clock used for quota months and freshness; injected for tests.
    /// - Throws: ``StoreError`` saying why the file cannot be used.
    public init(path: String, now: @escaping @Sendable () -> Date = { Date() }) throws(StoreError) {
        try DatabaseProbe.checkExisting(path: path)
        try Self.createParentDirectory(of: path)
        let connection = try SQLiteConnection(path: path)
        try Self.configure(connection)
        try Migrations.migrate(connection)
        self.path = path
        self.connection = connection
        self.now = now
    }

    /// The connection settings that are not stored in the file (except the journal mode).
    private static func configure(_ connection: SQLiteConnection) throws(StoreError) {
        try connection.execute("PRAGMA foreign_keys = ON")
        // Returns the mode in force; a file system without shared memory support keeps the
        // rollback journal, which is still crash-safe, so that is not an error.
        _ = try connection.text("PRAGMA journal_mode = WAL")
        try connection.execute("PRAGMA synchronous = NORMAL")
    }

    private static func createParentDirectory(of path: String) throws(StoreError) {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw .cannotOpen(path: path, reason: "cannot create \(directory.path): \(error.localizedDescription)")
        }
    }

    /// The journal mode in force (`wal` normally).
    ///
    /// - Returns: SQLite's name for the mode.
    /// - Throws: ``StoreError`` from SQLite.
    public func journalMode() throws(StoreError) -> String {
        try connection.text("PRAGMA journal_mode") ?? ""
    }

    /// The schema version recorded in the file.
    ///
    /// - Returns: `PRAGMA user_version`.
    /// - Throws: ``StoreError`` from SQLite.
    public func storedSchemaVersion() throws(StoreError) -> Int {
        Int(try connection.integer("PRAGMA user_version"))
    }
}
