import FleetHTML
import FleetTestSupport
import Foundation
import Testing

@testable import FleetReports

/// The finder knows a station by its ICAO code too: schedules often name airports by ICAO
/// (`EGLL`, `KJFK`) where the report names them by IATA (`LHR`, `JFK`).
@Suite("Finder: ICAO codes of stations")
struct FinderAliasesTests {
    @Test("the index carries ICAO → code for each station with a real ICAO code other than its own")
    func aliasesBlock() throws {
        let html = try IndexPage.render(try twoRouteModel(), templates: try ReportFixtures.templates())
        let document = try ParsedHTML(html, name: "index.html")
        let block = try #require(document.root?.first { $0.attribute("id") == FlightLookup.aliasesID })
        #expect(block.tag == "template")
        #expect(Set(block.textContent.split(separator: "\n")) == ["EGLL LHR", "KJFK JFK"])
        let script = try String(
            contentsOf: ReportFixtures.templatesDirectory.appendingPathComponent("table.js"), encoding: .utf8)
        #expect(script.contains("\"-icao\""), "table.js reads the block")
    }
}
