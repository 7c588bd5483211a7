import FleetTestSupport
import Foundation
import Testing

@testable import FleetStore

#if canImport(Glibc)
    import Glibc
#endif

/// A fresh database of its own in the shared cluster, for the PostgreSQL-only tests: they need
/// the database's name (for psql, run as the superuser beside the store) as well as its URI.
struct PostgresDatabase: Sendable {
    let cluster: PostgresCluster
    let name: String

    /// Creates the database (tests run in parallel, so none shares one).
    init(prefix: String) throws {
        cluster = try PostgresCluster.required()
        name = try cluster.createDatabase(prefix: prefix)
    }

    /// The superuser's URI for this database (its password included).
    var uri: String { cluster.uri(database: name) }

    /// The URI as the store sees it.
    func target() throws -> PostgresTarget { try PostgresTarget(uri: uri) }

    /// What the store names this database as in messages: the URI without its password.
    var display: String { "postgresql://\(cluster.superuser)@\(cluster.host):\(cluster.port)/\(name)" }

    /// Opens a store with `create: true`, which must not answer `nil`.
    func open(clock: TestClock, processes: any ProcessTable = LinuxProcessTable()) throws -> StateStore {
        try #require(try StateStore.postgres(try target(), now: { clock.now }, processes: processes))
    }

    /// Runs SQL as the superuser in this database, beside (not through) any store.
    @discardableResult
    func psql(_ sql: String) throws -> String { try cluster.psql(sql, database: name) }

    /// Every relation of the public schema (tables, indexes, sequences) with its kind, and each
    /// table's row count: what a refused open must leave exactly as it was.
    func relations() throws -> [String] {
        let sql = """
            SELECT c.relname || '|' || c.relkind::text || '|' || CASE WHEN c.relkind = 'r' THEN
                (xpath('/row/n/text()', query_to_xml(format('SELECT count(*) AS n FROM public.%I', c.relname),
                 false, true, '')))[1]::text ELSE '' END
            FROM pg_class c WHERE c.relnamespace = 'public'::regnamespace ORDER BY c.relname
            """
        let output = try psql(sql)
        return output.isEmpty ? [] : output.split(separator: "\n").map(String.init)
    }
}

/// A process table for a store on another host: it knows itself, and can judge nobody
/// (`.unknown` for every owner), so only the PostgreSQL session can say who is gone.
func otherHost(_ name: String) -> FixedOwner {
    FixedOwner(ProcessOwner(host: name, bootID: "boot-\(name)", pid: 4242, startTicks: 1))
}

/// Runs blocking work (a libpq connect, a migration under the advisory lock) on a thread of its
/// own, so that several such calls really run at once instead of queueing on the two threads of
/// the cooperative pool.
func onThread<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread {
            do {
                continuation.resume(returning: try body())
            } catch {
                continuation.resume(throwing: error)
            }
        }
    }
}

/// Polls `condition` every 100 ms until it holds or `seconds` have passed: the server notices
/// a closed client socket on its own time.
///
/// - Returns: Whether it held in time.
func eventually(within seconds: Double, _ condition: () throws -> Bool) async throws -> Bool {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while true {
        if try condition() { return true }
        if ContinuousClock.now >= deadline { return false }
        try await Task.sleep(for: .milliseconds(100))
    }
}

/// Every way an error reaches a person (its description, the message naming the state, the
/// interpolation a log would use), for checks that a password appears in none.
func everyText(of error: StoreError, at path: String) -> [String] {
    [error.description, error.described(at: path), "\(error)", String(reflecting: error), error.localizedDescription]
}
