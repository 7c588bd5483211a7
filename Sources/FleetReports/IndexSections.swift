internal import FleetAirports
internal import FleetBriefing
internal import FleetHTML
internal import FleetPlan
internal import FleetWeather
internal import Foundation

/// "Airports most affected": the airports with the most flight ends that are not green, each
/// with the reasons: hazards, alerts, and missing data.
///
/// An end without data counts as affected ("no data: risk unknown"): its weather could be
/// anything, and an airport nobody could brief is something a dispatcher must see here, not
/// infer from its absence.
enum AirportsSection {
    /// One airport's tally.
    struct Tally {
        var name: String
        var ends = 0
        var red = 0
        var noData = 0
        var incomplete = 0
        var kinds: Set<HazardKind> = []
        /// Alert identity → its text, in the order met.
        var alerts: [(id: String, text: String)] = []
    }

    static func render(_ section: HTMLNode, _ briefings: [FlightBriefing]) {
        var tally: [String: Tally] = [:]
        for briefing in briefings {
            for end in [briefing.departure, briefing.arrival] where end.risk != .green {
                var entry = tally[end.airport.code] ?? Tally(name: PageKit.airportName(end.airport))
                entry.ends += 1
                if end.risk == .red { entry.red += 1 }
                if end.hasNoData {
                    entry.noData += 1
                } else if !end.data.hasWeather {
                    entry.incomplete += 1
                }
                entry.kinds.formUnion(end.hazards.filter { $0.risk != .green }.map(\.kind))
                for alert in end.alerts where alert.raisesRisk {
                    let id = alert.identity
                    guard !entry.alerts.contains(where: { $0.id == id }) else { continue }
                    entry.alerts.append(
                        (id, "alert (\(alert.severity?.token ?? "unknown")): \(alert.description ?? "Weather alert")"))
                }
                tally[end.airport.code] = entry
            }
        }
        section.element("h2", text: "Airports most affected")
        guard !tally.isEmpty else {
            section.element(
                "p", [("class", "muted")],
                text: "No airport has amber, red or unknown weather at a scheduled time.")
            return
        }
        let ranked = tally.sorted { lhs, rhs in
            (lhs.value.red, lhs.value.ends, rhs.key) > (rhs.value.red, rhs.value.ends, lhs.key)
        }
        let table = section.element("table", [("class", "airports")])
        table.element("caption", text: "Departures and arrivals with red, amber or unknown weather, by airport")
        let head = table.element("thead").element("tr")
        for title in ["Airport", "Flights affected", "Red", "Reasons"] {
            head.element("th", [("scope", "col")], text: title)
        }
        let body = table.element("tbody")
        for (code, entry) in ranked.prefix(15) {
            let row = body.element("tr")
            let name = row.element("th", [("scope", "row")])
            name.element("strong").element("a", [("href", ReportLinks.station(code, from: .top))], text: code)
            name.text(" " + entry.name)
            row.element("td", [("class", "num")], text: String(entry.ends))
            row.element("td", [("class", "num")], text: String(entry.red))
            row.element("td", text: reasons(entry).joined(separator: "; "))
        }
    }

    /// Hazards, then alerts, then the ends without data, so no count stands without a reason.
    static func reasons(_ entry: Tally) -> [String] {
        var reasons: [String] = []
        let kinds = HazardKind.allCases.filter { entry.kinds.contains($0) }.map(\.label)
        if !kinds.isEmpty { reasons.append(kinds.joined(separator: ", ")) }
        reasons += entry.alerts.map(\.text)
        if entry.noData > 0 {
            reasons.append("no data at \(EndCoverage.ends(entry.noData)) (risk unknown)")
        }
        if entry.incomplete > 0 {
            reasons.append("incomplete forecast at \(EndCoverage.ends(entry.incomplete)) (hazards may be hidden)")
        }
        return reasons
    }
}

/// The alerts attached to flights: extreme, severe and moderate (which raise a flight to amber)
/// shown, minor and unclassified in a fold that prints open. With ends lacking data, the empty
/// case says how many ends were covered rather than "no alert". The index and route pages show
/// those of both ends of their flights; a station page those of its own ends only.
enum AlertsSection {
    /// Whose alerts the section lists, which its wording follows.
    enum Scope {
        /// The flights of the index or of a route page: both ends, each alert with its airports.
        case flights
        /// A station's own ends: every alert is the station's, so none names its airports.
        case station(String)

