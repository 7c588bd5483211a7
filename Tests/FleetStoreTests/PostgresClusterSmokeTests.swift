import FleetTestSupport
import Foundation
import Testing

/// The throw-away PostgreSQL cluster the state tests rely on: shared start-up, databases of
/// their own, SQL through psql, and a server that can be stopped and started under a test.
///
/// Skipped (with the reason) where PostgreSQL is not installed or `FLEETWX_PG_TESTS=skip`.
@Suite(
    "PostgresClusterSmoke",
    .enabled(if: PostgresCluster.unavailableReason == nil, "\(PostgresCluster.unavailableReason ?? "")"))
struct PostgresClusterSmokeTests {
    @Test("the shared cluster answers SQL in a database of its own")
    func sharedClusterRunsSQL() throws {
        let cluster = try #require(try PostgresCluster.shared())
        #expect(cluster.host == "127.0.0.1")
        #expect(cluster.superuser == "fleetwx_admin")
        let database = try cluster.createDatabase(prefix: "Smoke-Test")
        #expect(database.hasPrefix("smoketest_"))
        #expect(database.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "_") })
        #expect(try cluster.psql("SELECT 1+1", database: database) == "2")
        #expect(try cluster.psql("SELECT current_database()", database: database) == database)
        let second = try cluster.createDatabase()
        #expect(second != database)
        #expect(try PostgresCluster.shared() === cluster)
    }

    @Test("several statements run as a script, and the first error stops psql with its message")
    func psqlScriptsAndErrors() throws {
        let cluster = try #require(try PostgresCluster.shared())
        let database = try cluster.createDatabase(prefix: "script")
        let rows = try cluster.psql(
            "CREATE TABLE t (n int, s text); INSERT INTO t VALUES (1, 'a'), (2, 'b'); SELECT * FROM t ORDER BY n;",
            database: database)
        #expect(rows == "1|a\n2|b")
        let error = #expect(throws: PostgresClusterError.self) {
            try cluster.psql("SELECT * FROM missing_table; SELECT 1;", database: database)
        }
        #expect(error?.description.contains("missing_table") == true, "\(String(describing: error))")
    }

    @Test("the URI names the superuser, its password and the port")
    func uriForm() throws {
        let cluster = try #require(try PostgresCluster.shared())
        let superuser = "fleetwx_admin:\(cluster.superuserPassword)"
        let address = "127.0.0.1:\(cluster.port)"
        #expect(cluster.uri(database: "db") == "postgresql://\(superuser)@\(address)/db?connect_timeout=60")
        #expect(
            cluster.uri(user: "r", password: "p@ss word")
                == "postgresql://r:p%40ss%20word@127.0.0.1:\(cluster.port)/postgres?connect_timeout=60")
        #expect(
            cluster.uri(user: "reader") == "postgresql://reader@127.0.0.1:\(cluster.port)/postgres?connect_timeout=60")
        #expect(cluster.superuserPassword.count >= 16)
        #expect(cluster.superuserPassword.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) })
    }

    @Test("a separate cluster refuses SQL while stopped and answers again after a restart")
    func stopAndRestart() throws {
        let cluster = try PostgresCluster.start()
        defer { cluster.destroy() }
        let shared = try PostgresCluster.shared()
        #expect(cluster.port != shared?.port)
        #expect(try cluster.psql("SELECT 40+2") == "42")
        try cluster.psql("CREATE TABLE kept (n int); INSERT INTO kept VALUES (7);")
        try cluster.stopServer()
        try cluster.stopServer()
        #expect(throws: PostgresClusterError.self) { try cluster.psql("SELECT 1") }
        try cluster.startServer()
        try cluster.startServer()
        #expect(try cluster.psql("SELECT n FROM kept") == "7")
        cluster.destroy()
        cluster.destroy()
        #expect(throws: PostgresClusterError.self) { try cluster.startServer() }
    }
}
