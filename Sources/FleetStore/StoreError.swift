internal import CSQLite
internal import FleetFiles
public import Foundation

/// Why the state database could not be opened, read or written.
///
/// The one error type of FleetStore. SQLite failures carry the extended result code, SQLite's
/// message and the SQL text that failed, so an operator can see what went wrong; bound values
/// (response bodies, run summaries) are never part of an error, because they can be large and
/// are nobody's business in a log.
public enum StoreError: Error, Equatable, CustomStringConvertible, LocalizedError {
    /// SQLite returned a failure code.
    ///
    /// `code` is the extended result code (<https://www.sqlite.org/rescode.html>); `sql` is the
    /// statement being prepared or run, if any.
    case sqlite(code: Int32, message: String, sql: String?)
    /// The file exists but is not a SQLite database (for example a text file given by mistake).
    case notADatabase(path: String)
    /// The file is a SQLite database of some other application: it has tables but no fleetwx marker.
    case foreignDatabase(path: String)
    /// The file was written by a newer fleetwx whose schema this build does not understand.
    case newerSchema(path: String, found: Int, supported: Int)
    /// The file or its directory could not be opened or created.
    case cannotOpen(path: String, reason: String)
    /// The file is a fleetwx database whose pages SQLite's quick check finds damaged; `problem`
    /// is the check's first finding (bounded).
    case damaged(path: String, problem: String)
    /// The file's schema version is one no fleetwx ever wrote (below zero): edited or damaged.
    case invalidSchemaVersion(path: String, found: Int)
    /// `finishRun` named a run that `beginRun` never recorded.
    case unknownRun(id: String)
    /// `complete` named a reservation that is not in the ledger.
    case unknownReservation(id: Int64)
    /// A value handed to the store cannot be stored as given.
    case invalidValue(String)
    /// A stored value cannot be read back (the file was edited by hand or is damaged).
    case corruptValue(table: String, column: String, reason: String)
    /// PostgreSQL answered a statement with an error: `sqlState` is its five-character code
    /// (<https://www.postgresql.org/docs/current/errcodes-appendix.html>).
    case postgres(sqlState: String, message: String, sql: String?)
    /// The PostgreSQL connection broke (the server stopped, the network went): nothing more is
    /// read or written, so nothing more is reserved or sent.
    case connectionLost(message: String)
    /// No PostgreSQL server answered at `target` (shown without its password).
    case cannotConnect(target: String, reason: String)
    /// The PostgreSQL server refused the role or its password.
    case credentialsRefused(target: String, reason: String)
    /// `--state` looks like a PostgreSQL URI but libpq cannot parse it.
    case malformedURI(reason: String)

    public var description: String {
        switch self {
        case .sqlite(let code, let message, let sql):
            if let plain = Self.plainWords(code: code, message: message, subject: "the state database") {
                return plain
            }
            let name = String(cString: sqlite3_errstr(code))
            let base = "SQLite error \(code) (\(name)): \(message)"
            guard let sql else { return base }
            return "\(base) — while executing `\(sql)`"
        case .notADatabase(let path):
            return "\(path.bounded) is not a SQLite database; give --state a new file or an existing fleetwx state file"
        case .foreignDatabase(let path):
            return "\(path.bounded) is a SQLite database of another application (no fleetwx marker); it was left "
                + "untouched"
        case .newerSchema(let path, let found, let supported):
            let what = PostgresTarget.isURI(path) ? "database" : "file"
            return "\(path.bounded) has fleetwx schema version \(found) but this build understands up to "
                + "\(supported); use a newer fleetwx (the \(what) was left untouched)"
        case .cannotOpen(let path, let reason):
            return "cannot open state database \(path.bounded): \(reason)"
        case .damaged(let path, let problem):
            return "state database \(path.bounded) is damaged (SQLite's check found: \(problem)); fleetwx will not "
                + "write into it. " + Self.moveAside(path)
        case .invalidSchemaVersion(let path, let found):
            return "\(path.bounded) has schema version \(found), which no fleetwx writes: the file was edited or is "
                + "damaged; it was left untouched. " + Self.moveAside(path)
        case .unknownRun(let id):
            return "run \(id) was never begun in the state database"
        case .unknownReservation(let id):
            return "quota ledger has no reservation \(id)"
        case .invalidValue(let reason):
            return "invalid value for the state database: \(reason)"
        case .corruptValue(let table, let column, let reason):
            return "state database value \(table).\(column) cannot be read: \(reason)"
        case .postgres(let state, let message, let sql):
            if let plain = Self.plainWords(sqlState: state, message: message, subject: "the state database") {
                return plain
            }
            let base = "PostgreSQL error \(state): \(message)"
            guard let sql else { return base }
            return "\(base) — while executing `\(sql)`"
        case .connectionLost(let message):
            return "the connection to the state database was lost (\(message)); nothing more was reserved or sent"
        case .cannotConnect(let target, let reason):
            return "cannot connect to the state database \(target.bounded): \(reason); check that the server runs "
                + "and that --state or FLEETWX_STATE (and the PG* variables) name it"
        case .credentialsRefused(let target, let reason):
            return "the state database \(target.bounded) refused the credentials: \(reason); check the user and "
                + "the password (PGPASSWORD or ~/.pgpass)"
        case .malformedURI(let reason):
            return "--state (or FLEETWX_STATE) is not a valid PostgreSQL connection URI: \(reason); write it as "
                + "postgresql://USER@HOST:PORT/DATABASE (the password is best given in PGPASSWORD or ~/.pgpass)"
        }
    }

