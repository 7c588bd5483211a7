import FleetTestSupport
import Foundation
import Testing

@testable import FleetStore

/// The schema on PostgreSQL: made once, read (not written) when current, refused when newer,
/// and not made at all when the command only reads (docs/state-postgresql.md §1).
@Suite("PostgreSQL schema", .enabled(if: StoreBackend.available.contains(.postgres)))
struct PostgresStoreTests {
    /// The version every database must end up at (and the one a newer database is measured by).
    static let version = StateStore.schemaVersion

    @Test("a new database gets this build's schema version; reopening reads it and migrates nothing")
    func newDatabase() async throws {
        let database = try PostgresDatabase(prefix: "schema")
        let clock = TestClock(utc("2026-12-01T10:00:00Z"))
        let store = try database.open(clock: clock)
        #expect(store.isPostgres)
        #expect(store.path == database.display)
        #expect(try await store.storedSchemaVersion() == Self.version)
        #expect(try await store.journalMode() == "postgresql")
        #expect(
            try database.psql("SELECT application || '|' || version FROM fleetwx_schema") == "fleetwx|\(Self.version)")
        let written = try database.psql("SELECT xmin FROM fleetwx_schema")
        let relations = try database.relations()

        let again = try database.open(clock: clock)
        #expect(try await again.storedSchemaVersion() == Self.version)
        #expect(try database.psql("SELECT count(*) FROM fleetwx_schema") == "1")
        #expect(
            try database.psql("SELECT xmin FROM fleetwx_schema") == written, "the version row was not written again")
        #expect(try database.relations() == relations)
        _ = try await again.reserve(LedgerRequest(runID: "r", cell: "c", monthlyLimit: 5))
        #expect(try await store.usage(month: "2026-12") == 1, "both stores work on the one schema")
    }

    @Test("a current database opens for a role that may read and write rows but not create tables")
    func currentSchemaNeedsNoCreateRight() async throws {
        let database = try PostgresDatabase(prefix: "rowsonly")
        let clock = TestClock(utc("2026-12-01T10:00:00Z"))
        _ = try database.open(clock: clock)
        let role = database.name + "_rw"
        let password = "Rw" + UUID().uuidString.filter(\.isHexDigit)
        try database.psql(
            """
            CREATE ROLE \(role) LOGIN PASSWORD '\(password)';
            REVOKE CREATE ON SCHEMA public FROM PUBLIC;
            GRANT USAGE ON SCHEMA public TO \(role);
            GRANT SELECT ON fleetwx_schema TO \(role);
            GRANT SELECT, INSERT, UPDATE, DELETE ON cache_entry, ledger, quota_month, quota_run, run, run_flight,
                attribution_mark TO \(role);
            GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO \(role);
            """)
        let uri = database.cluster.uri(database: database.name, user: role, password: password)
        let store = try #require(try StateStore.postgres(try PostgresTarget(uri: uri), now: { clock.now }))
        #expect(try await store.storedSchemaVersion() == Self.version)
        #expect(try await store.reserve(LedgerRequest(runID: "r", cell: "c", monthlyLimit: 5))?.monthUsed == 1)
        try await store.store(
            CacheEntry(
                cell: "c", dataSet: "currentWeather", fetchedAt: clock.now, expireTime: nil, body: Data("{}".utf8)))
        #expect(try await store.cacheSummary().entries == 1)
    }

    @Test("four stores opening one new database at once all succeed, and each migration runs once")
    func concurrentCreation() async throws {
        let clock = TestClock(utc("2026-12-01T10:00:00Z"))
        for _ in 1...3 {
            let database = try PostgresDatabase(prefix: "race")
            let versions = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        let store = try await onThread { try database.open(clock: clock) }
                        return try await store.storedSchemaVersion()
                    }
                }
                var versions: [Int] = []
                for try await version in group { versions.append(version) }
                return versions
            }
            #expect(versions == Array(repeating: Self.version, count: 4))
            #expect(
                try database.psql("SELECT count(*) || '|' || max(version) FROM fleetwx_schema") == "1|\(Self.version)")
            let tables = try database.psql(
                "SELECT count(*) FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind = 'r'")
            #expect(tables == "8", "fleetwx_schema and the seven tables of the migrations")
        }
    }

    @Test("a database of a newer schema is refused and left untouched")
    func newerSchemaRefused() async throws {
        let database = try PostgresDatabase(prefix: "newer")
        let clock = TestClock(utc("2026-12-01T10:00:00Z"))
        try await Self.fill(database, clock: clock)
        let newer = Self.version + 5
        try database.psql("UPDATE fleetwx_schema SET version = \(newer)")
        let before = try database.relations()
        let written = try database.psql("SELECT xmin FROM fleetwx_schema")
        for create in [true, false] {
            let error = #expect(throws: StoreError.self) {
                try StateStore.postgres(try database.target(), now: { clock.now }, create: create)
            }
            #expect(error == .newerSchema(path: database.display, found: newer, supported: Self.version))
            #expect(error?.description.contains("left untouched") == true)
            for text in error.map({ everyText(of: $0, at: database.display) }) ?? [] {
                #expect(!text.contains(database.cluster.superuserPassword))
            }
        }
        #expect(try database.relations() == before)
        #expect(try database.psql("SELECT version || '|' || xmin FROM fleetwx_schema") == "\(newer)|\(written)")
    }

    @Test("create: false on a database without fleetwx's schema answers nil and creates nothing")
    func noSchemaWithoutCreate() async throws {
        let database = try PostgresDatabase(prefix: "nocreate")
        let clock = TestClock(utc("2026-12-01T10:00:00Z"))
        let store = try StateStore.postgres(try database.target(), now: { clock.now }, create: false)
        #expect(store == nil)
        #expect(try database.psql("SELECT to_regclass('fleetwx_schema') IS NULL") == "t")
        #expect(try database.relations().isEmpty)
        _ = try database.open(clock: clock)
        let reader = try #require(try StateStore.postgres(try database.target(), now: { clock.now }, create: false))
        #expect(try await reader.storedSchemaVersion() == Self.version)
    }

    /// Some rows in every kind of table, through a store that is closed again, so a refused
    /// open has something to leave untouched.
    private static func fill(_ database: PostgresDatabase, clock: TestClock) async throws {
        let store = try database.open(clock: clock)
        _ = try await store.reserve(LedgerRequest(runID: "r", cell: "c", monthlyLimit: 5))
        try await store.store(
            CacheEntry(
                cell: "c", dataSet: "currentWeather", fetchedAt: clock.now, expireTime: nil, body: Data("{}".utf8)))
        try await store.beginRun(RunStart(id: "r", startedAt: clock.now, command: "run", schedulePath: nil))
    }
}
