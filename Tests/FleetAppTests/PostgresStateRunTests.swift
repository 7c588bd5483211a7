import FleetTestSupport
import Foundation
import Testing

extension ProcessHeavySuites {
    /// The built `fleetwx` binary with `--state postgresql://…`: runs from separate working
    /// directories (separate hosts, as far as files go) sharing one quota and one cache through one
    /// database, `quota` and `cache` on it, and the state named by `FLEETWX_STATE` or the `PG*`
    /// variables. The tiny monthly budgets are far below the pace limit, so those runs pass
    /// `--allow-over-pace`.
    @Suite(
        "PostgreSQL state: shared quota and cache", .serialized,
        .enabled(if: PostgresCluster.testsEnabled, PostgresCluster.skipComment))
    struct PostgresStateRunTests {
        /// Flights per run in the quota test: 8 cells each, 24 in all (every airport its own cell).
        static let flightsPerRun = 4
        /// The month's quota in the quota test: 1.5 runs' worth, well short of the three together.
        static let quota = 12

        @Test("three processes at once spend exactly the shared monthly quota; a fourth sends nothing and exits 2")
        func threeProcessesShareTheQuota() async throws {
            let database = try PostgresStateDatabase(prefix: "quota_three")
            // Each run sends its first request alone; holding the first three until all three are in
            // flight proves the three processes were reserving at the same time.
            let server = try await FakeWeatherKitServer.start(arguments: [
                "--latency-ms", "100", "--gather", "3", "--gather-seconds", "30",
            ])
            defer { server.stop() }
            let flights = LiveSchedule.flights(3 * Self.flightsPerRun)
            var hosts: [LiveHarness] = []
            defer { for host in hosts { host.remove() } }
            for _ in 0..<4 { hosts.append(try LiveHarness()) }
            for index in 0..<3 {
                let slice = flights[(index * Self.flightsPerRun)..<((index + 1) * Self.flightsPerRun)]
                try hosts[index].writeSchedule(Array(slice))
            }
            let extra = ["--monthly-quota", String(Self.quota), "--allow-over-pace", "--concurrency", "3"]
            let runs = try hosts.prefix(3).map {
                try $0.start(PostgresState.runArguments(server, state: database.uri, extra: extra))
            }
            var results: [AppHarness.Result] = []
            for run in runs { results.append(try await run.wait()) }
            for result in results { #expect([0, 2].contains(result.exitCode), "\(result.stderr)") }
            #expect(results.filter { $0.exitCode == 2 }.count >= 2, "24 cells cannot fit a quota of \(Self.quota)")

            let stats = try await server.stats()
            #expect(stats.peakInFlight >= 3, "the three runs did not overlap (peak \(stats.peakInFlight) in flight)")
            #expect(stats.requests == Self.quota, "the server received \(stats.requests) requests for a quota of 12")
            #expect(stats.inFlight == 0)
            #expect(try database.countedLedgerRows() == stats.requests)
            #expect(try database.monthCounter() == stats.requests)
            #expect(try database.integer("SELECT count(DISTINCT run_id) FROM ledger") == 3)
            let summaries = try hosts.prefix(3).map { try $0.runJSON("r") }
            #expect(summaries.compactMap { $0.requests("sent") }.reduce(0, +) == Self.quota)
            #expect(
                summaries.compactMap { $0.requests("skipped_for_quota") }.reduce(0, +) == 2 * flights.count - Self.quota
            )
            print(
                "PostgresState quota: Q=\(Self.quota), server \(stats.requests), ledger \(try database.countedLedgerRows()), "
                    + "month counter \(try database.monthCounter()), peak in flight \(stats.peakInFlight), "
                    + "exits \(results.map(\.exitCode))")

            // A fourth host with every flight: the 12 cells fetched come from the cache, the other
            // 12 find the month used up.
            let fourth = hosts[3]
            try fourth.writeSchedule(flights)
            let late = try await fourth.runBinary(PostgresState.runArguments(server, state: database.uri, extra: extra))
            #expect(late.exitCode == 2, "\(late.stderr)")
            #expect(
                try await server.stats().requests == Self.quota, "a run sent requests with the month's quota used up")
            let summary = try fourth.runJSON("r")
            #expect(summary.requests("sent") == 0)
            #expect(summary.requests("cache_hits") == Self.quota)
            #expect(summary.requests("skipped_for_quota") == 2 * flights.count - Self.quota)
            #expect(try database.countedLedgerRows() == Self.quota)
        }

        @Test("a rerun from another folder within expiry sends nothing: every cell comes from the shared cache")
        func sharedCache() async throws {
            let database = try PostgresStateDatabase(prefix: "shared_cache")
            let server = try await FakeWeatherKitServer.start()
            defer { server.stop() }
            let first = try LiveHarness()
            defer { first.remove() }
            let second = try LiveHarness()
            defer { second.remove() }
            let flights = LiveSchedule.flights(2)
            try first.writeSchedule(flights)
            try second.writeSchedule(flights)
            let arguments = PostgresState.runArguments(server, state: database.uri)

            let fetched = try await first.runBinary(arguments)
            #expect(fetched.exitCode == 0, "\(fetched.stderr)")
            let cells = try #require(try first.runJSON("r").cells)
            #expect(cells == 2 * flights.count)
            #expect(try await server.stats().requests == cells)

            let rerun = try await second.runBinary(arguments)
            #expect(rerun.exitCode == 0, "\(rerun.stderr)")
            #expect(try await server.stats().requests == cells, "the rerun from another folder sent requests")
            let summary = try second.runJSON("r")
            #expect(summary.requests("sent") == 0)
            #expect(summary.requests("cache_hits") == cells)
            #expect(rerun.stderr.contains("0 requests sent, \(cells) cells from cache"), "\(rerun.stderr)")
            #expect(try second.csvRows("r/flights.csv").allSatisfy { $0["status"] == "ok" })
            #expect(try database.countedLedgerRows() == cells)
        }

