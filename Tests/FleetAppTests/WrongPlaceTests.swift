import FleetTestSupport
import Foundation
import Testing

/// A live answer whose metadata places it 10° or more from the requested cell: refused, not
/// cached, not used; the cell ends without weather and the run says why.
@Suite("Live answers for another place", .timeLimit(.minutes(10)))
struct WrongPlaceTests {
    @Test("an answer for another place is refused with a warning, not cached, and the cell ends partial")
    func answerElsewhereIsRefused() async throws {
        // The run's first answer (one cell) is Sydney's; the other cell is answered normally.
        let sydney = ["forecastHourly", "forecastDaily", "currentWeather", "weatherAlerts"].flatMap { set in
            [
                FakeFaults.Rule.Patch("\(set).metadata.latitude", "-33.95"),
                FakeFaults.Rule.Patch("\(set).metadata.longitude", "151.18"),
            ]
        }
        let (server, live) = try await OddBodyTests.prepare([FakeFaults.Rule(.patch, count: 1, patches: sydney)])
        defer { server.stop() }
        defer { live.remove() }
        let result = await live.run(LiveRunTests.runArguments(server, out: "r"))
        #expect(result.exitCode == 2, "\(result.stderr)")
        #expect(result.stderr.contains("-33.95,151.18"), "\(result.stderr)")
        #expect(result.stderr.contains("not the requested place"), "\(result.stderr)")
        #expect(try await server.stats().requests == OddBodyTests.cells, "a body for another place is not retried")
        let rows = try live.csvRows("r/flights.csv")
        #expect(rows.first?["status"] == "partial", "\(rows)")
        #expect(rows.first?["status_detail"]?.contains("not the requested place") == true, "\(rows)")
        // Nothing of the refused answer was cached: the next run asks for that cell again, and
        // only that one.
        try await server.setFaults(FakeFaults(rules: []))
        let again = await live.run(LiveRunTests.runArguments(server, out: "r2"))
        #expect(again.exitCode == 0, "\(again.stderr)")
        #expect(try live.runJSON("r2").requests("sent") == 1)
        #expect(try live.runJSON("r2").requests("cache_hits") == 1)
    }
}
