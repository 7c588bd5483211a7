import FleetStore
import FleetTestSupport
import Foundation
import Testing

/// State reads that used to fail silently (`try?`), each now a warning on stderr and in
/// `run.json` (issue 10, item 3): the previous run's history, its flights, its stored summary
/// and risks, and the ledger read that sizes a live run's budget.
@Suite("State read failures are warnings")
struct StateWarningTests {
    /// The demo replayed on `st.sqlite` into `out`.
    static func demoRun(out: String) -> [String] {
        ["run", AppHarness.demoSchedule.path, "--replay", AppHarness.demoWeather.path, "--state", "st.sqlite"]
            + ["--out", out]
    }

    /// The warnings of the run.json in `directory`.
    static func warnings(_ app: AppHarness, _ directory: String) throws -> [String] {
        try app.runJSON(directory)["warnings"] as? [String] ?? []
    }

    @Test("a history that cannot be read is a warning in run.json: changes since the previous run are not shown")
    func historyUnreadable() async throws {
        let app = try AppHarness()
        defer { app.remove() }
        let workspace = CatalogueWorkspace(directory: app.directory)
        try await workspace.stateDatabase(cacheRows: 0)
        try await workspace.sql("DROP TABLE run_flight; DROP TABLE run;")
        let result = await app.run(Self.demoRun(out: "r"))
        #expect(result.exitCode == 2, "\(result.stderr)")
        let said = "the previous run could not be read from the history"
        #expect(result.stderr.contains("warning: \(said)"), "\(result.stderr)")
        let warnings = try Self.warnings(app, "r")
        let warning = try #require(warnings.first { $0.contains(said) }, "\(warnings)")
        #expect(warning.contains(app.file("st.sqlite").path), "names the state file: \(warning)")
        #expect(warning.hasSuffix("changes since the previous run are not shown"), "\(warning)")
        #expect(!warning.contains("SELECT"), "\(warning)")
    }

