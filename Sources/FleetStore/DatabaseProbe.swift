internal import CSQLite
internal import FleetFiles
import Foundation

/// A read-only look at an existing `--state` file, made before anything writes to it.
///
/// Pointing `--state` at the wrong file (a schedule CSV, another program's database, a state
/// file from a newer fleetwx) must fail with a clear message and leave the file byte-for-byte as
/// it was, so the checks run on the raw header and on a read-only connection, and only then does
/// ``StateStore`` open the file for writing (and switch it to WAL mode).
enum DatabaseProbe {
    /// The first 16 bytes of every SQLite 3 database file.
    static let magic = Array("SQLite format 3\u{0}".utf8)

    /// What ``checkExisting(path:busyTimeoutMilliseconds:)`` found in a file that exists.
    struct Existing {
        /// The quick check's first finding, when it found any.
        let damage: String?
        /// The schema version (`PRAGMA user_version`), read through the locked connection.
        let version: Int
        /// For a damaged file, the read-only connection that checked it, so a view that only
        /// reads (``StateStore/DamagePolicy/report``) uses it instead of opening the file again.
        let damagedReader: SQLiteConnection?
    }

    /// Checks that `path` is missing, empty, or a fleetwx database this build can use, and runs
    /// SQLite's quick check on an existing one.
    ///
    /// The quick check reads every page (0.04 s for 50 MB, see `scripts/bench_quick_check.py`)
    /// and finds what the nightly writes would otherwise meet one by one: a cache whose pages were
    /// overwritten makes every "could not cache" warning of a run, and the next night pays again.
    ///
    /// - Parameters:
    ///   - path: The state file.
    ///   - busyTimeoutMilliseconds: How long the reads wait for another process's lock.
    /// - Returns: `nil` when there is no file (SQLite creates it), else what was found.
    /// - Throws: ``StoreError/notADatabase(path:)``, ``StoreError/foreignDatabase(path:)``,
    ///   ``StoreError/newerSchema(path:found:supported:)``,
    ///   ``StoreError/invalidSchemaVersion(path:found:)``, ``StoreError/damaged(path:problem:)`` (when not
    ///   even the schema can be read), ``StoreError/cannotOpen(path:reason:)``, or SQLITE_BUSY when
    ///   another process holds the file's lock past `busyTimeoutMilliseconds`.
    static func checkExisting(path: String, busyTimeoutMilliseconds: Int32) throws(StoreError) -> Existing? {
        // An empty file is an empty database to SQLite, and may still have a WAL beside it.
        guard let header = try readHeader(path) else { return nil }
        if !header.isEmpty, header != magic { throw .notADatabase(path: path) }
        let found = try inspect(path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        let marks = found.marks
        if marks.applicationID == Migrations.applicationID {
            if marks.version < 0 { throw .invalidSchemaVersion(path: path, found: marks.version) }
            if marks.version > Migrations.all.count {
                throw .newerSchema(path: path, found: marks.version, supported: Migrations.all.count)
            }
        } else if marks.applicationID != 0 || marks.tables > 0 || marks.version != 0 {
            throw .foreignDatabase(path: path)
        }
        return Existing(
            damage: found.damage, version: marks.version, damagedReader: found.damage == nil ? nil : found.connection)
    }

    /// The longest quick-check finding quoted in a message.
    static let findingLimit = 160

    /// Up to the first 16 bytes of the file, or `nil` when there is no file (or a part of its
    /// path is missing or a file: creating its folder then says which).
    ///
    /// Opened through ``RegularFile/open(_:)``, which refuses a directory, a FIFO or a device
    /// without blocking on it, even one swapped in after a check.
    private static func readHeader(_ path: String) throws(StoreError) -> [UInt8]? {
        let opened: RegularFile.Opened
        do throws(RegularFileError) {
            opened = try RegularFile.open(path)
        } catch {
            if error.isMissing { return nil }
            throw .cannotOpen(path: path, reason: error.description + "; " + StoreError.anotherFileAdvice)
        }
        defer { close(opened.descriptor) }
        var header = [UInt8](repeating: 0, count: magic.count)
        do throws(RegularFileError) {
            let count = try RegularFile.fill(&header, from: opened.descriptor)
            return Array(header[..<count])
        } catch {
            throw .cannotOpen(path: path, reason: "the file cannot be read (\(error.description))")
        }
    }

    private struct Found {
        let marks: Marks
        /// The quick check's first finding, when it found any.
        let damage: String?
        /// The locked read-only connection of a fleetwx file (`nil` for another application's).
        var connection: SQLiteConnection? = nil
    }

    /// The fleetwx marker, schema version and table count, as SQLite sees them (WAL included).
    private static func inspect(_ path: String, busyTimeoutMilliseconds: Int32) throws(StoreError) -> Found {
        do throws(StoreError) {
            // Whose file it is, first: without a -wal file, `immutable` reads it without creating
            // -wal/-shm files beside what may be someone else's database (StoreOpenTests'
            // foreign WAL database); with one, its content counts and the side files exist.
            let hasWAL = FileManager.default.fileExists(atPath: path + "-wal")
            let identity = try SQLiteConnection(
                path: path, mode: hasWAL ? .readOnly : .immutable, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
            let seen = try marks(identity)
            // Another application's file, or one this build refuses by its version: no check.
            guard seen.applicationID == Migrations.applicationID, (0...Migrations.all.count).contains(seen.version)
            else {
                return Found(marks: seen, damage: nil)
            }
            // A fleetwx file is read again, and checked, through a normal read-only connection that
            // takes the shared lock and waits for it up to the busy timeout: `immutable` ignores
            // locks, so it would read the pages a writer of a rollback-journal file has spilled
            // before its commit, and call a healthy file damaged (StateReportingTests).
            let connection: SQLiteConnection
            let locked: Marks
            do throws(StoreError) {
                connection = try SQLiteConnection(
                    path: path, mode: .readOnly, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
                locked = try marks(connection)  // also opens the WAL's -shm file
            } catch {
                throw Unopenable.explained(error, path: path)  // a folder that cannot hold -wal/-shm
            }
            return Found(marks: locked, damage: try quickCheck(connection), connection: connection)
        } catch {
            if error.sqlitePrimaryCode == SQLITE_NOTADB { throw .notADatabase(path: path) }
            if error.sqlitePrimaryCode == SQLITE_CORRUPT {
                throw .damaged(path: path, problem: "the list of its tables cannot be read")
            }
            throw error
        }
    }

    /// Whose file it is, as one reading: the marker, the schema version and the table count.
    private struct Marks {
        let applicationID: Int32
        let version: Int
        let tables: Int
    }

    /// Reads ``Marks`` in one statement, so in one read transaction.
    ///
    /// The `immutable` connection takes no lock, and each statement reads the file afresh: read
    /// one by one while another process creates the same new state file, the marker could come
    /// from before its first migration and the tables from after it, and a new fleetwx file was
    /// refused as another application's (LedgerProcessTests' two processes, under load). One
    /// statement reads the file once, as one state (`scripts/probe_race.py` counts both ways:
    /// 9 mixed readings of 54,671 by three statements, none of 133,000 by one;
    /// StoreCreationRaceTests failed every time with three).
    private static func marks(_ connection: SQLiteConnection) throws(StoreError) -> Marks {
        let statement = try connection.prepared(
            "SELECT (SELECT application_id FROM pragma_application_id), (SELECT user_version FROM pragma_user_version), "
                + "(SELECT count(*) FROM sqlite_master)")
        let row = try statement.first { row throws(StoreError) in
            Marks(applicationID: Int32(truncatingIfNeeded: row.int64(0)), version: row.int(1), tables: row.int(2))
        }
        guard let row else { throw .damaged(path: connection.path, problem: "the list of its tables cannot be read") }
        return row
    }

    /// `PRAGMA quick_check(1)`: `nil` when it answers "ok", else its first finding's first line,
    /// bounded (a finding can list thousands of pages).
    private static func quickCheck(_ connection: SQLiteConnection) throws(StoreError) -> String? {
        let answer: String
        do throws(StoreError) {
            answer = try connection.text("PRAGMA quick_check(1)") ?? "no answer"
        } catch  where error.sqlitePrimaryCode == SQLITE_CORRUPT {
            return "malformed pages"
        }
        guard answer != "ok" else { return nil }
        let lines = answer.split(whereSeparator: \.isNewline).map(String.init)
        var finding = lines.first { !$0.hasPrefix("***") } ?? lines.first ?? answer
        // "Page 2: btreeInitPage() returns error code 11" is SQLite's inside story: say what it means.
        if finding.contains("error code"), let colon = finding.firstIndex(of: ":") {
            finding = finding[..<colon].lowercased() + " cannot be read"
        }
        return finding.bounded(limit: findingLimit)
    }
}
