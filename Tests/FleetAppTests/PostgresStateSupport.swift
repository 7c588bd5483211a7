import FleetTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// What the process-level PostgreSQL state tests share: a fresh database per test, the ledger read back with psql, and the command lines of runs on `--state <uri>`.
enum PostgresState {
    /// The words of `fleetwx run` against the fake server with the state on `state`.
    ///
    /// - Parameters:
    ///   - server: The fake WeatherKit server.
    ///   - state: The `--state` value (a PostgreSQL URI), or `nil` to leave `--state` out (the
    ///     environment's `FLEETWX_STATE` then decides).
    ///   - out: The report folder.
    ///   - extra: More options.
    static func runArguments(
        _ server: FakeWeatherKitServer, state: String?, out: String = "r", extra: [String] = []
    ) -> [String] {
        var words = ["run", "s.csv", "--endpoint", server.baseURL.absoluteString, "--out", out]
        if let state { words += ["--state", state] }
        return words + extra
    }

    /// Parses a command's `--json` output, so a test can compare its numbers.
    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// `quota.used` of `fleetwx quota --json` output.
    static func quotaUsed(_ text: String) throws -> Int {
        try #require((try json(text)["quota"] as? [String: Any])?["used"] as? Int)
    }

    /// A random password-like word (letters and digits), distinctive enough that finding it in
    /// a command's output can only mean the command printed it.
    static func secret(_ prefix: String) -> String {
        prefix + String(UUID().uuidString.filter { $0.isLetter || $0.isNumber }.prefix(16))
    }
}

/// One fresh database of a cluster, with the state queries the tests check a run against: the
/// ledger as psql sees it is the truth a run's own reports are compared with.
struct PostgresStateDatabase: Sendable {
    /// The cluster holding it (the shared one, or a private one a test may stop).
    let cluster: PostgresCluster
    /// The database's name.
    let name: String

    /// Creates a fresh database in `cluster` (default: the shared cluster).
    ///
    /// - Parameters:
    ///   - prefix: The readable start of its name.
    ///   - cluster: The cluster, or `nil` for the shared one.
    /// - Throws: When PostgreSQL is missing (and required) or the database cannot be created.
    init(prefix: String, in cluster: PostgresCluster? = nil) throws {
        let chosen = try cluster ?? PostgresCluster.required()
        self.cluster = chosen
        name = try chosen.createDatabase(prefix: prefix)
    }

    /// The URI with the superuser and its password, as `--state` takes it.
    var uri: String { cluster.uri(database: name) }

    /// Runs a query that answers one whole number.
    ///
    /// - Parameter sql: The query.
    /// - Returns: Its value.
    /// - Throws: When psql fails or the answer is not a number.
    func integer(_ sql: String) throws -> Int {
        let text = try cluster.psql(sql, database: name)
        guard let value = Int(text) else { throw LiveTestError("'\(sql)' answered '\(text)', not a number") }
        return value
    }

    /// Ledger rows that count against the month (every outcome but `not_sent`), optionally of
    /// one run.
    func countedLedgerRows(run: String? = nil) throws -> Int {
        let filter = run.map { " AND run_id = '\($0.replacingOccurrences(of: "'", with: "''"))'" } ?? ""
        return try integer("SELECT count(*) FROM ledger WHERE outcome <> 'not_sent'\(filter)")
    }

    /// Ledger rows with an outcome, e.g. `pending` or `unknown`.
    func ledgerRows(outcome: String) throws -> Int {
        try integer("SELECT count(*) FROM ledger WHERE outcome = '\(outcome)'")
    }

    /// The months' counters of `quota_month` added up (one month unless the test straddles one).
    func monthCounter() throws -> Int {
        try integer("SELECT coalesce(sum(requests), 0) FROM quota_month")
    }

    /// Tables in the database's `public` schema, to see that a read-only command created none.
    func tableCount() throws -> Int {
        try integer("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'")
    }
}

extension AppHarness.Result {
    /// Stdout and stderr together, for "never printed" checks.
    var allOutput: String { stdout + stderr }
}

extension LiveHarness {
    /// Writes `flights` as the schedule `s.csv`.
    func writeSchedule(_ flights: [LiveSchedule.Flight]) throws {
        try write(LiveSchedule.csv(flights), to: "s.csv")
    }
}
