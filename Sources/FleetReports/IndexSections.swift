internal import FleetAirports
internal import FleetBriefing
internal import FleetHTML
internal import FleetPlan
internal import FleetWeather
internal import Foundation

/// "Airports most affected": the airports with the most non-green flight ends.
enum AirportsSection {
    static func render(_ section: HTMLNode, _ briefings: [FlightBriefing]) {
        var tally: [String: (name: String, ends: Int, red: Int, kinds: Set<HazardKind>)] = [:]
        for briefing in briefings {
            for end in [briefing.departure, briefing.arrival] where end.risk == .red || end.risk == .amber {
                var entry = tally[end.airport.code] ?? (PageKit.airportName(end.airport), 0, 0, [])
                entry.ends += 1
                if end.risk == .red { entry.red += 1 }
                entry.kinds.formUnion(end.hazards.map(\.kind))
                tally[end.airport.code] = entry
            }
        }
        section.element("h2", text: "Airports most affected")
        guard !tally.isEmpty else {
            section.element("p", [("class", "muted")], text: "No airport has amber or red weather at a scheduled time.")
            return
        }
        let ranked = tally.sorted { lhs, rhs in
            (lhs.value.red, lhs.value.ends, rhs.key) > (rhs.value.red, rhs.value.ends, lhs.key)
        }
        let table = section.element("table")
        table.element("caption", text: "Departures and arrivals with amber or red weather, by airport")
        let head = table.element("thead").element("tr")
        for title in ["Airport", "Flights affected", "Red", "Hazards"] {
            head.element("th", [("scope", "col")], text: title)
        }
        let body = table.element("tbody")
        for (code, entry) in ranked.prefix(15) {
            let row = body.element("tr")
            let name = row.element("th", [("scope", "row")])
            name.element("strong", text: code)
            name.text(" " + entry.name)
            row.element("td", [("class", "num")], text: String(entry.ends))
            row.element("td", [("class", "num")], text: String(entry.red))
            let kinds = HazardKind.allCases.filter { entry.kinds.contains($0) }.map(\.label)
            row.element("td", text: kinds.joined(separator: ", "))
        }
    }
}

/// The alerts attached to flights: extreme and severe prominent, the rest quiet.
enum AlertsSection {
    static func render(_ section: HTMLNode, _ briefings: [FlightBriefing]) {
        var seen: Set<String> = []
        var alerts: [(alert: WeatherAlertSummary, airports: [String])] = []
        var airportsByAlert: [String: Set<String>] = [:]
        for briefing in briefings {
            for end in [briefing.departure, briefing.arrival] {
                for alert in end.alerts {
                    let id = alert.identity
                    airportsByAlert[id, default: []].insert(end.airport.code)
                    if seen.insert(id).inserted { alerts.append((alert, [])) }
                }
            }
        }
        alerts = alerts.map { entry in
            let id = entry.alert.identity
            return (entry.alert, (airportsByAlert[id] ?? []).sorted())
        }
        section.element("h2", text: "Weather alerts")
        guard !alerts.isEmpty else {
            section.element("p", [("class", "muted")], text: "No weather alert overlaps a scheduled time.")
            return
        }
        let ordered = alerts.sorted { ($0.alert.severity?.rank ?? 4) < ($1.alert.severity?.rank ?? 4) }
        let major = ordered.filter(\.alert.standsOut)
        let quiet = ordered.filter { !$0.alert.standsOut }
        for entry in major { AlertView.render(section, entry.alert, airports: entry.airports, major: true) }
        if !quiet.isEmpty {
            let details = section.element("details")
            details.element("summary", text: "\(quiet.count) moderate, minor or unclassified alert(s)")
            for entry in quiet { AlertView.render(details, entry.alert, airports: entry.airports, major: false) }
        }
    }
}

/// One alert: severity, headline exactly as issued, agency, times, details link.
enum AlertView {
    static func render(_ parent: HTMLNode, _ alert: WeatherAlertSummary, airports: [String], major: Bool) {
        let block = parent.element("div", [("class", major ? "alert-major" : "alert-minor")])
        let title = block.element("p")
        title.element("span", [("class", "alert-tag")], text: (alert.severity?.token ?? "unknown") + " ")
        title.element("strong", text: alert.description ?? "Weather alert")
        if !airports.isEmpty { title.text(" — " + airports.joined(separator: ", ")) }
        let meta = block.element("p", [("class", "muted")])
        var parts: [String] = []
        if let source = alert.source { parts.append("Issued by \(source)") }
        if let area = alert.areaName { parts.append(area) }
        if let start = alert.start { parts.append("from \(Timestamp.dayLabel(start)) \(Timestamp.utcClock(start))") }
        if let end = alert.end { parts.append("until \(Timestamp.dayLabel(end)) \(Timestamp.utcClock(end))") }
        meta.text(parts.joined(separator: " · ") + " ")
        meta.link(alert.detailsUrl, text: "Full alert text", [("rel", "noopener")])
    }
}

/// "Changes since the previous run": risk up or down, new alerts.
enum ChangesSection {
    static func render(_ section: HTMLNode, _ changes: RunChanges?) {
        guard let changes else { return }
        section.element("h2", text: "Changes since the previous run")
        section.element(
            "p", [("class", "muted")],
            text: "Compared with the run of \(Timestamp.dayLabel(changes.previousRunAt)) "
                + "\(Timestamp.utcClock(changes.previousRunAt)): \(changes.worse.count) worse, "
                + "\(changes.better.count) better, \(changes.added) new flight(s), \(changes.removed) gone.")
        for (title, list) in [("Worse", changes.worse), ("Better", changes.better)] where !list.isEmpty {
            let table = section.element("table")
            table.element("caption", text: title)
            let head = table.element("thead").element("tr")
            for column in ["Flight", "Route", "Departure (UTC)", "Was", "Now", "New alerts"] {
                head.element("th", [("scope", "col")], text: column)
            }
            let body = table.element("tbody")
            for change in list.prefix(100) {
                let row = body.element("tr")
                row.element("th", [("scope", "row")], text: change.flight)
                row.element("td", text: change.route)
                row.element(
                    "td", text: "\(Timestamp.dayLabel(change.departure)) \(Timestamp.utcClock(change.departure))")
                row.element("td", text: change.previousRisk?.rawValue.uppercased() ?? "new")
                row.element("td", text: change.risk.rawValue.uppercased())
                row.element("td", text: change.newAlerts.joined(separator: "; "))
            }
        }
    }
}
