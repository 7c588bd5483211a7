internal import FleetAirports
internal import FleetBriefing
internal import FleetHTML

/// The index's station table: every station of the run with its flight ends by risk and its
/// worst hazard, linked to its station page, worst first (red ends, then amber, then unknown,
/// then code). It is the index's way to every station at any schedule size, so a row is kept
/// small: no class or attribute per cell (the style sheet aligns columns by position), the
/// counts as plain numbers that table.js sorts as they are: 4,000 stations take about 630 KB.
enum StationTable {
    /// The id of the table's heading, which the flights table's note links to.
    static let headingID = "station-table"

    static let headers = [
        "Station", "Departures", "Arrivals", "Red", "Amber", "Unknown", "Green", "Worst hazard",
    ]

    static func render(_ section: HTMLNode, _ stations: [Station]) {
        section.element("h2", [("id", headingID)], text: "Stations")
        guard !stations.isEmpty else {
            section.element("p", [("class", "muted")], text: "No station: the run briefed no flight.")
            return
        }
        // Above the flights cap, laid out only when scrolled near (`deferred` in the style
        // sheet): 4,000 rows laid out at page open cost a second. The placeholder height is
        // about the table's, so the page does not jump when it is laid out.
        let deferred = stations.count > IndexFlights.cap
        let list = section.element(
            "div",
            deferred
                ? [
                    ("class", "deferred"),
                    ("style", "contain-intrinsic-block-size: auto \(stations.count * 32 + 80)px"),
                ]
                : [])
        let table = list.element("table", [("class", "stations"), ("data-sortable", "")])
        table.element(
            "caption",
            text: "All \(stations.count) stations: departures and arrivals, flight ends by risk at the scheduled "
                + "time and the worst hazard, worst first (press a heading to sort)")
        let head = table.element("thead").element("tr")
        for title in headers { head.element("th", [("scope", "col"), ("aria-sort", "none")], text: title) }
        let body = table.element("tbody")
        for station in ranked(stations) {
            let row = body.element("tr")
            // Code and name in one cell: a cell less on each of 4,000 rows, and sorting it
            // sorts by code.
            let name = row.element("td")
            name.element("a", [("href", ReportLinks.station(station.code, from: .top))], text: station.code)
            name.text(" " + PageKit.airportName(station.airport))
            row.element("td", text: String(station.departures.count))
            row.element("td", text: String(station.arrivals.count))
            for risk in [Risk.red, .amber, .unknown, .green] { row.element("td", text: String(station.count(risk))) }
            row.element("td", text: station.worstHazard?.kind.label ?? "")
        }
    }

    /// Most red ends first, then amber, then unknown, then by code.
    static func ranked(_ stations: [Station]) -> [Station] {
        stations.sorted { lhs, rhs in
            let left = (lhs.count(.red), lhs.count(.amber), lhs.count(.unknown))
            let right = (rhs.count(.red), rhs.count(.amber), rhs.count(.unknown))
            return left != right ? left > right : lhs.code < rhs.code
        }
    }
}
