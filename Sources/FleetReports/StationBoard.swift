internal import FleetAirports
internal import FleetBriefing
internal import FleetHTML
internal import FleetSchedule
internal import FleetWeather
internal import Foundation

/// A station page's departures or arrivals board: every flight of the run leaving (or reaching)
/// the station, in time order, with its time here, the flight linking to its route page, the
/// other end linking to its station page, the flight's risk and compact weather at both ends.
///
/// A hub's board holds thousands of rows, so a row is kept small: one icon and one line of
/// values per end, the chips of its hazards, classes rather than repeated inline attributes.
/// Sortable and filterable with the inline script (`table.js`), complete and in order without.
enum StationBoard {
    /// Which board.
    enum Board: String {
        case departures
        case arrivals

        /// The board's title.
        var title: String { self == .departures ? "Departures" : "Arrivals" }

        /// The column headers; the other end is "To" on departures and "From" on arrivals.
        var headers: [String] {
            self == .departures
                ? ["Departs", "Flight", "To", "Risk", "Weather here", "Weather at destination", "Status"]
                : ["Arrives", "Flight", "From", "Risk", "Weather here", "Weather at origin", "Status"]
        }

        /// The end at this station, then the other end.
        func ends(_ briefing: FlightBriefing) -> (here: EndBriefing, there: EndBriefing) {
            self == .departures ? (briefing.departure, briefing.arrival) : (briefing.arrival, briefing.departure)
        }
    }

    /// Renders the board.
    ///
    /// - Parameters:
    ///   - section: The `departures` or `arrivals` slot.
    ///   - flights: The station's flights of this board, in time order, as positions in
    ///     `briefings` (``Station``).
    ///   - briefings: The run's briefings.
    ///   - board: Which board.
    ///   - now: The run's time, for the age of stale data.
    static func render(
        _ section: HTMLNode, _ flights: [Int], of briefings: [FlightBriefing], board: Board, now: Date
    ) {
        section.element("h2", text: "\(board.title) (\(flights.count))")
        guard !flights.isEmpty else {
            section.element(
                "p", [("class", "muted")],
                text: board == .departures
                    ? "No flight departs here in this run." : "No flight arrives here in this run.")
            return
        }
        let filterID = "filter-\(board.rawValue)"
        FlightTable.filterForm(section, id: filterID)
        let table = section.element(
            "table",
            [
                ("class", "board"), ("id", "\(board.rawValue)-table"), ("data-sortable", ""), ("data-filter", filterID),
            ])
        table.element(
            "caption",
            text: "\(flights.count) flight\(flights.count == 1 ? "" : "s") in time order; "
                + "weather at the scheduled hour of each end")
        let headers = board.headers
        let head = table.element("thead").element("tr")
        for title in headers { head.element("th", [("scope", "col"), ("aria-sort", "none")], text: title) }
        let body = table.element("tbody")
        for index in flights { row(body, briefings[index], board: board, headers: headers, now: now) }
    }

    private static func row(_ body: HTMLNode, _ briefing: FlightBriefing, board: Board, headers: [String], now: Date) {
        let flight = briefing.flight
        let (here, there) = board.ends(briefing)
        let row = body.element("tr", [("data-risk", briefing.risk.rawValue)])
        let time = row.element("td", [("data-sort", Timestamp.utc(here.time)), ("data-label", headers[0])])
        PageKit.times(time, here.time, zone: here.airport.timeZone)
        // The card's title on a phone, as in the flights table.
        row.element("th", [("scope", "row")])
            .element("a", [("href", ReportLinks.route(flight.route, from: .nested))], text: flight.number)
        let other = row.element("td", [("data-label", headers[2])])
        other.element("a", [("href", ReportLinks.station(there.airport.code, from: .nested))], text: there.airport.code)
        other.text(" " + there.airport.city)
        let risk = row.element("td", [("data-sort", String(briefing.risk.rank)), ("data-label", headers[3])])
        PageKit.riskBadge(risk, briefing.risk)
        weather(row.element("td", [("data-label", headers[4])]), here, now: now)
        weather(row.element("td", [("data-label", headers[5])]), there, now: now)
        let status = row.element("td", [("data-label", headers[6])])
        status.text(briefing.status.rawValue)
        if !briefing.statusDetail.isEmpty {
            status.element("span", [("class", "utc")], text: briefing.statusDetail)
        }
    }

    /// One end's weather in a board cell: the data status, the scheduled hour's icon and values,
    /// the end's hazards (one from another hour of the window says which, so a chip never reads
    /// as the shown hour's), and the alerts that raise its risk. The route page has the rest.
    static func weather(_ cell: HTMLNode, _ end: EndBriefing, now: Date) {
        // The reason of missing data is in the status column: the badge alone keeps the row short.
        PageKit.dataBadge(cell, end, now: now, missingReason: false)
        if let hour = end.hour {
            ConditionIcons.icon(cell, hour.conditionCode)
            cell.text(" " + PageKit.weatherLine(hour, category: end.category))
        } else {
            cell.element("span", [("class", "no-data")], text: " Weather and hazards unknown.")
        }
        // Chips and alerts on a line of their own, as in the flights table: run on after the
        // weather line they read as part of it ("VFR (est.)alert (moderate): …").
        let hazards = end.hazards.filter { $0.risk != .green }
        let raising = end.alerts.filter(\.raisesRisk)
        guard !hazards.isEmpty || !raising.isEmpty else { return }
        let line = cell.element("div", [("class", "board-chips")])
        EndSummary.chips(line, hazards, besides: end.scheduledHour)
        if !raising.isEmpty { PageKit.alertTags(line, raising) }
    }
}
