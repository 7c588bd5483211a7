internal import CSQLite
import Foundation

/// A read-only look at an existing `--state` file, made before anything writes to it.
///
/// Pointing `--state` at the wrong file (a schedule CSV, another program's database, a state
/// file from a newer fleetwx) must fail with a clear message and leave the file byte-for-byte as
/// it was, so the checks run on the raw header and on a read-only connection, and only then does
/// ``StateStore`` open the file for writing (and switch it to WAL mode).
enum DatabaseProbe {
    /// The first 16 bytes of every SQLite 3 database file.
    static let magic = Data("SQLite format 3\u{0}".utf8)

    /// Checks that `path` is missing, empty, or a fleetwx database this build can use.
    ///
    /// - Parameter path: The state file.
    /// - Throws: ``StoreError/notADatabase(path:)``, ``StoreError/foreignDatabase(path:)``,
    ///   ``StoreError/newerSchema(path:found:supported:)`` or ``StoreError/cannotOpen(path:reason:)``.
    static func checkExisting(path: String) throws(StoreError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return }
        if isDirectory.boolValue { throw .cannotOpen(path: path, reason: "it is a directory") }
        // An empty file is an empty database to SQLite, and may still have a WAL beside it.
        let header = try readHeader(path)
        if !header.isEmpty, header != magic { throw .notADatabase(path: path) }
        let found = try inspect(path)
        if found.applicationID == Migrations.applicationID {
            if found.version > Migrations.all.count {
                throw .newerSchema(path: path, found: found.version, supported: Migrations.all.count)
            }
        } else if found.applicationID != 0 || found.tables > 0 || found.version != 0 {
            throw .foreignDatabase(path: path)
        }
    }

    /// Reads up to the first 16 bytes of the file.
    private static func readHeader(_ path: String) throws(StoreError) -> Data {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .cannotOpen(path: path, reason: "the file cannot be read")
        }
        defer { try? handle.close() }
        do {
            return try handle.read(upToCount: magic.count) ?? Data()
        } catch {
            throw .cannotOpen(path: path, reason: "the file cannot be read (\(error.localizedDescription))")
        }
    }

    private struct Found {
        let applicationID: Int32
        let version: Int
        let tables: Int
    }

    /// The fleetwx marker, schema version and table count, as SQLite sees them (WAL included).
    private static func inspect(_ path: String) throws(StoreError) -> Found {
        do throws(StoreError) {
            // Without a -wal file the main file holds the whole database, and `immutable` reads it
            // without creating -wal/-shm files beside someone else's database. With one (a
            // process has it open, or crashed), its content counts and the side files exist.
            let hasWAL = FileManager.default.fileExists(atPath: path + "-wal")
            let connection = try SQLiteConnection(path: path, mode: hasWAL ? .readOnly : .immutable)
            let applicationID = Int32(truncatingIfNeeded: try connection.integer("PRAGMA application_id"))
            let version = Int(try connection.integer("PRAGMA user_version"))
            let tables = Int(try connection.integer("SELECT count(*) FROM sqlite_master"))
            return Found(applicationID: applicationID, version: version, tables: tables)
        } catch {
            if error.sqlitePrimaryCode == SQLITE_NOTADB { throw .notADatabase(path: path) }
            throw error
        }
    }
}
