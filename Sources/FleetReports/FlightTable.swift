internal import FleetAirports
internal import FleetBriefing
internal import FleetHTML
internal import FleetPlan
internal import FleetSchedule
internal import FleetWeather
internal import Foundation

/// The flights table: worst first, sortable and filterable with the inline script, complete
/// and in order without it.
enum FlightTable {
    static let headers = [
        "Risk", "Flight", "Route", "Departure", "Departure weather", "Arrival", "Arrival weather", "Status",
    ]

    /// The id of the table's filter form, which the risk pills of the index drive too.
    static let filterID = "filter-flights"

    /// Renders the table.
    ///
    /// - Parameters:
    ///   - section: The `flights` slot.
    ///   - briefings: The flights, in the order shown.
    ///   - now: The run's time, for the age of stale data.
    ///   - routeLinks: Whether the route names link to their pages (not on a route's own page).
    ///   - total: The run's flights in all when `briefings` is only the worst of them (the index
    ///     of a large run), for the caption; `nil` when every flight is listed.
    ///   - level: Where the page sits, for the links to route and station pages.
    static func render(
        _ section: HTMLNode, _ briefings: [FlightBriefing], now: Date, routeLinks: Bool, total: Int? = nil,
        level: ReportLinks.Level = .top
    ) {
        section.element("h2", text: "Flights, worst first")
        filterForm(section, id: filterID)
        let table = section.element(
            "table", [("class", "flights"), ("id", "flights-table"), ("data-sortable", ""), ("data-filter", filterID)])
        let listed =
            total.map { "The worst \(briefings.count) of \($0) flights, the rest counted below the table" }
            ?? "\(briefings.count) flights"
        table.element("caption", text: "\(listed); departure and arrival weather at the scheduled hour")
        let head = table.element("thead").element("tr")
        for title in headers { head.element("th", [("scope", "col"), ("aria-sort", "none")], text: title) }
        let body = table.element("tbody")
        for briefing in briefings {
            row(body, briefing, now: now, routeLinks: routeLinks, level: level)
        }
    }

    /// The filter form a flights table names in its `data-filter` (a search box, a box per risk
    /// and the count shown), hidden until the inline script (`table.js`) runs, as it works
    /// only with it. Station boards use it too.
    ///
    /// - Parameters:
    ///   - section: Where the form goes, before its table.
    ///   - id: The form's id.
    static func filterForm(_ section: HTMLNode, id: String) {
        let form = section.element("form", [("class", "filters"), ("id", id), ("hidden", "hidden")])
        let label = form.element("label")
        label.text("Find ")
        label.element("input", [("type", "search"), ("placeholder", "flight, airport, hazard…")])
        for risk in Risk.allCases {
            let box = form.element("label")
            box.element("input", [("type", "checkbox"), ("data-risk", risk.rawValue), ("checked", "checked")])
            box.text(" " + risk.rawValue)
        }
        form.element("span", [("data-shown", ""), ("class", "muted")])
    }

    private static func row(
        _ body: HTMLNode, _ briefing: FlightBriefing, now: Date, routeLinks: Bool, level: ReportLinks.Level
    ) {
        let flight = briefing.flight
        let row = body.element("tr", [("data-risk", briefing.risk.rawValue)])
        let risk = row.element("td", [("data-sort", String(briefing.risk.rank)), ("data-label", headers[0])])
        PageKit.riskBadge(risk, briefing.risk)
        row.element("th", [("scope", "row")], text: flight.number)  // the card's title on a phone
        let route = row.element("td", [("data-label", headers[2])])
        if routeLinks {
            route.element("a", [("href", ReportLinks.route(flight.route, from: level))], text: flight.route)
        } else {
            route.text(flight.route)
        }
        end(
            row, briefing.departure, labels: (headers[3], headers[4]), sortKey: Timestamp.utc(flight.departure),
            now: now, level: level)
        end(
            row, briefing.arrival, labels: (headers[5], headers[6]), sortKey: Timestamp.utc(flight.arrival), now: now,
            level: level)
        let status = row.element("td", [("data-label", headers[7])])
        status.text(briefing.status.rawValue)
        if !briefing.statusDetail.isEmpty {
            status.element("span", [("class", "utc")], text: briefing.statusDetail)
        }
    }

    /// Two cells: the time (local and UTC), then weather, hazards and alerts. Each cell carries
    /// its column's name (`data-label`), which the phone layout prints before it; the airport
    /// code links to its station page.
    private static func end(
        _ row: HTMLNode, _ end: EndBriefing, labels: (time: String, weather: String), sortKey: String, now: Date,
        level: ReportLinks.Level
    ) {
        let time = row.element("td", [("data-sort", sortKey), ("data-label", labels.time)])
        time.element("strong")
            .element("a", [("href", ReportLinks.station(end.airport.code, from: level))], text: end.airport.code)
        time.text(" ")
        PageKit.times(time, end.time, zone: end.airport.timeZone)
        let weather = row.element("td", [("data-sort", String(end.risk.rank)), ("data-label", labels.weather)])
        EndSummary.render(weather, end, now: now)
        DailyOutlook.compact(weather, end)
    }
}