    @Test("a previous run whose flights cannot be read is a warning, and no comparison is shown")
    func previousFlightsUnreadable() async throws {
        let app = try AppHarness()
        defer { app.remove() }
        let workspace = CatalogueWorkspace(directory: app.directory)
        #expect(await app.run(Self.demoRun(out: "first")).exitCode == 0)
        try await workspace.sql("UPDATE run_flight SET alert_ids = 'not a list' WHERE position = 0;")
        let result = await app.run(Self.demoRun(out: "second"))
        #expect(result.exitCode == 0, "\(result.stderr)")
        let warnings = try Self.warnings(app, "second")
        #expect(
            warnings.contains { $0.contains("the flights of the previous run") && $0.contains("not shown") },
            "\(warnings)")
        #expect(result.stderr.contains("warning: the flights of the previous run"), "\(result.stderr)")
        let index = try String(contentsOf: app.file("second/index.html"), encoding: .utf8)
        #expect(!index.contains("<h2>Changes since the previous run</h2>"))
    }

    @Test("a stored run.json that cannot be decoded is a warning, not silently 'no source'")
    func storedSummaryUndecodable() async throws {
        let app = try AppHarness()
        defer { app.remove() }
        let workspace = CatalogueWorkspace(directory: app.directory)
        #expect(await app.run(Self.demoRun(out: "first")).exitCode == 0)
        try await workspace.sql("UPDATE run SET summary_json = '{\"source\": \"replay\", \"requests\": [1,' ;")
        let result = await app.run(Self.demoRun(out: "second"))
        #expect(result.exitCode == 0, "\(result.stderr)")
        let warnings = try Self.warnings(app, "second")
        #expect(
            warnings.contains { $0.contains("the summary of run") && $0.contains("cannot be read (it is not JSON)") },
            "\(warnings)")
        #expect(result.stderr.contains("warning: the summary of run"), "\(result.stderr)")
    }

    @Test("an older run.json without a source is tolerated: no warning, no comparison")
    func olderSummaryTolerated() async throws {
        let app = try AppHarness()
        defer { app.remove() }
        let workspace = CatalogueWorkspace(directory: app.directory)
        #expect(await app.run(Self.demoRun(out: "first")).exitCode == 0)
        try await workspace.sql("UPDATE run SET summary_json = '{\"requests\": {\"sent\": 3}}';")
        let result = await app.run(Self.demoRun(out: "second"))
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(try Self.warnings(app, "second").isEmpty)
        let quota = await app.run(["quota", "--state", "st.sqlite", "--json"])
        #expect(quota.exitCode == 0, "\(quota.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(quota.stdout.utf8)) as? [String: Any])
        let runs = try #require(object["recent_runs"] as? [[String: Any]])
        #expect(runs.contains { $0["requests"] as? Int == 3 }, "\(runs)")
    }

    @Test("a stored risk this build does not know is reported, not guessed")
    func unknownStoredRisk() async throws {
        let app = try AppHarness()
        defer { app.remove() }
        let workspace = CatalogueWorkspace(directory: app.directory)
        #expect(await app.run(Self.demoRun(out: "first")).exitCode == 0)
        try await workspace.sql("UPDATE run_flight SET risk = 'purple' WHERE position < 2;")
        let result = await app.run(Self.demoRun(out: "second"))
        #expect(result.exitCode == 0, "\(result.stderr)")
        let warnings = try Self.warnings(app, "second")
        let warning = try #require(warnings.first { $0.contains("a risk this build does not know") }, "\(warnings)")
        #expect(warning.hasPrefix("2 flight(s) of the previous run"), "\(warning)")
        #expect(warning.contains("'purple'"), "\(warning)")
        let index = try String(contentsOf: app.file("second/index.html"), encoding: .utf8)
        #expect(index.contains("<h2>Changes since the previous run</h2>"), "the other flights are still compared")
    }

    @Test("quota shows a run whose stored summary cannot be read as unknown, never 0, and says why")
    func quotaUnreadableSummary() async throws {
        let app = try AppHarness()
        defer { app.remove() }
        let workspace = CatalogueWorkspace(directory: app.directory)
        #expect(await app.run(Self.demoRun(out: "first")).exitCode == 0)
        try await workspace.sql("UPDATE run SET summary_json = '{\"requests\": {\"sent\": \"many\"}}';")
        let table = await app.run(["quota", "--state", "st.sqlite"])
        #expect(table.exitCode == 0, "\(table.stderr)")
        #expect(table.stderr.contains("warning: the summary of run"), "\(table.stderr)")
        #expect(table.stderr.contains("its requests.sent is not the kind of value"), "\(table.stderr)")
        let row = try #require(table.stdout.split(separator: "\n").last)
        #expect(row.hasSuffix("unknown"), "\(table.stdout)")
        let json = await app.run(["quota", "--state", "st.sqlite", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let runs = try #require(object["recent_runs"] as? [[String: Any]])
        #expect(runs.first?["requests"] is NSNull, "\(runs)")
    }

    @Test("ledger rows of a dead run that cannot be settled are a warning in run.json")
    func settlementFails() async throws {
        let app = try AppHarness()
        defer { app.remove() }
        let workspace = CatalogueWorkspace(directory: app.directory)
        try await workspace.stateDatabase(cacheRows: 0)
        try await workspace.sql(
            """
            INSERT INTO ledger (month, sent_at, run_id, cell, attempt, owner) VALUES ('2020-01', 0, 'gone', 'c', 1, NULL);
            CREATE TRIGGER kept BEFORE UPDATE ON ledger BEGIN SELECT RAISE(ABORT, 'kept'); END;
            """)
        let result = await app.run(Self.demoRun(out: "r"))
        #expect(result.stderr.contains("warning: could not settle unfinished ledger rows"), "\(result.stderr)")
        let warnings = try Self.warnings(app, "r")
        #expect(
            warnings.contains { $0.hasPrefix("could not settle unfinished ledger rows") && $0.contains("pending") },
            "\(warnings)")
    }

    @Test("a live run whose ledger cannot be read to size its budget says so, and sends nothing unrecorded")
    func budgetUnreadable() async throws {
        let server = try await FakeWeatherKitServer.start()
        defer { server.stop() }
        let live = try LiveHarness()
        defer { live.remove() }
        try live.write(LiveSchedule.csv(LiveSchedule.flights(1)), to: "s.csv")
        let workspace = CatalogueWorkspace(directory: live.directory)
        try await workspace.stateDatabase("state.sqlite", cacheRows: 0)
        // The month's count stays readable (the pace check needs it); the run's own count, read
        // with --max-requests, is not.
        try await workspace.sql("DROP TABLE quota_run;", on: "state.sqlite")
        let result = await live.run(LiveRunTests.runArguments(server, out: "r", extra: ["--max-requests", "10"]))
        #expect(result.exitCode != 0, "\(result.stderr)")
        #expect(
            result.stderr.contains("warning: the quota ledger could not be read to size this run's budget"),
            "\(result.stderr)")
        #expect(result.stderr.contains(live.file("state.sqlite").path), "\(result.stderr)")
        #expect(try await server.requests().isEmpty, "a request was sent without a ledger record")
    }
}
