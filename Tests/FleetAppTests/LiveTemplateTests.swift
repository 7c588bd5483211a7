import FleetTestSupport
import Foundation
import Testing

/// A template that cannot be filled costs no request (issue 9, item 8, the template half).
@Suite("Templates checked before a live run sends anything")
struct LiveTemplateTests {
    @Test("a template without a slot its page fills is refused before the first request")
    func missingSlotSendsNothing() async throws {
        let server = try await FakeWeatherKitServer.start(arguments: [
            "--team-id", TestCredentials.teamID, "--service-id", TestCredentials.serviceID, "--key-id",
            TestCredentials.keyID,
        ])
        defer { server.stop() }
        let live = try LiveHarness()
        defer { live.remove() }
        try live.write(LiveSchedule.csv(LiveSchedule.flights(1)), to: "s.csv")
        for name in ["index.html", "route.html", "style.css", "table.js"] {
            var text = try String(contentsOf: AppHarness.templates.appendingPathComponent(name), encoding: .utf8)
            if name == "route.html" {
                text = text.replacingOccurrences(of: "data-slot=\"charts\"", with: "data-x=\"charts\"")
            }
            _ = try live.write(text, to: "t/\(name)")
        }
        let result = await live.run([
            "run", "s.csv", "--endpoint", server.baseURL.absoluteString, "--state", "state.sqlite", "--out", "r",
            "--templates", "t",
        ])
        #expect(result.exitCode == 1, "\(result.stderr)")
        #expect(result.stderr.contains("route.html") && result.stderr.contains("data-slot=\"charts\""))
        #expect(try await server.requests().isEmpty, "requests were spent before the template was refused")
    }
}
