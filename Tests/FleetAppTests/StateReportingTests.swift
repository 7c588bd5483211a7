import FleetStore
import FleetTestSupport
import Foundation
import Testing

/// State problems that must be said, not swallowed: a quota that cannot be read in `run.json`,
/// cache lookups `plan` could not make, and a file another process is writing (issue 9, items 3,
/// 4 and 7, after review).
@Suite("State problems reported")
struct StateReportingTests {
    @Test("a run whose quota ledger cannot be read says the quota is unknown, in run.json too")
    func runQuotaUnknown() async throws {
        let app = try AppHarness()
        defer { app.remove() }
        let workspace = CatalogueWorkspace(directory: app.directory)
        try await workspace.stateDatabase(cacheRows: 0)
        try await workspace.sql("DROP TABLE quota_month;")
        let result = await app.run(StateFaultTests.demoRunOnState)
        #expect(result.exitCode == 2, "\(result.stderr)")
        #expect(result.stderr.contains("this month's quota use is unknown"), "\(result.stderr)")
        let json = try app.runJSON("r")
        let quota = try #require(json["quota"] as? [String: Any])
        #expect(quota["used"] is NSNull, "\(quota)")
        #expect(quota["remaining"] is NSNull, "\(quota)")
        #expect((json["warnings"] as? [String] ?? []).contains { $0.contains("quota use is unknown") })
    }

    @Test("plan says when cache lookups fail instead of counting them as misses silently")
    func planCacheReadFailure() async throws {
        let app = try AppHarness()
        defer { app.remove() }
        let workspace = CatalogueWorkspace(directory: app.directory)
        try await workspace.stateDatabase(cacheRows: 0)
        try await workspace.sql("DROP TABLE cache_entry;")
        let result = await app.run(["plan", AppHarness.demoSchedule.path, "--state", "st.sqlite"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stderr.contains("cache lookup failed"), "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n").filter { $0.contains("cache lookup failed") }
        #expect(lines.count <= 5, "\(lines.count) lines")
    }

    @Test("check-credentials says when the ledger row of its call could not be finished")
    func checkCredentialsRowLeftPending() async throws {
        let app = try AppHarness()
        defer { app.remove() }
        let workspace = CatalogueWorkspace(directory: app.directory)
        try await workspace.stateDatabase(cacheRows: 0)
        try await workspace.sql("CREATE TRIGGER kept BEFORE UPDATE ON ledger BEGIN SELECT RAISE(ABORT, 'kept'); END;")
        let result = await app.run(["check-credentials", "--state", "st.sqlite", "--endpoint", "http://127.0.0.1:9"])
        #expect(result.exitCode == 1, "\(result.stderr)")
        #expect(result.stderr.contains("warning: the quota ledger row of this call"), "\(result.stderr)")
        #expect(result.stderr.contains("pending"), "\(result.stderr)")
    }

    @Test("quota on a damaged file with a pending migration leaves the file as it was")
    func damagedNotMigrated() async throws {
        let app = try AppHarness()
        defer { app.remove() }
        let workspace = CatalogueWorkspace(directory: app.directory)
        try await workspace.stateDatabase()
        // As an older build left it: schema version 1 (the ledger's owner column is migration 2's).
        try await workspace.sql(
            "DROP INDEX ledger_pending; ALTER TABLE ledger DROP COLUMN owner; PRAGMA user_version = 1;")
        try await workspace.damage("cache_entry")
        let before = try Data(contentsOf: app.file("st.sqlite"))
        let result = await app.run(["quota", "--state", "st.sqlite"])
        #expect(result.exitCode == 1, "\(result.stderr)")
        #expect(result.stderr.contains("is damaged"), "\(result.stderr)")
        #expect(try Data(contentsOf: app.file("st.sqlite")) == before)
    }

    @Test("a file another process is writing (rollback journal) is called locked, never damaged")
    func concurrentWriterNotDamage() async throws {
        var app = try AppHarness()
        app.variables["FLEETWX_BUSY_TIMEOUT_MS"] = "200"
        defer { app.remove() }
        let workspace = CatalogueWorkspace(directory: app.directory)
        try await workspace.stateDatabase(cacheRows: 0)
        try await workspace.sql("PRAGMA journal_mode = DELETE;")
        try Self.writeHalfway(app.file("st.sqlite"), until: app.directory.url)
        let result = await app.run(["cache", "--state", "st.sqlite"])
        try workspace.write("", to: ".release")
        #expect(result.exitCode == 1, "\(result.stderr)")
        #expect(result.stderr.contains("locked by another process"), "\(result.stderr)")
        #expect(!result.stderr.contains("damaged"), "\(result.stderr)")
    }

    /// Starts a python3 child that rewrites much of the cache in one exclusive transaction with
    /// a two-page cache, so uncommitted pages spill into the main file (the originals are in the
    /// journal), and holds it until `directory/.release` appears or a minute passes.
    static func writeHalfway(_ file: URL, until directory: URL) throws {
        try SQLiteHolder.hold(
            file, until: directory,
            after: """
                c.execute("BEGIN")
                for i in range(2000):
                    c.execute("INSERT INTO cache_entry (cell, data_set, fetched_at, body) VALUES (?, 'x', 0, randomblob(500))",
                              ("%d,0" % (i * 7919 % 2000), ))
                c.execute("COMMIT")
                c.execute("PRAGMA cache_size = 2")
                c.execute("BEGIN EXCLUSIVE")
                c.execute("DELETE FROM cache_entry WHERE id % 2 = 0")
                for i in range(1000):
                    c.execute("INSERT INTO cache_entry (cell, data_set, fetched_at, body) VALUES (?, 'y', 0, randomblob(900))",
                              ("%d,1" % (i * 31 % 5000), ))
                """)
    }
}
