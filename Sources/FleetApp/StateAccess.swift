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

    /// Settles ledger rows left `pending` by runs whose process died (see
    /// `StateStore.settleAbandoned()`), before this command counts or spends the month.
    ///
    /// - Parameters:
    ///   - store: The open state database.
    ///   - console: Where a failure is reported (it is not fatal: the rows still count).
    static func settleAbandoned(_ store: StateStore, console: any Console) async {
        do {
            let settled = try await store.settleAbandoned()
            if settled > 0 {
                console.err(
                    """
                    fleetwx: warning: \(settled) request(s) of an earlier run that died were left unfinished in \
                    the quota ledger; they still count, as outcome "unknown" (see fleetwx quota)

                    """)
            }
        } catch {
            console.err("fleetwx: warning: could not settle unfinished ledger rows: \(error.description)\n")
        }
    }

    /// What a read-only command says when the state database does not exist.
    static func missingWarning(_ url: URL) -> String {
        "no state database at \(url.path), so nothing is recorded there (a run creates it); "
            + "check --state or FLEETWX_STATE if you expected one"
    }
}
