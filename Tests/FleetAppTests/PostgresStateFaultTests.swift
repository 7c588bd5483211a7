import FleetTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

extension ProcessHeavySuites {
    /// The built `fleetwx` binary with `--state postgresql://…` when something goes wrong: a run
    /// killed while others spend from the same ledger, the database stopped under a run, and the
    /// state that cannot be used at all (each with its own message, exit 1, the password never
    /// printed).
    @Suite(
        "PostgreSQL state: faults", .serialized, .enabled(if: PostgresCluster.testsEnabled, PostgresCluster.skipComment)
    )
    struct PostgresStateFaultTests {
        /// A `--state` that cannot be used, each for its own reason and message.
        enum BadState: String, CaseIterable, Sendable, CustomTestStringConvertible {
            case unreachable, malformedURI, wrongPassword, newerSchema

            var testDescription: String { rawValue }
        }

        @Test(
            "kill -9 of one run while two others go on: the ledger matches what reached WeatherKit; quota settles the rest"
        )
        func killedAmongOthers() async throws {
            let database = try PostgresStateDatabase(prefix: "kill_nine")
            // The run to kill has a server of its own that answers two requests and then holds
            // every further one, so at the kill it has exactly its two slots in flight and nothing
            // between reserving and sending. The two others share a slow server (8 requests each,
            // one at a time, 0.8 s apiece) and keep going well past the kill, even on a loaded
            // machine.
            let holding = try await FakeWeatherKitServer.start()
            defer { holding.stop() }
            try await holding.setFaults(
                FakeFaults(rules: [FakeFaults.Rule(.gzip, count: 2), FakeFaults.Rule(.hang, hangSeconds: 600)]))
            let busy = try await FakeWeatherKitServer.start(arguments: ["--latency-ms", "800"])
            defer { busy.stop() }
            let flights = LiveSchedule.flights(12)
            var hosts: [LiveHarness] = []
            defer { for host in hosts { host.remove() } }
            for index in 0..<3 {
                let live = try LiveHarness()
                hosts.append(live)
                try live.writeSchedule(Array(flights[(index * 4)..<((index + 1) * 4)]))
            }
            let victim = try hosts[0].start(
                PostgresState.runArguments(holding, state: database.uri, extra: ["--concurrency", "2"]))
            let survivors = try hosts.dropFirst().map {
                try $0.start(PostgresState.runArguments(busy, state: database.uri, extra: ["--concurrency", "1"]))
            }
            try await waitUntil("2 answered and 2 held requests of the run to kill") {
                guard victim.isRunning else {
                    throw LiveTestError("the run to kill exited early: \(victim.stderrText)")
                }
                let stats = try await holding.stats()
                return stats.requests == 2 && stats.inFlight == 2
            }
            // The others must be past their start (where a run settles dead runs' rows) before the
            // kill, so that the dead run's rows are left for `quota` to settle: each has a row.
            try await waitUntil("a ledger row of each other run") {
                try database.integer("SELECT count(DISTINCT run_id) FROM ledger") == 3
            }
            let othersRunning = survivors.filter(\.isRunning).count
            victim.send(SIGKILL)
            let killed = try await victim.wait()
            #expect(killed.exitCode == 128 + SIGKILL)
            #expect(othersRunning > 0, "the other runs had finished before the kill")
            for survivor in survivors {
                let result = try await survivor.wait()
                #expect(result.exitCode == 0, "\(result.stderr)")
            }

            let held = try await holding.stats()
            let served = try await busy.stats()
            let received = held.requests + held.inFlight + served.requests + served.inFlight
            #expect(held.requests + held.inFlight == 4)
            #expect(served.requests == 16)
            let counted = try database.countedLedgerRows()
            #expect(counted >= received, "requests went out without a ledger row")
            #expect(counted <= received + 1, "the ledger is more than one above what reached WeatherKit")
            #expect(try database.monthCounter() == counted)
            // The held requests are the dead run's pending rows; quota settles them as unknown.
            #expect(try database.ledgerRows(outcome: "pending") == held.inFlight)
            let quota = try await hosts[1].runBinary(["quota", "--json", "--state", database.uri])
            #expect(quota.exitCode == 0, "\(quota.stderr)")
            #expect(quota.stderr.contains("\(held.inFlight) request(s) of an earlier run that died"), "\(quota.stderr)")
            #expect(try PostgresState.quotaUsed(quota.stdout) == counted)
            let ledger = try PostgresState.json(quota.stdout)["ledger"] as? [String: Any]
            #expect(ledger?["unknown"] as? Int == held.inFlight)
            #expect(ledger?["pending"] as? Int == 0)
            #expect(try database.ledgerRows(outcome: "pending") == 0)
            #expect(try database.ledgerRows(outcome: "unknown") == held.inFlight)
            #expect(try database.countedLedgerRows() == counted, "settling changed what counts")
            print(
                "PostgresState kill -9: server received \(received) (killed run \(held.requests + held.inFlight)), "
                    + "ledger \(counted), settled as unknown \(held.inFlight)")
        }

