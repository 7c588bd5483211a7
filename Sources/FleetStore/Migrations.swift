/// One schema version, spelled for each back end: the same tables, columns, keys and indexes,
/// in each one's types (SQLite's REAL and BLOB are PostgreSQL's double precision and bytea).
struct Migration: Sendable {
    let sqlite: String
    let postgres: String

    /// A migration whose SQL both back ends read alike.
    init(both sql: String) {
        sqlite = sql
        postgres = sql
    }

    init(sqlite: String, postgres: String) {
        self.sqlite = sqlite
        self.postgres = postgres
    }
}

/// The schema, as an ordered list of raw-SQL migrations, run alike on SQLite and PostgreSQL.
///
/// Migration *n* (1-based) brings the schema version (SQLite's `PRAGMA user_version`,
/// PostgreSQL's `fleetwx_schema` row, see ``PostgresSchema``) from *n − 1* to *n*, in its own
/// transaction, so a crash or a second process starting at the same moment leaves the
/// database at a whole version. A shipped migration is never edited; changes are new migrations
/// appended to the list (add columns with `ALTER TABLE … ADD COLUMN`, which is why every table
/// has named columns and nothing reads `SELECT *`). Migrations use SQL only, never app types.
enum Migrations {
    /// Written to `PRAGMA application_id` by the first migration: "FLWX" in ASCII.
    ///
    /// How a fleetwx state file is told apart from any other SQLite file
    /// (<https://www.sqlite.org/pragma.html#pragma_application_id>).
    static let applicationID: Int32 = 0x464C_5758

    /// The migrations, oldest first.
    static let all: [Migration] = [
        Migration(sqlite: version1, postgres: PostgresSchema.version1),
        Migration(both: version2),
        Migration(sqlite: version3, postgres: PostgresSchema.version3),
        Migration(both: version4),
    ]

    /// Version 1: cache, quota ledger with its counters, run history.
    ///
    /// Dates are REAL Unix seconds (UTC); months are "YYYY-MM" text in UTC.
    static let version1 = """
        PRAGMA application_id = \(applicationID);

        -- One row per (cell, data set, window); windowless data sets (currentWeather,
        -- weatherAlerts) have NULL window bounds. The unique index both enforces one row per key
        -- and serves lookups by (cell, data_set).
        CREATE TABLE cache_entry (
            id INTEGER PRIMARY KEY,
            cell TEXT NOT NULL,
            data_set TEXT NOT NULL,
            window_start REAL,
            window_end REAL,
            fetched_at REAL NOT NULL,
            read_time REAL,
            expire_time REAL,
            body BLOB NOT NULL
        );
        CREATE UNIQUE INDEX cache_entry_key
            ON cache_entry (cell, data_set, ifnull(window_start, 'none'), ifnull(window_end, 'none'));

        -- Every HTTP request, recorded before it is sent. outcome: pending, succeeded, failed, not_sent.
        CREATE TABLE ledger (
            id INTEGER PRIMARY KEY,
            month TEXT NOT NULL,
            sent_at REAL NOT NULL,
            run_id TEXT NOT NULL,
            cell TEXT NOT NULL,
            attempt INTEGER NOT NULL,
            outcome TEXT NOT NULL DEFAULT 'pending',
            http_status INTEGER,
            completed_at REAL
        );
        CREATE INDEX ledger_month ON ledger (month);
        CREATE INDEX ledger_run ON ledger (run_id);

        -- Counted requests (all but not_sent) per month and per run, kept in the same
        -- transaction as the ledger row, so a reservation reads one row instead of counting a
        -- month of up to 500,000 rows.
        CREATE TABLE quota_month (
            month TEXT PRIMARY KEY,
            requests INTEGER NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE quota_run (
            run_id TEXT PRIMARY KEY,
            requests INTEGER NOT NULL
        ) WITHOUT ROWID;

        CREATE TABLE run (
            id TEXT PRIMARY KEY,
            started_at REAL NOT NULL,
            command TEXT NOT NULL,
            schedule_path TEXT,
            finished_at REAL,
            exit_code INTEGER,
            summary_json TEXT
        );
        CREATE INDEX run_finished ON run (finished_at);

        -- One row per briefed flight of a finished run, in report order (position). The
        -- primary key serves lookups by run_id. alert_ids and hazards are JSON arrays of strings.
        CREATE TABLE run_flight (
            run_id TEXT NOT NULL REFERENCES run (id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            flight_key TEXT NOT NULL,
            flight TEXT NOT NULL,
            route TEXT NOT NULL,
            risk TEXT NOT NULL,
            status TEXT NOT NULL,
            alert_ids TEXT NOT NULL,
            hazards TEXT NOT NULL,
            detail_json TEXT NOT NULL,
            PRIMARY KEY (run_id, position)
        ) WITHOUT ROWID;
        """

    /// Version 2: who reserved each ledger row (``ProcessOwner/text``), so rows left `pending`
    /// by a process that died can be settled as `unknown`; and an index that finds pending rows
    /// without reading the month.
    static let version2 = """
        ALTER TABLE ledger ADD COLUMN owner TEXT;
        CREATE INDEX ledger_pending ON ledger (owner) WHERE outcome = 'pending';
        """

    /// Version 3: the Apple Weather marks, kept so pages embed them without fetching them on
    /// every run (docs/contract.md §5.4): one row per language, replaced when
    /// fetched again.
    static let version3 = """
        CREATE TABLE attribution_mark (
            language TEXT PRIMARY KEY,
            service_name TEXT,
            light_png BLOB NOT NULL,
            dark_png BLOB NOT NULL,
            fetched_at REAL NOT NULL
        ) WITHOUT ROWID;
        """

    /// Version 4: the database session that reserved each ledger row, on PostgreSQL
    /// (`pid@backend start`; NULL on SQLite), so the rows of a process on another host that died
    /// are settled once the server no longer has its session, instead of after a day.
    static let version4 = """
        ALTER TABLE ledger ADD COLUMN session TEXT;
        """

    /// Applies every migration newer than the file's version, each in its own transaction.
    ///
    /// The version is read again inside each transaction, so when two processes open a new
    /// file at once the second one skips what the first applied.
    ///
    /// - Parameter connection: An open read-write connection.
    /// - Throws: ``StoreError/newerSchema(path:found:supported:)`` when another process moved
    ///   the file past this build, or the SQLite error of a failed migration.
    static func migrate(_ connection: SQLiteConnection) throws(StoreError) {
        // The usual case, an up-to-date file, needs no write lock at all.
        let version = Int(try connection.integer("PRAGMA user_version"))
        if version > all.count {
            throw .newerSchema(path: connection.path, found: version, supported: all.count)
        }
        for (offset, migration) in all.enumerated() where offset + 1 > version {
            let target = offset + 1
            try connection.transaction { () throws(StoreError) in
                let current = Int(try connection.integer("PRAGMA user_version"))
                guard current < target else {
                    if current > all.count {
                        throw .newerSchema(path: connection.path, found: current, supported: all.count)
                    }
                    return
                }
                try connection.execute(migration.sqlite)
                // PRAGMA takes no bound parameters; `target` comes from this list, not from data.
                try connection.execute("PRAGMA user_version = \(target)")
            }
        }
    }
}
