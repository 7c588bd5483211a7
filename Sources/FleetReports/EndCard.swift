internal import FleetAirports
internal import FleetBriefing
internal import FleetHTML
internal import FleetSchedule
internal import FleetWeather
internal import Foundation

/// One side of a route page: the airport, its latest observation with its age, and a card per
/// scheduled hour with the hour's values, the hazards of the window, the alerts, the daily
/// outlook of the local day and the hourly strip around the time.
enum EndCard {
    /// One flight end on the route, with the flight it belongs to.
    struct Visit {
        let flight: Flight
        let end: EndBriefing
    }

    /// Renders the panel.
    ///
    /// - Parameters:
    ///   - parent: The side-by-side grid.
    ///   - airport: The end's airport.
    ///   - role: "Origin" or "Destination".
    ///   - visits: The route's flights at this end.
    ///   - model: The report model (weather by airport, the run's time).
    static func panel(_ parent: HTMLNode, airport: Airport, role: String, visits: [Visit], model: ReportModel) {
        let panel = parent.element("div", [("class", "end"), ("data-role", role.lowercased())])
        let heading = panel.element("h2", text: "\(role): ")
        heading.element("a", [("href", ReportLinks.station(airport.code, from: .nested))], text: airport.code)
        heading.text(" \(PageKit.airportName(airport))")
        panel.element("p", [("class", "muted")], text: facts(airport))
        let weather = model.weatherByAirport[airport.code]
        now(panel, weather?.current, zone: airport.timeZone, runTime: model.briefedAt)
        // One card per scheduled hour: flights in the same hour share its values and strip.
        var groups: [(hour: Date, visits: [Visit])] = []
        for visit in visits.sorted(by: { ($0.end.time, $0.flight.number) < ($1.end.time, $1.flight.number) }) {
            if groups.last?.hour == visit.end.scheduledHour {
                groups[groups.count - 1].visits.append(visit)
            } else {
                groups.append((visit.end.scheduledHour, [visit]))
            }
        }
        for group in groups {
            card(panel, group.visits, weather: weather, model: model)
        }
    }

    /// "ICAO KORD · Chicago, United States · America/Chicago · elevation 672 ft".
    static func facts(_ airport: Airport) -> String {
        var facts = ["\(airport.city), \(airport.country)", airport.timeZone]
        if let elevation = airport.elevationFeet { facts.append("elevation \(elevation) ft") }
        if airport.hasRealICAO { facts.insert("ICAO \(airport.icao)", at: 0) }
        return facts.joined(separator: " · ")
    }

    private static func card(_ parent: HTMLNode, _ visits: [Visit], weather: CellWeather?, model: ReportModel) {
        guard let first = visits.first else { return }
        let end = visits.map(\.end).min { $0.risk < $1.risk } ?? first.end
        let zone = first.end.airport.timeZone
        let card = parent.element(
            "article",
            [
                ("class", "card card-\(end.risk.rawValue)"),
                ("data-flights", visits.map(\.flight.number).joined(separator: " ")),
            ])
        let heading = card.element("h3")
        PageKit.riskBadge(heading, end.risk)
        heading.text(" " + visits.map(\.flight.number).joined(separator: ", ") + " · ")
        let times = visits.map(\.end.time)
        heading.text(
            times.map { "\(Timestamp.dayLabel($0, zone: zone)) \(Timestamp.localClock($0, zone: zone)) local" }
                .joined(separator: ", "))
        heading.element(
            "span", [("class", "utc")],
            text: times.map { "\(Timestamp.dayLabel($0)) \(Timestamp.utcClock($0))" }.joined(separator: ", "))
        if visits.count > 1 {
            // Flights sharing an hour may differ (a time past sunset, an alert that starts
            // later): each says its own risk; the card shows the worst one's weather.
            let line = card.element("p", [("class", "muted")])
            for (index, visit) in visits.enumerated() {
                line.text((index == 0 ? "" : " · ") + visit.flight.number + " ")
                PageKit.riskBadge(line, visit.end.risk)
            }
        }
        EndSummary.render(card, end, now: model.briefedAt)
        // The card shows the worst flight's end; alerts of the others (one may start later)
        // are named with their flight, so none is lost.
        let shown = Set(end.alerts.map(\.identity))
        for visit in visits where visit.end != end {
            let extra = visit.end.alerts.filter { !shown.contains($0.identity) }
            guard !extra.isEmpty else { continue }
            let line = card.element("div", [("class", "hour-line")])
            line.text(visit.flight.number + ": ")
            PageKit.alertTags(line, extra)
        }
        DailyOutlook.render(card, end, flights: visits.map { ($0.flight.number, $0.end) })
        HourlyStrip.render(
            card, time: first.end.time, airport: first.end.airport, weather: weather, values: model.stripValues)
    }

    /// The latest observation, only ever with its age: data read a day before the run shown as
    /// "Now" would be believed.
    static func now(_ parent: HTMLNode, _ current: CurrentWeather?, zone: String, runTime: Date) {
        let block = parent.element("div", [("class", "latest")])
        guard let current, let asOf = current.asOf else {
            block.element("h3", text: "Latest observation")
            block.element("p", [("class", "no-data")], text: "No data: no current conditions in this run's data.")
            return
        }
        let age = runTime.timeIntervalSince(asOf)
        block.element("h3", text: "Latest observation")
        block.element(
            "p", [("class", age > 3 * 3600 ? "age old" : "age")],
            text: "read \(Timestamp.dayLabel(asOf)) \(Timestamp.utcClock(asOf)) "
                + "(\(Timestamp.localClock(asOf, zone: zone)) local), \(Timestamp.age(age))"
                + (age > 3 * 3600 ? ": not current" : ""))
        var hour = HourWeather(forecastStart: asOf)
        hour.conditionCode = current.conditionCode
        hour.temperature = current.temperature
        hour.windSpeed = current.windSpeed
        hour.windGust = current.windGust
        hour.windDirection = current.windDirection
        hour.visibility = current.visibility
        let line = block.element("p")
        ConditionIcons.icon(line, current.conditionCode)
        line.element("span", text: PageKit.weatherLine(hour, category: nil))
    }
}
