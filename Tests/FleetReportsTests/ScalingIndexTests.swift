import FleetAirports
import FleetBriefing
import FleetSchedule
import FleetTestSupport
import FleetWeather
import Foundation
import Testing

@testable import FleetReports

/// The index of issue 12 item 3: under 3 MB at any schedule size, the worst flights listed up
/// to a cap with the rest counted, every flight findable from a compact block, every station
/// in a table, and every other list capped with its remainder stated.
@Suite("Index at scale")
struct ScalingIndexTests {
    /// The flights section of an index.
    static func flights(_ html: String) throws -> String {
        try #require(SyntheticFleet.section(html, from: "<h2>Flights, worst first</h2>", to: "</section>"))
    }

    /// The risks of the flights table's rows, in order.
    static func rowRisks(_ html: String) throws -> [String] {
        try flights(html).components(separatedBy: "<tr data-risk=\"").dropFirst().map {
            String($0.prefix { $0 != "\"" })
        }
    }

    /// The text of the lookup block, unescaped as a browser reads it.
    static func block(_ html: String) throws -> String {
        let element = try #require(
            SyntheticFleet.section(html, from: "<template id=\"flight-index\">", to: "</template>"))
        return String(element.dropFirst("<template id=\"flight-index\">".count).dropLast("</template>".count))
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    @Test("a run up to the cap lists every flight, as before, with no note")
    func smallRunListsAll() throws {
        let briefings = SyntheticFleet.briefings(flights: 44, airports: 20, routes: 30)
        let html = try SyntheticFleet.index(SyntheticFleet.model(briefings))
        #expect(try Self.rowRisks(html).count == 44)
        #expect(try Self.flights(html).contains("<caption>44 flights; departure and arrival weather"))
        #expect(!html.contains("Not listed:"))
    }

