internal import FleetFiles
internal import FleetStore
internal import Foundation

/// Opening the state database, with its failures turned into exit-code errors.
enum StateAccess {
    /// Opens (creating if needed) the state database.
    ///
    /// - Parameters:
    ///   - location: The SQLite file or the PostgreSQL database.
    ///   - environment: The clock used for months and timestamps, and `FLEETWX_BUSY_TIMEOUT_MS`.
    ///   - damaged: Whether a file SQLite's quick check finds damaged is refused (commands that
    ///     write) or opened with its ``StateStore/damage`` set (views that only read).
    /// - Returns: The store.
    /// - Throws: ``AppError/fatal(_:)`` naming the state and the problem (never a password).
    static func open(
        _ location: StateLocation, environment: AppEnvironment, damaged: StateStore.DamagePolicy = .refuse
    ) throws(AppError) -> StateStore {
        guard let store = try open(location, environment: environment, damaged: damaged, create: true) else {
            throw .fatal("the state database \(location.display.bounded) could not be created")
        }
        return store
    }

    /// Opens the state database for a command that only reads it (`quota`, `cache`, `plan`),
    /// without creating one: a mistyped `--state` must not read as "nothing used this month".
    ///
    /// - Parameters:
    ///   - location: The SQLite file or the PostgreSQL database.
    ///   - environment: The clock used for months and timestamps, and `FLEETWX_BUSY_TIMEOUT_MS`.
    ///   - damaged: What a damaged file does (see ``open(_:environment:damaged:)``).
    /// - Returns: The store, or `nil` when there is no file, or no fleetwx schema in the
    ///   database (with ``missingWarning(_:)`` to say so).
    /// - Throws: ``AppError/fatal(_:)`` when the state exists but cannot be opened.
    static func openExisting(
        _ location: StateLocation, environment: AppEnvironment, damaged: StateStore.DamagePolicy = .refuse
    ) throws(AppError) -> StateStore? {
        if let url = location.file {
            // Only a missing file is "no state database": a path too long, a link loop or a part
            // that is a file is opened, so that the store says what is wrong with it.
            var info = stat()
            if stat(url.path, &info) != 0, errno == ENOENT { return nil }
        }
        return try open(location, environment: environment, damaged: damaged, create: false)
    }

    private static func open(
        _ location: StateLocation, environment: AppEnvironment, damaged: StateStore.DamagePolicy, create: Bool
    ) throws(AppError) -> StateStore? {
        let timeout = try busyTimeout(environment.variables)
        do throws(StoreError) {
            switch location {
            case .file(let url):
                return try StateStore(
                    path: url.path, now: environment.now, busyTimeoutMilliseconds: timeout, damaged: damaged)
            case .postgres(let uri):
                let target = try PostgresTarget(uri: uri)
                return try StateStore.postgres(
                    target, now: environment.now, lockTimeoutMilliseconds: timeout, create: create)
            }
        } catch {
            throw .fatal(message(error, location: location))
        }
    }

    /// A store error as one line naming the file once (``StoreError/described(at:)``): the one
    /// place FleetApp words a store error, so no message says "state database X: the state
    /// database is locked".
    static func message(_ error: StoreError, location: StateLocation) -> String {
        message(error, path: location.display)
    }

    /// A store error as one line naming the state file at `path` once.
    static func message(_ error: StoreError, path: String) -> String { error.described(at: path) }

    /// The warning of a command that could not read this month's quota use from the ledger.
    static func quotaUnknownWarning(_ error: StoreError, location: StateLocation) -> String {
        "this month's quota use is unknown: \(message(error, location: location))"
    }

    /// `FLEETWX_BUSY_TIMEOUT_MS`, for tests (README "Environment"): how long a statement waits
    /// for another process's lock on the state file (or, on PostgreSQL, a row lock), so a test
    /// of a locked file takes a second, not the default 15 s per write.
    ///
    /// - Parameter variables: The process environment.
    /// - Returns: Milliseconds, 15000 when unset.
    /// - Throws: ``AppError/fatal(_:)`` for a value that is not a whole number from 0 to 60000.
    static func busyTimeout(_ variables: [String: String]) throws(AppError) -> Int32 {
        guard let text = variables["FLEETWX_BUSY_TIMEOUT_MS"], !text.isEmpty else {
            return StateStore.defaultBusyTimeoutMilliseconds
        }
        guard let milliseconds = Int32(text), (0...60_000).contains(milliseconds) else {
            throw .fatal(
                "FLEETWX_BUSY_TIMEOUT_MS must be a whole number of milliseconds from 0 to 60000, got '\(text.bounded)'"
            )
        }
        return milliseconds
    }

    /// The warning a read-only view gives about a damaged file it still reads.
    static func damageWarning(_ store: StateStore) -> String? {
        guard let damage = store.damage else { return nil }
        return StoreError.damaged(path: store.path, problem: damage).description
            + "; what follows is what could still be read"
    }

    /// Settles ledger rows left `pending` by runs whose process died (see
    /// `StateStore.settleAbandoned()`), before this command counts or spends the month.
    ///
    /// - Parameters:
    ///   - store: The open state database.
    ///   - console: Where a failure is reported (it is not fatal: the rows still count).
    /// - Returns: The failure's warning, already printed, for a command that also lists its
    ///   warnings elsewhere (`run.json`); `nil` when the rows were settled.
    @discardableResult
    static func settleAbandoned(_ store: StateStore, console: any Console) async -> String? {
        do {
            let settled = try await store.settleAbandoned()
            if settled > 0 {
                console.err(
                    """
                    fleetwx: warning: \(settled) request(s) of an earlier run that died (or lost its state \
                    database) were left unfinished in the quota ledger; they still count, as outcome "unknown" (see fleetwx quota)

                    """)
            }
            return nil
        } catch {
            let warning = settleWarning(error, path: store.path)
            console.err("fleetwx: warning: \(warning)\n")
            return warning
        }
    }

    /// The warning for ledger rows of dead runs that could not be settled.
    static func settleWarning(_ error: StoreError, path: String) -> String {
        "could not settle unfinished ledger rows: \(message(error, path: path)); requests of earlier runs that "
            + "died stay pending, and count against the month, until a later fleetwx command settles them"
    }

    /// Records how a reserved request ended; a failure is said, since the row then stays
    /// `pending` (counted) until a later command settles it as `unknown`.
    ///
    /// - Parameters:
    ///   - reservation: The ledger row of the request.
    ///   - outcome: How it ended.
    ///   - httpStatus: The HTTP status, when there was an answer.
    ///   - store: The open state database.
    ///   - console: Where a failure is reported.
    static func complete(
        _ reservation: Reservation, outcome: LedgerOutcome, httpStatus: Int?, store: StateStore, console: any Console
    ) async {
        do {
            try await store.complete(reservation, outcome: outcome, httpStatus: httpStatus)
        } catch {
            console.err(
                """
                fleetwx: warning: the quota ledger row of this call could not be finished \
                (\(message(error, path: store.path))); it stays pending, and counts, until a later fleetwx command \
                settles it as "unknown" (see fleetwx quota)

                """)
        }
    }

    /// What a read-only command says when the state database does not exist.
    static func missingWarning(_ location: StateLocation) -> String {
        let place =
            location.file == nil
            ? "no fleetwx state in the PostgreSQL database \(location.display.bounded)"
            : "no state database at \(location.display.bounded)"
        return place + ", so nothing is recorded there (a run creates it); "
            + "check --state or FLEETWX_STATE if you expected one"
    }
}
