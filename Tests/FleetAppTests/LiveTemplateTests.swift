import FleetTestSupport
import Foundation
import Testing

/// A template that cannot be filled costs no request (issue 9, item 8, the template half).
@Suite("Templates checked before a live run sends anything")
struct LiveTemplateTests {
    @Test("a template without a slot its page fills is refused before the first request")
    func missingSlotSendsNothing() async throws {
        let server = try await FakeWeatherKitServer.start()
        defer { server.stop() }
        let live = try LiveHarness()
        defer { live.remove() }
        try live.write(LiveSchedule.csv(LiveSchedule.flights(1)), to: "s.csv")
        try BadInputCatalogue.templates(
            CatalogueWorkspace(directory: live.directory), page: "route.html",
            change: BadInputCatalogue.withoutSlot("charts"))
        let result = await live.run(LiveRunTests.runArguments(server, out: "r", extra: ["--templates", "t"]))
        #expect(result.exitCode == 1, "\(result.stderr)")
        #expect(result.stderr.contains("route.html") && result.stderr.contains("data-slot=\"charts\""))
        #expect(try await server.requests().isEmpty, "requests were spent before the template was refused")
    }

    @Test("a templates folder made before station pages is refused before the first request")
    func olderFolderSendsNothing() async throws {
        let server = try await FakeWeatherKitServer.start()
        defer { server.stop() }
        let live = try LiveHarness()
        defer { live.remove() }
        try live.write(LiveSchedule.csv(LiveSchedule.flights(1)), to: "s.csv")
        let workspace = CatalogueWorkspace(directory: live.directory)
        try BadInputCatalogue.templates(workspace)
        try FileManager.default.removeItem(at: workspace.url("t/station.html"))
        let result = await live.run(LiveRunTests.runArguments(server, out: "r", extra: ["--templates", "t"]))
        #expect(result.exitCode == 1, "\(result.stderr)")
        #expect(result.stderr.contains("copy station.html from fleetwx's Templates folder"), "\(result.stderr)")
        #expect(try await server.requests().isEmpty, "requests were spent before the template was refused")
    }
}