    /// The text as one line naming the state file `path` once: the cases that name their file
    /// already say it as they are, SQLite's situations in plain words name it as their subject
    /// ("the state database PATH is locked …"), and the rest are prefixed with it.
    ///
    /// - Parameter path: The state file the error came from.
    /// - Returns: The message.
    public func described(at path: String) -> String {
        switch self {
        case .notADatabase, .foreignDatabase, .newerSchema, .cannotOpen, .damaged, .invalidSchemaVersion,
            .cannotConnect, .credentialsRefused, .malformedURI:
            return description
        case .postgres(let state, let message, _):
            let subject = "the state database \(path.bounded)"
            return Self.plainWords(sqlState: state, message: message, subject: subject)
                ?? "state database \(path.bounded): \(description)"
        case .connectionLost(let message):
            return "the connection to the state database \(path.bounded) was lost (\(message)); nothing more was "
                + "reserved or sent"
        case .sqlite(let code, let message, _):
            if let plain = Self.plainWords(code: code, message: message, subject: "the state database \(path.bounded)")
            {
                return plain
            }
            return "state database \(path.bounded): \(description)"
        case .unknownRun, .unknownReservation, .invalidValue, .corruptValue:
            return "state database \(path.bounded): \(description)"
        }
    }

    /// The advice for a `--state` path that cannot be a state file (a directory, a FIFO, a link
    /// loop, a path too long), in one place so every message gives it the same way.
    static let anotherFileAdvice = "give --state another file"

    /// The advice for a `--state` whose folder cannot hold the file (or be created).
    static let writableFolderAdvice = "give --state a file in a folder this user can write"

    /// How to set a damaged file aside, as a command to paste when the path is short enough to
    /// quote whole (single-quoted for the shell), else in words.
    static func moveAside(_ path: String) -> String {
        let after =
            " and run again: a new, empty one is created (the cache starts empty, and this month's quota use "
            + "recorded in the old file is not carried over: fleetwx quota --state on the moved file may still show it)"
        guard path.bounded == path else { return "Move it aside (rename it, for example to end in .damaged)" + after }
        let quoted = "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
        let moved = "'" + (path + ".damaged").replacingOccurrences(of: "'", with: "'\\''") + "'"
        return "Move it aside (mv \(quoted) \(moved))" + after
    }

    /// What a person can act on for failures that come from the file's situation rather than from
    /// a bug (another process holding the lock, damaged pages), in words, without SQL, with
    /// `subject` naming the file; `nil` for the others, whose SQL text helps whoever fixes them.
    private static func plainWords(code: Int32, message: String, subject: String) -> String? {
        switch code & 0xFF {
        case SQLITE_BUSY, SQLITE_LOCKED:
            "\(subject) is locked by another process (another fleetwx run, or a program holding a transaction "
                + "open); wait for it to finish, or give this run its own --state"
        case SQLITE_CORRUPT, SQLITE_NOTADB:
            "\(subject) is damaged (SQLite found malformed pages); move it aside and run again to start a new one"
        case SQLITE_FULL: "the disk holding \(subject) is full; free some space"
        case SQLITE_ERROR where message.hasPrefix("no such table") || message.hasPrefix("no such column"):
            "\(subject) lacks part of fleetwx's schema (\(message), removed by hand?); move it aside and run again "
                + "to start a new one"
        case SQLITE_IOERR: "\(subject) could not be read or written (an input/output error of the disk)"
        default: nil
        }
    }

    /// PostgreSQL's situations a person can act on, in words (see ``plainWords(code:message:subject:)``).
    private static func plainWords(sqlState: String, message: String, subject: String) -> String? {
        switch sqlState {
        case "55P03":
            "\(subject) is locked by another session (another fleetwx run, or a program holding a transaction "
                + "open) past the lock timeout; wait for it to finish"
        case "42501":
            "\(subject) refused an operation (\(message)): the role lacks a permission fleetwx needs "
                + "(README \"Several hosts, one PostgreSQL database\")"
        case "3F000":
            "\(subject) offers this role no schema to create fleetwx's tables in (\(message)): grant it USAGE "
                + "on the schema that holds them, or CREATE for the first run (README \"Several hosts, one "
                + "PostgreSQL database\")"
        case "42P07":
            "\(subject) already holds a table of one of fleetwx's names that fleetwx did not create "
                + "(\(message)); give fleetwx its own database, or its own schema (README \"Several hosts, one "
                + "PostgreSQL database\")"
        case "42P01", "42703":
            "\(subject) lacks part of fleetwx's schema (\(message), removed by hand?)"
        case "53100": "the disk holding \(subject) is full; free some space"
        case "25006": "\(subject) is read-only (\(message)): point --state at the primary server"
        default: nil
        }
    }

    /// PostgreSQL's SQLSTATE, or `nil` for other errors.
    public var postgresState: String? {
        guard case .postgres(let state, _, _) = self else { return nil }
        return state
    }

    /// The same text as ``description``, so `localizedDescription` shows it too.
    public var errorDescription: String? { description }

    /// The primary SQLite result code (the low byte of the extended code), or `nil` for other errors.
    public var sqlitePrimaryCode: Int32? {
        guard case .sqlite(let code, _, _) = self else { return nil }
        return code & 0xFF
    }
}
