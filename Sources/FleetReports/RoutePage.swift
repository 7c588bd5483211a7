internal import FleetAirports
internal import FleetBriefing
internal import FleetHTML
internal import FleetSchedule
internal import FleetWeather
internal import Foundation

/// `routes/ORIG-DEST.html`: origin against destination, the route's flights, hourly charts
/// around the scheduled times, and the alerts at either end.
enum RoutePage {
    /// The slots ``render(route:flights:model:templates:)`` fills beyond the frame's.
    static let slots = ["ends", "flights", "charts", "alerts"]

    static func render(
        route: String, flights: [FlightBriefing], model: ReportModel, templates: ReportTemplates
    ) throws -> String {
        guard let first = flights.first else { throw ReportError.page("route \(route) has no flights") }
        let origin = first.flight.origin
        let destination = first.flight.destination
        let document = try PageKit.frame(
            template: templates.route, name: "route.html", templates: templates,
            title: "\(origin.code) → \(destination.code): \(origin.city) to \(destination.city)",
            attributionURL: model.attributionURL, generated: model.generatedLine, marks: model.marks)
        let ends = try document.slot("ends")
        let grid = ends.element("div", [("class", "ends")])
        endPanel(grid, airport: origin, role: "Origin", ends: flights.map(\.departure), model: model)
        endPanel(grid, airport: destination, role: "Destination", ends: flights.map(\.arrival), model: model)
        FlightTable.render(try document.slot("flights"), flights, now: model.startedAt, routeLinks: false)
        let charts = try document.slot("charts")
        charts.element("h2", text: "Hourly forecast around the scheduled times")
        let chartGrid = charts.element("div", [("class", "charts")])
        for (airport, times) in [
            (origin, flights.map { ($0.flight.departure, $0.flight.number) }),
            (destination, flights.map { ($0.flight.arrival, $0.flight.number) }),
        ] {
            HourlyChart.render(chartGrid, airport: airport, weather: model.weatherByAirport[airport.code], marks: times)
        }
        AlertsSection.render(try document.slot("alerts"), flights)  // as on the index, for this route
        return try document.render()
    }

    /// One side: the airport, conditions now, and the weather at each scheduled time.
    private static func endPanel(
        _ parent: HTMLNode, airport: Airport, role: String, ends: [EndBriefing], model: ReportModel
    ) {
        let panel = parent.element("div", [("class", "end")])
        panel.element("h2", text: "\(role): \(airport.code) \(PageKit.airportName(airport))")
        var facts = ["\(airport.city), \(airport.country)", airport.timeZone]
        if let elevation = airport.elevationFeet { facts.append("elevation \(elevation) ft") }
        if airport.hasRealICAO { facts.insert("ICAO \(airport.icao)", at: 0) }
        panel.element("p", [("class", "muted")], text: facts.joined(separator: " · "))
        panel.element("h3", text: "Now")
        let weather = model.weatherByAirport[airport.code]
        if let current = weather?.current {
            let list = panel.element("dl", [("class", "now")])
            for (term, value) in nowFacts(current) {
                let group = list.element("div")
                group.element("dt", text: term)
                group.element("dd", text: value)
            }
        } else {
            panel.element("p", [("class", "muted")], text: "No current conditions in this run's data.")
        }
        panel.element("h3", text: "At each scheduled time")
        let table = panel.element("table")
        table.element("caption", text: "\(role) weather for the hour of each scheduled time")
        let head = table.element("thead").element("tr")
        for title in ["Time", "Risk", "Weather"] { head.element("th", [("scope", "col")], text: title) }
        let body = table.element("tbody")
        for end in ends.sorted(by: { $0.time < $1.time }) {
            let row = body.element("tr")
            PageKit.times(row.element("th", [("scope", "row")]), end.time, zone: airport.timeZone)
            PageKit.riskBadge(row.element("td"), end.risk)
            let cell = row.element("td")
            PageKit.dataBadge(cell, end, now: model.startedAt)
            if end.hour != nil { cell.element("div", text: PageKit.weatherLine(end.hour, category: end.category)) }
            PageKit.hazards(cell, end.hazards)
            PageKit.alertTags(cell, end.alerts)
        }
    }

    private static func nowFacts(_ current: CurrentWeather) -> [(String, String)] {
        var facts: [(String, String)] = [("Condition", current.conditionCode?.label ?? "unknown")]
        if let temperature = current.temperature {
            facts.append(("Temperature", Fixed.whole(temperature) + " °C"))
        }
        var hour = HourWeather(forecastStart: current.asOf)
        hour.windSpeed = current.windSpeed
        hour.windGust = current.windGust
        hour.windDirection = current.windDirection
        facts.append(("Wind", PageKit.wind(hour)))
        if let visibility = current.visibility { facts.append(("Visibility", Units.visibility(visibility))) }
        if let asOf = current.asOf {
            facts.append(("As of", "\(Timestamp.dayLabel(asOf)) \(Timestamp.utcClock(asOf))"))
        }
        return facts
    }
}
