internal import CSQLite
internal import FleetFiles
import Foundation

/// Why SQLite could not open or create the state file, in words a person can act on.
///
/// SQLite says only "unable to open database file" or "attempt to write a readonly database";
/// the cause is almost always the folder: SQLite creates the database and, in WAL mode, its
/// `-wal` and `-shm` files beside it, so the folder must be writable even when the file is.
enum Unopenable {
    /// `error` as ``StoreError/cannotOpen(path:reason:)`` when it is a failure to open or write
    /// the file; other errors unchanged.
    static func explained(_ error: StoreError, path: String) -> StoreError {
        guard let code = error.sqlitePrimaryCode, code == SQLITE_CANTOPEN || code == SQLITE_READONLY else {
            return error
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        // The file system's own answer first: a path too long, a link loop, a part that is not a
        // folder are said as such, not guessed to be the folder's permissions.
        if let code = Self.failure(of: path) ?? Self.failure(of: folder) {
            return .cannotOpen(
                path: path, reason: SystemErrorWords.describe(code) + "; " + StoreError.anotherFileAdvice)
        }
        let exists = FileManager.default.fileExists(atPath: path)
        let advice = "make it writable by this user, or " + StoreError.writableFolderAdvice
        if access(folder, W_OK) != 0 || Self.isReadOnlyDirectory(error) {
            let what =
                exists
                ? "SQLite keeps the database's -wal and -shm files beside it" : "the database cannot be created there"
            return .cannotOpen(
                path: path, reason: "its folder \(folder.bounded) is not writable, and \(what); \(advice)")
        }
        if exists, access(path, W_OK) != 0 || code == SQLITE_READONLY {
            return .cannotOpen(
                path: path,
                reason: "the file is not writable by this user; make it writable, or " + StoreError.anotherFileAdvice)
        }
        return .cannotOpen(
            path: path,
            reason:
                "SQLite cannot create or open the file (or its -wal and -shm files) in the folder \(folder.bounded); "
                + "check that this user may write there, or " + StoreError.writableFolderAdvice)
    }

    /// The `errno` of `stat` on `path` when it fails for another reason than the file being
    /// missing (which only means SQLite was to create it).
    private static func failure(of path: String) -> Int32? {
        var info = stat()
        guard stat(path, &info) != 0 else { return nil }
        let code = errno
        return code == ENOENT ? nil : code
    }

    /// SQLITE_READONLY_DIRECTORY, `SQLITE_READONLY | (6 << 8)` (a macro Swift does not import).
    static let readOnlyDirectory = SQLITE_READONLY | (6 << 8)

    private static func isReadOnlyDirectory(_ error: StoreError) -> Bool {
        guard case .sqlite(let code, _, _) = error else { return false }
        return code == readOnlyDirectory
    }
}