        var heading: String {
            switch self {
            case .flights: "Weather alerts"
            case .station(let code): "Weather alerts at \(code)"
            }
        }
    }

    /// Renders the section.
    ///
    /// - Parameters:
    ///   - section: The `alerts` slot.
    ///   - ends: The page's flight ends (``FlightEnds``).
    ///   - scope: Whose they are (the wording).
    ///   - level: Where the page sits, for the station links of the airports named: `.nested`
    ///     (route and station pages) unless the index says `.top`.
    static func render(
        _ section: HTMLNode, _ ends: some Collection<FlightEnd>, scope: Scope = .flights,
        level: ReportLinks.Level = .nested
    ) {
        var alerts: [WeatherAlertSummary] = []
        var airportsByAlert: [String: Set<String>] = [:]
        for flightEnd in ends {
            let end = flightEnd.end
            for alert in end.alerts {
                let id = alert.identity
                if airportsByAlert[id] == nil { alerts.append(alert) }
                airportsByAlert[id, default: []].insert(end.airport.code)
            }
        }
        section.element("h2", text: scope.heading)
        let coverage = EndCoverage(ends)
        let known = coverage.ends - coverage.alertsUnknown
        if coverage.alertsUnknown > 0 {
            let unknown = EndCoverage.ends(coverage.alertsUnknown)
            let text =
                switch scope {
                case .flights:
                    "Alerts are unknown at \(unknown) without data; \(known) of \(coverage.ends) flight ends had data"
                        + (alerts.isEmpty && known > 0 ? ", and no alert overlaps a scheduled time at those." : ".")
                case .station:
                    "Alerts are unknown at \(unknown) here without data; \(known) of \(coverage.ends) had data."
                }
            section.element("p", [("class", "unknown-note")], text: text)
        }
        guard !alerts.isEmpty else {
            switch scope {
            case .flights where coverage.alertsUnknown == 0:
                section.element("p", [("class", "muted")], text: "No weather alert overlaps a scheduled time.")
            case .station where known > 0:
                section.element("p", [("class", "muted")], text: "No weather alert overlaps a scheduled time here.")
            default: break
            }
            return
        }
        // Most severe first, in the order met at equal severity.
        let ordered = alerts.enumerated().sorted { lhs, rhs in
            let left = lhs.element.severity?.rank ?? 4
            let right = rhs.element.severity?.rank ?? 4
            return left != right ? left < right : lhs.offset < rhs.offset
        }.map(\.element)
        let shown = ordered.filter(\.raisesRisk).prefix(listCap)
        let quiet = ordered.filter { !$0.raisesRisk }.prefix(listCap - shown.count)
        func airports(_ alert: WeatherAlertSummary) -> [String] {
            guard case .flights = scope else { return [] }
            return (airportsByAlert[alert.identity] ?? []).sorted()
        }
        for alert in shown {
            AlertView.render(section, alert, airports: airports(alert), major: alert.standsOut, level: level)
        }
        if !quiet.isEmpty {
            let details = section.element("details", [("class", "alerts-minor")])
            details.element("summary", text: "\(quiet.count) minor or unclassified alert(s)")
            for alert in quiet {
                AlertView.render(details, alert, airports: airports(alert), major: false, level: level)
            }
        }
        let unlisted = ordered.count - shown.count - quiet.count
        if unlisted > 0 {
            let rest =
                switch scope {
                case .flights:
                    ": the station page of each airport concerned shows its alerts (see the station table)."
                case .station: "."
                }
            section.element(
                "p", [("class", "cap-note")],
                text: "\(unlisted) more alert(s) not listed here (\(ordered.count) in all, the most severe listed "
                    + "first)" + rest)
        }
    }

    /// At most this many alerts are listed, the most severe first; the rest are counted.
    static let listCap = 100
}

/// One alert: severity, headline exactly as issued, agency, times, details link.
enum AlertView {
    static func render(
        _ parent: HTMLNode, _ alert: WeatherAlertSummary, airports: [String], major: Bool, level: ReportLinks.Level
    ) {
        let kind = major ? "alert-major" : alert.raisesRisk ? "alert-moderate" : "alert-minor"
        let block = parent.element("div", [("class", kind)])
        let title = block.element("p")
        title.element("span", [("class", "alert-tag")], text: (alert.severity?.token ?? "unknown") + " ")
        title.element("strong", text: alert.description ?? "Weather alert")
        if !airports.isEmpty {
            title.text(" — ")
            PageKit.stationLinks(title, codes: airports, level: level)
        }
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
