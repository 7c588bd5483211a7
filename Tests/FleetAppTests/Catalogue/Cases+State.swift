/// Bad-input catalogue: State cases (the `--state` database: missing, not a file, not SQLite,
/// damaged, of another schema, locked, in a folder that cannot be written) for run, plan, quota
/// and cache.
extension BadInputCatalogue {
    /// A live plan of one demo row on `st.sqlite` (sends nothing).
    static let statePlan = ["plan", "s.csv", "--state", "st.sqlite"]
    static let stateQuota = ["quota", "--state", "st.sqlite"]
    static let stateCache = ["cache", "--state", "st.sqlite"]
    /// A short busy timeout: a locked file answers in a fraction of a second, not 15 s per write.
    static let quickLock = ["FLEETWX_BUSY_TIMEOUT_MS": "200"]
    /// A `--state` file name of 5000 characters (a name over 255 bytes: ENAMETOOLONG).
    static let longStateName = String(repeating: "s", count: 4_993) + ".sqlite"

    static let state: [BadInput] = [
        BadInput(
            "state", "run: state is a directory",
            setup: {
                try $0.demoInputs()
                try $0.folder("st.sqlite")
            }, stateRun(), exit: 1, "it is a directory"),
        BadInput(
            "state", "quota: state is a directory", setup: { try $0.folder("st.sqlite") }, stateQuota, exit: 1,
            "it is a directory"),
        BadInput(
            "state", "run: state is a FIFO",
            setup: {
                try $0.demoInputs()
                try $0.fifo("st.sqlite")
            }, stateRun(), exit: 1, "it is not a regular file"),
        BadInput(
            "state", "cache: state is a FIFO", setup: { try $0.fifo("st.sqlite") }, stateCache, exit: 1,
            "it is not a regular file"),
        BadInput(
            "state", "run: state is a CSV file",
            setup: {
                try $0.demoInputs()
                try $0.write("flight,origin\nUA1,ORD\n", to: "st.sqlite")
            }, stateRun(), exit: 1, "is not a SQLite database"),
        BadInput(
            "state", "plan: state is a CSV file",
            setup: {
                try $0.demoInputs()
                try $0.write("flight,origin\nUA1,ORD\n", to: "st.sqlite")
            }, statePlan, exit: 1, "is not a SQLite database"),
        BadInput(
            "state", "cache: state is a CSV file", setup: { try $0.write("a,b\n", to: "st.sqlite") }, stateCache,
            exit: 1, "is not a SQLite database"),
        BadInput(
            "state", "run: SQLite header followed by garbage",
            setup: {
                try $0.demoInputs()
                try $0.write(
                    bytes: Array("SQLite format 3\u{0}".utf8) + Array(repeating: 0xA5, count: 8_192), to: "st.sqlite")
            }, stateRun(), exit: 1, "st.sqlite is not a SQLite database"),
        BadInput(
            "state", "run: SQLite database of another application",
            setup: {
                try $0.demoInputs()
                try $0.write("", to: "st.sqlite")
                try await $0.sql("CREATE TABLE players (name TEXT); INSERT INTO players VALUES ('ann');")
            }, stateRun(), exit: 1, "of another application"),
        BadInput(
            "state", "run: schema version from the future",
            setup: {
                try $0.demoInputs()
                try await $0.stateDatabase(cacheRows: 0)
                try await $0.sql("PRAGMA user_version = 99")
            }, stateRun(), exit: 1, "use a newer fleetwx"),
        BadInput(
            "state", "run: negative schema version",
            setup: {
                try $0.demoInputs()
                try await $0.stateDatabase(cacheRows: 0)
                try await $0.sql("PRAGMA user_version = -1")
            }, stateRun(), exit: 1, "schema version -1, which no fleetwx writes",
            notInMessage: ["CREATE TABLE", "SQLite error"]),
        BadInput(
            "state", "quota: negative schema version",
            setup: {
                try await $0.stateDatabase(cacheRows: 0)
                try await $0.sql("PRAGMA user_version = -5")
            }, stateQuota, exit: 1, "which no fleetwx writes", notInMessage: ["CREATE TABLE"]),
        BadInput(
            "state", "run: cache pages overwritten",
            setup: {
                try $0.demoInputs()
                try await $0.stateDatabase()
                try await $0.damage("cache_entry")
            }, stateRun(), exit: 1, "is damaged"),
        BadInput(
            "state", "cache: cache pages overwritten",
            setup: {
                try await $0.stateDatabase()
                try await $0.damage("cache_entry")
            }, stateCache, exit: 1, "Move it aside"),
        BadInput(
            "state", "quota: cache pages overwritten (warns, reads the ledger)",
            setup: {
                try await $0.stateDatabase()
                try await $0.damage("cache_entry")
            }, stateQuota, exit: 0, "what follows is what could still be read"),
        BadInput(
            "state", "plan: cache pages overwritten (warns)",
            setup: {
                try $0.demoInputs()
                try await $0.stateDatabase()
                try await $0.damage("cache_entry")
            }, statePlan, exit: 0, "is damaged"),
        BadInput(
            "state", "plan: quota table pages overwritten",
            setup: {
                try $0.demoInputs()
                try await $0.stateDatabase()
                try await $0.damage("quota_month")
            }, statePlan, exit: 0, "this month's quota use is unknown"),
        BadInput(
            "state", "quota: quota table pages overwritten",
            setup: {
                try await $0.stateDatabase()
                try await $0.damage("quota_month")
            }, stateQuota, exit: 1, "damaged"),
        BadInput(
            "state", "run: file cut in half",
            setup: {
                try $0.demoInputs()
                try await $0.stateDatabase()
                try $0.truncate("st.sqlite", to: 0.5)
            }, stateRun(), exit: 1, "is damaged"),
        BadInput(
            "state", "quota: file cut to its first page",
            setup: {
                try await $0.stateDatabase()
                try $0.truncate("st.sqlite", to: 0.01)
            }, stateQuota, exit: 1, "is damaged"),
        BadInput(
            "state", "run: history table dropped by hand",
            setup: {
                try $0.demoInputs()
                try await $0.stateDatabase(cacheRows: 0)
                try await $0.sql("DROP TABLE run_flight; DROP TABLE run;")
            }, stateRun(), exit: 2, "this run's history could not be written", notInMessage: ["SELECT", "INSERT"]),
        BadInput(
            "state", "quota: quota table dropped by hand",
            setup: {
                try await $0.stateDatabase(cacheRows: 0)
                try await $0.sql("DROP TABLE quota_month;")
            }, stateQuota, exit: 1, "lacks part of fleetwx's schema", notInMessage: ["SELECT"]),
        BadInput(
            "state", "plan: quota table dropped by hand",
            setup: {
                try $0.demoInputs()
                try await $0.stateDatabase(cacheRows: 0)
                try await $0.sql("DROP TABLE quota_month;")
            }, statePlan, exit: 0, "this month's quota use is unknown", notInMessage: ["SELECT"]),
        BadInput(
            "state", "run: locked by another process (WAL)",
            setup: {
                try $0.demoInputs()
                try await $0.stateDatabase(cacheRows: 0)
                try $0.lock()
            }, stateRun(), exit: 2, "locked by another process", variables: { _ in quickLock }),
        BadInput(
            "state", "run: locked by another process (rollback journal)",
            setup: {
                try $0.demoInputs()
                try await $0.stateDatabase(cacheRows: 0)
                try await $0.sql("PRAGMA journal_mode = DELETE;")
                try $0.lock()
            }, stateRun(), exit: 1, "locked by another process", notInMessage: ["PRAGMA"], variables: { _ in quickLock }
        ),
        BadInput(
            "state", "cache --prune: locked by another process",
            setup: {
                try await $0.stateDatabase(cacheRows: 3)
                try $0.lock()
            }, stateCache + ["--prune"], exit: 1, "locked by another process", variables: { _ in quickLock }),
        BadInput(
            "state", "plan: missing state file", setup: { try $0.demoInputs() }, statePlan, exit: 0,
            "no state database at"),
        BadInput("state", "quota: missing state file", stateQuota, exit: 0, "no state database at"),
        BadInput("state", "cache: missing state file", stateCache, exit: 0, "no state database at"),
        BadInput(
            "state", "run: empty state file is adopted",
            setup: {
                try $0.demoInputs()
                try $0.write("", to: "st.sqlite")
            }, stateRun(), exit: 0, "1 flights briefed"),
        BadInput(
            "state", "run: state in a folder that cannot be written",
            setup: { try $0.demoInputs() },
            stateRun("/sys/fleetwx-catalogue.sqlite"), exit: 1,
            "in the folder /sys", notInMessage: ["unable to open database file"]),
        BadInput(
            "state", "run: state under a regular file",
            setup: {
                try $0.demoInputs()
                try $0.write("x", to: "blocker")
            }, stateRun("blocker/st.sqlite"), exit: 1,
            "it is a regular file, not a folder"),
        BadInput(
            "state", "run: 5000-character state name", setup: { try $0.demoInputs() },
            stateRun(longStateName), exit: 1,
            "the path is too long", notInMessage: [String(longStateName.prefix(200))]),
        BadInput(
            "state", "quota: 5000-character state name", ["quota", "--state", longStateName], exit: 1,
            "the path is too long", notInMessage: [String(longStateName.prefix(200))]),
        BadInput(
            "state", "run: state is a symlink loop",
            setup: {
                try $0.demoInputs()
                try $0.symlink("st.sqlite", to: "st.sqlite")
            }, stateRun(), exit: 1, "it is a symbolic link loop"),
        BadInput(
            "state", "plan: state is a symlink loop",
            setup: {
                try $0.demoInputs()
                try $0.symlink("st.sqlite", to: "st.sqlite")
            }, statePlan, exit: 1, "it is a symbolic link loop"),
        BadInput(
            "state", "quota: state under a regular file", setup: { try $0.write("x", to: "blocker") },
            ["quota", "--state", "blocker/st.sqlite"], exit: 1, "it is a regular file, not a folder"),
        BadInput(
            "state", "run: busy timeout variable is not a number", setup: { try $0.demoInputs() }, stateRun(), exit: 1,
            "FLEETWX_BUSY_TIMEOUT_MS must be", variables: { _ in ["FLEETWX_BUSY_TIMEOUT_MS": "soon"] }),
    ]
}