        @Test("the database stopped mid-run: exit 2, reports written, 'connection lost' said, no request without a row")
        func databaseStoppedMidRun() async throws {
            let cluster = try PostgresCluster.start()
            defer { cluster.destroy() }
            let database = try PostgresStateDatabase(prefix: "stopped", in: cluster)
            // The first request is answered; every later one is held for 5 s, so the run cannot
            // finish before the database is stopped under it, however slow the machine.
            let server = try await FakeWeatherKitServer.start()
            defer { server.stop() }
            try await server.setFaults(
                FakeFaults(rules: [FakeFaults.Rule(.gzip, count: 1), FakeFaults.Rule(.hang, hangSeconds: 5)]))
            let live = try LiveHarness()
            defer { live.remove() }
            let flights = LiveSchedule.flights(6)
            try live.writeSchedule(flights)
            let run = try live.start(
                PostgresState.runArguments(server, state: database.uri, extra: ["--concurrency", "2"]))
            // Stopped once the first request is answered and more are out, so some are in flight.
            try await waitUntil("an answered request and one in flight") {
                guard run.isRunning else { throw LiveTestError("fleetwx exited early: \(run.stderrText)") }
                let stats = try await server.stats()
                return stats.requests >= 1 && stats.inFlight >= 1
            }
            try cluster.stopServer()
            let result = try await run.wait()
            #expect(result.exitCode == 2, "\(result.stderr)")
            #expect(result.stderr.contains("the connection to the state database"), "\(result.stderr)")
            #expect(result.stderr.contains("was lost"), "\(result.stderr)")
            #expect(!result.allOutput.contains(cluster.superuserPassword), "the password was printed")
            #expect(FileManager.default.fileExists(atPath: live.file("r/index.html").path))
            let summary = try live.runJSON("r")
            #expect(summary.exitCode == 2)
            let warnings = summary.object["warnings"] as? [String] ?? []
            #expect(warnings.contains { $0.contains("was lost") }, "\(warnings)")
            let runID = try #require(summary.object["run_id"] as? String)

            let stats = try await server.stats()
            let received = stats.requests + stats.inFlight
            #expect(received < 2 * flights.count, "the run kept sending after its state database stopped")
            try cluster.startServer()
            let rows = try database.countedLedgerRows(run: runID)
            #expect(received <= rows, "\(received) requests reached the server, \(rows) ledger rows")
            let pending = try database.ledgerRows(outcome: "pending")
            print(
                "PostgresState database stopped: server received \(received), ledger rows of the run \(rows), "
                    + "left pending \(pending)")
            // The rows it could not finish stay pending until a later command settles them.
            let quota = try await live.runBinary(["quota", "--state", database.uri])
            #expect(quota.exitCode == 0, "\(quota.stderr)")
            #expect(try database.ledgerRows(outcome: "pending") == 0)
            #expect(try database.countedLedgerRows(run: runID) == rows)
        }

        @Test(
            "an unusable PostgreSQL state: its own message, exit 1, nothing sent, the password never printed",
            arguments: BadState.allCases)
        func unusableState(_ bad: BadState) async throws {
            let server = try await FakeWeatherKitServer.start()
            defer { server.stop() }
            let live = try LiveHarness()
            defer { live.remove() }
            try live.writeSchedule(LiveSchedule.flights(1))
            let secret: String
            let uri: String
            let expected: String
            var database: PostgresStateDatabase?
            switch bad {
            case .unreachable:
                let port = try PostgresCluster.unusedLoopbackPort()
                secret = PostgresState.secret("pw")
                uri = "postgresql://fleetwx:\(secret)@127.0.0.1:\(port)/fleetwx"
                expected = "cannot connect to the state database postgresql://fleetwx@127.0.0.1:\(port)/fleetwx"
            case .malformedURI:
                secret = PostgresState.secret("pw")
                uri = "postgresql://u:\(secret)@h/db?nosuch=1"
                expected = "--state (or FLEETWX_STATE) is not a valid PostgreSQL connection URI"
            case .wrongPassword:
                let made = try PostgresStateDatabase(prefix: "wrong_password")
                database = made
                secret = PostgresState.secret("wrong")
                uri = made.cluster.uri(database: made.name, user: made.cluster.superuser, password: secret)
                expected =
                    "the state database postgresql://\(made.cluster.superuser)@127.0.0.1:\(made.cluster.port)/\(made.name) "
                    + "refused the credentials"
            case .newerSchema:
                let made = try PostgresStateDatabase(prefix: "newer_schema")
                database = made
                secret = made.cluster.superuserPassword
                uri = made.uri
                let created = try await live.runBinary(PostgresState.runArguments(server, state: uri, out: "first"))
                #expect(created.exitCode == 0, "\(created.stderr)")
                try made.cluster.psql("UPDATE fleetwx_schema SET version = 99", database: made.name)
                expected =
                    "postgresql://\(made.cluster.superuser)@127.0.0.1:\(made.cluster.port)/\(made.name) has fleetwx "
                    + "schema version 99 but this build understands up to"
            }
            let sentBefore = try await server.stats().requests
            let ledgerBefore = bad == .newerSchema ? try database.map { try $0.countedLedgerRows() } : nil

            let run = try await live.runBinary(PostgresState.runArguments(server, state: uri))
            #expect(run.exitCode == 1, "\(run.stderr)")
            #expect(run.stderr.contains(expected), "\(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: live.file("r").path), "a refused run wrote a report")
            #expect(try await server.stats().requests == sentBefore, "a run without its state sent requests")
            let quota = try await live.runBinary(["quota", "--state", uri])
            #expect(quota.exitCode == 1, "\(quota.stderr)")
            #expect(quota.stderr.contains(expected), "\(quota.stderr)")
            for result in [run, quota] {
                #expect(!result.allOutput.contains(secret), "the password was printed: \(result.allOutput)")
                if let database {
                    #expect(!result.allOutput.contains(database.cluster.superuserPassword), "the password was printed")
                }
            }
            if bad == .newerSchema, let database {
                #expect(
                    try database.integer("SELECT version FROM fleetwx_schema") == 99, "the newer schema was touched")
                #expect(try database.countedLedgerRows() == ledgerBefore)
            }
            if bad == .wrongPassword, let database {
                #expect(try database.tableCount() == 0, "a refused connection created tables")
            }
        }
    }
}
