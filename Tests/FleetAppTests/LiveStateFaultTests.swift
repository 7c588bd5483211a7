import FleetStore
import FleetTestSupport
import Foundation
import Testing

/// Live runs whose state writes fail: never a silent loss, never a request sent unrecorded
/// (issue 9, item 4).
@Suite("Live runs on a failing state database")
struct LiveStateFaultTests {
    @Test("responses that cannot be cached are said, naming the state file, and the run exits 2")
    func cacheWritesFail() async throws {
        let server = try await FakeWeatherKitServer.start()
        defer { server.stop() }
        let live = try LiveHarness()
        defer { live.remove() }
        try live.write(LiveSchedule.csv(LiveSchedule.flights(1)), to: "s.csv")
        let workspace = CatalogueWorkspace(directory: live.directory)
        try await workspace.stateDatabase("state.sqlite", cacheRows: 0)
        try await workspace.sql(
            "CREATE TRIGGER refuse BEFORE INSERT ON cache_entry BEGIN SELECT RAISE(ABORT, 'disk says no'); END;",
            on: "state.sqlite")
        let result = await live.run(LiveRunTests.runArguments(server, out: "r"))
        #expect(result.exitCode == 2, "\(result.stderr)")
        #expect(result.stderr.contains("could not cache the response"), "\(result.stderr)")
        #expect(result.stderr.contains("write(s) to the state database \(live.file("state.sqlite").path) failed"))
        #expect(try live.runJSON("r").exitCode == 2)
    }

    @Test("while another process holds the state file's lock, no request goes out unrecorded")
    func lockedLedgerSendsNothing() async throws {
        let server = try await FakeWeatherKitServer.start()
        defer { server.stop() }
        var live = try LiveHarness()
        live.variables["FLEETWX_BUSY_TIMEOUT_MS"] = "200"
        defer { live.remove() }
        try live.write(LiveSchedule.csv(LiveSchedule.flights(2)), to: "s.csv")
        let workspace = CatalogueWorkspace(directory: live.directory)
        try await workspace.stateDatabase("state.sqlite", cacheRows: 0)
        try workspace.lock("state.sqlite")
        let result = await live.run(LiveRunTests.runArguments(server, out: "r"))
        try workspace.write("", to: ".release")
        #expect(result.exitCode != 0, "\(result.stderr)")
        #expect(result.stderr.contains("locked by another process"), "\(result.stderr)")
        #expect(try await server.requests().isEmpty, "a request was sent without a ledger record")
    }
}