        @Test("quota and cache (and --json) read the PostgreSQL state, by --state or FLEETWX_STATE alike")
        func quotaAndCacheCommands() async throws {
            let database = try PostgresStateDatabase(prefix: "commands")
            let server = try await FakeWeatherKitServer.start()
            defer { server.stop() }
            var live = try LiveHarness()
            defer { live.remove() }
            try live.writeSchedule(LiveSchedule.flights(3))
            let byOption = live
            live.variables["FLEETWX_STATE"] = database.uri

            // The run itself names its state by FLEETWX_STATE only.
            let run = try await live.runBinary(PostgresState.runArguments(server, state: nil))
            #expect(run.exitCode == 0, "\(run.stderr)")
            let sent = try await server.stats().requests
            let cells = try #require(try live.runJSON("r").cells)
            #expect(sent == cells)
            #expect(try database.countedLedgerRows() == sent)

            for (harness, state) in [(byOption, ["--state", database.uri]), (live, [])] {
                let quota = try await harness.runBinary(["quota", "--json"] + state)
                #expect(quota.exitCode == 0, "\(quota.stderr)")
                #expect(try PostgresState.quotaUsed(quota.stdout) == sent)
                let table = try await harness.runBinary(["quota"] + state)
                #expect(table.exitCode == 0, "\(table.stderr)")
                #expect(table.stdout.contains("used:          \(sent)\n"), "\(table.stdout)")

                let cache = try await harness.runBinary(["cache", "--json"] + state)
                #expect(cache.exitCode == 0, "\(cache.stderr)")
                let entries = try PostgresState.json(cache.stdout)
                #expect(entries["cells"] as? Int == cells)
                let count = try #require(entries["entries"] as? Int)
                #expect(count >= cells)
                #expect(entries["fresh"] as? Int == count)
                let text = try await harness.runBinary(["cache"] + state)
                #expect(text.exitCode == 0, "\(text.stderr)")
                let display =
                    "postgresql://\(database.cluster.superuser)@127.0.0.1:\(database.cluster.port)/\(database.name)"
                #expect(text.stdout.contains("state:    \(display)\n"), "\(text.stdout)")
                #expect(text.stdout.contains("entries:  \(count) (\(count) fresh, 0 expired) in \(cells) cells"))
                for result in [quota, table, cache, text] {
                    #expect(!result.allOutput.contains(database.cluster.superuserPassword), "the password was printed")
                }
            }
            #expect(!run.allOutput.contains(database.cluster.superuserPassword), "the password was printed")
        }

        @Test("cache and quota on a database without fleetwx's schema warn 'no fleetwx state' and create nothing")
        func readOnlyOnEmptyDatabase() async throws {
            let database = try PostgresStateDatabase(prefix: "no_schema")
            let live = try LiveHarness()
            defer { live.remove() }
            for arguments in [["cache"], ["cache", "--json"], ["quota"], ["quota", "--json"]] {
                let result = try await live.runBinary(arguments + ["--state", database.uri])
                #expect(result.exitCode == 0, "\(arguments): \(result.stderr)")
                #expect(result.stderr.contains("no fleetwx state in the PostgreSQL database"), "\(result.stderr)")
                #expect(!result.allOutput.contains(database.cluster.superuserPassword), "the password was printed")
            }
            #expect(try database.tableCount() == 0, "a read-only command created tables")
        }

        @Test("--state postgresql:// with PGHOST, PGPORT, PGUSER, PGPASSWORD and PGDATABASE names the database")
        func libpqVariables() async throws {
            let database = try PostgresStateDatabase(prefix: "pg_variables")
            let server = try await FakeWeatherKitServer.start()
            defer { server.stop() }
            var live = try LiveHarness()
            defer { live.remove() }
            try live.writeSchedule(LiveSchedule.flights(1))
            let cluster = database.cluster
            live.variables.merge(
                [
                    "PGHOST": cluster.host, "PGPORT": String(cluster.port), "PGUSER": cluster.superuser,
                    "PGPASSWORD": cluster.superuserPassword, "PGDATABASE": database.name,
                ],
                uniquingKeysWith: { $1 })

            let run = try await live.runBinary(PostgresState.runArguments(server, state: "postgresql://"))
            #expect(run.exitCode == 0, "\(run.stderr)")
            let sent = try await server.stats().requests
            #expect(sent == 2)
            #expect(try database.countedLedgerRows() == sent, "the run's ledger is not in the PG* variables' database")
            let quota = try await live.runBinary(["quota", "--json", "--state", "postgresql://"])
            #expect(quota.exitCode == 0, "\(quota.stderr)")
            #expect(try PostgresState.quotaUsed(quota.stdout) == sent)
            for result in [run, quota] {
                #expect(!result.allOutput.contains(cluster.superuserPassword), "the password was printed")
            }
        }
    }
}
