import FleetReports
import FleetTestSupport
import FleetWeather
import Foundation
import Testing

/// An end whose hour is there but lacks a value it is briefed on (here visibility) is not
/// "no data", yet it could hide fog: the index must say so, not "none".
@Suite("Index: incomplete ends")
struct IncompleteEndTests {
    @Test("an hour without visibility makes the glance say unknown and the airport name an incomplete forecast")
    func incompleteHour() throws {
        let flight = TestFlights.flight("UA1", from: "JFK", to: "LHR")
        let jfk = ReportFixtures.weather { index, hour in
            if index == 13 { hour.visibility = nil }
        }
        let model = try ReportFixtures.model([flight], weather: ["JFK": jfk, "LHR": ReportFixtures.weather()])
        let index = try #require(try IndexPageTests.pages(model)["index.html"])
        let rows = index.components(separatedBy: "<tr>").filter { $0.contains("<th scope=\"row\">") }
        let fog = try #require(rows.first { $0.contains(">Low visibility, fog</th>") })
        #expect(
            fog.contains(
                "Unknown at 1 flight end without complete data (see No or incomplete weather); none found at the others."
            ), "\(fog)")
        #expect(!fog.contains(">none<"))
        #expect(index.contains("incomplete forecast at 1 flight end (hazards may be hidden)"))
        #expect(!index.contains("no data at 1 flight end"))
        let missing = try #require(rows.first { $0.contains(">No or incomplete weather</th>") })
        #expect(missing.contains("UA1 dep</a> <a href=\"stations/JFK.html\">JFK</a>"))
    }
}