    @Test("above the cap: red, then amber, then unknown up to the cap, and the rest counted and reachable")
    func largeRunListsWorstFirst() throws {
        // 1,000 flights: 50 red, 250 amber, 50 unknown, 650 green.
        let briefings = SyntheticFleet.briefings(flights: 1000, airports: 40, routes: 200)
        let html = try SyntheticFleet.index(SyntheticFleet.model(briefings))
        let risks = try Self.rowRisks(html)
        #expect(risks.count == IndexFlights.cap)
        #expect(risks == Array(repeating: "red", count: 50) + Array(repeating: "amber", count: 200))
        let section = try Self.flights(html)
        #expect(section.contains("<caption>The worst 250 of 1000 flights, the rest counted below the table; departure"))
        #expect(
            section.contains(
                "Listed, worst first: 50 red, 200 of 250 amber. Not listed: 50 amber, 50 unknown, 650 green. "
                    + "Find any flight by its number <a href=\"#find-a-flight\">above</a>"))
        #expect(section.contains("<a href=\"#station-table\">station table</a>"))
        #expect(html.contains("<h2 id=\"find-a-flight\">"))
        #expect(html.contains("<h2 id=\"station-table\">"))
    }

    @Test("the lookup block holds every flight, each number once per route, linked to existing route pages")
    func lookupHoldsEveryFlight() throws {
        var briefings = SyntheticFleet.briefings(flights: 300, airports: 30, routes: 60)
        // The same number on the same route on two days, one number on two routes, ICAO and
        // digit-first airline codes.
        let first = briefings[0].flight
        let extras: [(String, Int, TimeInterval)] = [
            (first.number, 0, 86400), ("BAW12", 1, 0), ("BAW123", 1, 600), ("BAW12", 2, 0), ("9W123", 2, 0),
            ("9W7A", 2, 60), ("BX1", 5, 0),
        ]
        for (number, route, later) in extras {
            let template = briefings[route].flight
            let flight = Flight(
                line: 1000 + briefings.count, number: number, origin: template.origin,
                destination: template.destination, departure: template.departure.addingTimeInterval(later),
                arrival: template.arrival.addingTimeInterval(later))
            briefings.append(
                FlightBriefing(
                    flight: flight, departure: SyntheticFleet.end(flight.origin, at: flight.departure, risk: .green),
                    arrival: SyntheticFleet.end(flight.destination, at: flight.arrival, risk: .green)))
        }
        let model = SyntheticFleet.model(briefings)
        let pages = try IndexPageTests.pages(model)
        let html = try #require(pages["index.html"])
        let found = FlightLookup.parse(try Self.block(html))
        var expected: [String: Set<String>] = [:]
        for briefing in briefings {
            expected[briefing.flight.number, default: []].insert(ReportFiles.routeFileName(briefing.flight.route))
        }
        #expect(found.mapValues(Set.init) == expected)
        #expect(found.values.allSatisfy { Set($0).count == $0.count }, "each number once per route")
        for stem in Set(found.values.joined()) {
            #expect(pages["routes/\(stem).html"] != nil, "\(stem)")
        }
        #expect(found["9W123"] != nil && found["9W7A"] != nil && found["BAW123"] != nil)
        let templates = try ReportFixtures.templates()
        #expect(templates.script.contains("form[data-finder]"))
        #expect(html.contains("<form class=\"finder\" data-finder=\"flight-index\""))
    }

    @Test("the station table has one row per station, linked, with its ends' counts by risk")
    func stationTableRows() throws {
        let briefings = SyntheticFleet.briefings(flights: 500, airports: 45, routes: 90)
        let model = SyntheticFleet.model(briefings)
        let html = try SyntheticFleet.index(model)
        let table = try #require(
            SyntheticFleet.section(html, from: "<table class=\"stations\" data-sortable=\"\">", to: "</table>"))
        let rows = table.components(separatedBy: "<tr><td>").dropFirst()
        #expect(rows.count == model.stations.count)
        #expect(Set(rows.map { $0.components(separatedBy: "</a>")[0] }).count == rows.count)
        for station in model.stations {
            let link = "<a href=\"stations/\(station.code).html\">\(station.code)</a>"
            let row = try #require(rows.first { $0.hasPrefix(link) }, "\(station.code)")
            let ends =
                briefings.filter { $0.flight.origin.code == station.code }.map(\.departure)
                + briefings.filter { $0.flight.destination.code == station.code }.map(\.arrival)
            let cells = row.components(separatedBy: "<td>").dropFirst().map { $0.components(separatedBy: "</td>")[0] }
            let departures = briefings.count { $0.flight.origin.code == station.code }
            let counts = [Risk.red, .amber, .unknown, .green].map { risk in String(ends.count { $0.risk == risk }) }
            #expect(Array(cells.prefix(6)) == [String(departures), String(ends.count - departures)] + counts)
        }
    }

    @Test("every other list of the index is capped and states its remainder")
    func capsStateRemainder() throws {
        // 6,000 flights: 300 red departures in thunderstorms, 300 severe alerts.
        let briefings = SyntheticFleet.briefings(flights: 6000, airports: 400, routes: 1500, alertEvery: 1, alerts: 300)
        let html = try SyntheticFleet.index(SyntheticFleet.model(briefings))
        let banner = try #require(IndexPageTests.banner(html))
        #expect(banner.contains("300 extreme or severe weather alerts in force"))
        #expect(banner.components(separatedBy: "<li>").count - 1 == AlertBanner.alertCap)
        #expect(
            banner.contains("280 more not listed here: the station page of each airport concerned shows its alerts."))
        #expect(html.contains("200 more alert(s) not listed here (300 in all, the most severe listed first)"))
        let glance = try #require(
            html.components(separatedBy: "<tr>").first { $0.contains("<th scope=\"row\">Thunderstorms</th>") })
        #expect(glance.contains("<summary>288 more flight ends</summary>"))
        #expect(glance.components(separatedBy: "<li>").count - 1 == HazardGlance.shownPerRow + HazardGlance.foldCap)
        #expect(glance.contains("88 more not listed: each station page lists the hazards at its flights"))
    }

    @Test("100,000 flights over 4,000 airports and 24,900 routes: the index stays under 3 MB")
    func hundredThousandFlightsUnderThreeMegabytes() throws {
        let briefings = SyntheticFleet.briefings(flights: 100_000, airports: 4000, routes: 24_900, alertEvery: 50)
        let model = SyntheticFleet.model(briefings)
        let html = try SyntheticFleet.index(model)
        #expect(html.utf8.count < 3_000_000, "\(html.utf8.count) bytes")
        let block = try Self.block(html)
        #expect(block.utf8.count < 900_000, "\(block.utf8.count) bytes of lookup")
        let found = FlightLookup.parse(block)
        #expect(found.values.reduce(0) { $0 + $1.count } == 100_000, "every flight, by its number and route")
        let table = try #require(
            SyntheticFleet.section(html, from: "<table class=\"stations\"", to: "</table>"))
        // About 165 bytes a row with these names ("City 1234, Airport ABC International").
        #expect(table.utf8.count < 700_000, "\(table.utf8.count) bytes of station table")
        #expect(try Self.rowRisks(html).count == IndexFlights.cap)
    }

    @Test("airports named on the index link to their station page; on a route page one level up")
    func stationLinks() throws {
        let pages = try IndexPageTests.pages(IndexPageTests.alertModel())
        let index = try #require(pages["index.html"])
        let link = "<a href=\"stations/JFK.html\">JFK</a>"
        #expect(try #require(IndexPageTests.banner(index)).contains(" — " + link))
        let alerts = try #require(SyntheticFleet.section(index, from: "<h2>Weather alerts</h2>", to: "</section>"))
        #expect(alerts.contains(" — " + link))
        let airports = try #require(
            SyntheticFleet.section(index, from: "<h2>Airports most affected</h2>", to: "</section>"))
        #expect(airports.contains("<strong>" + link + "</strong>"))
        let route = try #require(pages["routes/JFK-LHR.html"])
        #expect(route.contains(" — <a href=\"../stations/JFK.html\">JFK</a>"))
        #expect(!route.contains("href=\"stations/"))
    }
}
