internal import FleetStore
internal import Foundation

/// Opening the state database, with its failures turned into exit-code errors.
enum StateAccess {
    /// Opens (creating if needed) the state database.
    ///
    /// - Parameters:
    ///   - url: The database file.
    ///   - now: The clock used for months and timestamps.
    /// - Returns: The store.
    /// - Throws: ``AppError/fatal(_:)`` naming the file and the problem.
    static func open(_ url: URL, now: @escaping @Sendable () -> Date) throws(AppError) -> StateStore {
        do {
            return try StateStore(path: url.path, now: now)
        } catch {
            throw .fatal("state database \(url.path): \(error.description)")
        }
    }

    /// Opens the state database for a command that only reads it (`quota`, `cache`), without
    /// creating one: a mistyped `--state` must not read as "nothing used this month".
    ///
    /// - Parameters:
    ///   - url: The database file.
    ///   - now: The clock used for months and timestamps.
    /// - Returns: The store, or `nil` when there is no file (with ``missingWarning(_:)`` to say so).
    /// - Throws: ``AppError/fatal(_:)`` when the file exists but cannot be opened.
    static func openExisting(_ url: URL, now: @escaping @Sendable () -> Date) throws(AppError) -> StateStore? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try open(url, now: now)
    }

    /// What a read-only command says when the state database does not exist.
    static func missingWarning(_ url: URL) -> String {
        "no state database at \(url.path), so nothing is recorded there (a run creates it); "
            + "check --state or FLEETWX_STATE if you expected one"
    }
}
