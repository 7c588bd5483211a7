internal import FleetBriefing
internal import FleetHTML
internal import FleetWeather
internal import Foundation

/// The alerts of a station page: those in force at a scheduled time of the station's own flight
/// ends, never those at the other ends of its flights (each is on its own station's page).
enum StationAlerts {
    /// The station's flights with a severe or extreme alert here, each with the other end's alerts
    /// removed, for ``AlertBanner/render(_:_:)``, which reads both ends of what it is given.
    static func bannerFlights(_ station: Station, _ briefings: [FlightBriefing]) -> [FlightBriefing] {
        let departing = station.departing(briefings).filter { !$0.departure.majorAlerts.isEmpty }.map { briefing in
            FlightBriefing(
                flight: briefing.flight, departure: briefing.departure, arrival: withoutAlerts(briefing.arrival))
        }
        let arriving = station.arriving(briefings).filter { !$0.arrival.majorAlerts.isEmpty }.map { briefing in
            FlightBriefing(
                flight: briefing.flight, departure: withoutAlerts(briefing.departure), arrival: briefing.arrival)
        }
        return departing + arriving
    }

    /// A copy of `end` without its alerts.
    private static func withoutAlerts(_ end: EndBriefing) -> EndBriefing {
        EndBriefing(
            airport: end.airport, time: end.time, hour: end.hour, worstHour: end.worstHour, hazards: end.hazards,
            category: end.category, alerts: [], risk: end.risk, data: end.data, dataReadTime: end.dataReadTime,
            window: end.window, windowHazards: end.windowHazards, day: end.day, alertsKnown: end.alertsKnown)
    }

    /// The alerts section: each alert once, those that raise a risk shown (most severe first),
    /// the others folded; what is not known is said.
    static func render(_ section: HTMLNode, _ station: Station, _ briefings: [FlightBriefing]) {
        section.element("h2", text: "Weather alerts at \(station.code)")
        let ends = station.ends(briefings)
        var seen: Set<String> = []
        var alerts: [WeatherAlertSummary] = []
        for end in ends {
            for alert in end.alerts where seen.insert(alert.identity).inserted { alerts.append(alert) }
        }
        let unknown = ends.count(where: \.alertsUnknown)
        if unknown > 0 {
            section.element(
                "p", [("class", "unknown-note")],
                text: "Alerts are unknown at \(EndCoverage.ends(unknown)) here without data; "
                    + "\(ends.count - unknown) of \(ends.count) had data.")
        }
        guard !alerts.isEmpty else {
            if unknown < ends.count {
                section.element("p", [("class", "muted")], text: "No weather alert overlaps a scheduled time here.")
            }
            return
        }
        let ordered = alerts.enumerated().sorted { lhs, rhs in
            let left = lhs.element.severity?.rank ?? 4
            let right = rhs.element.severity?.rank ?? 4
            return left != right ? left < right : lhs.offset < rhs.offset
        }.map(\.element)
        for alert in ordered where alert.raisesRisk {
            AlertView.render(section, alert, airports: [], major: alert.standsOut, level: .nested)
        }
        let quiet = ordered.filter { !$0.raisesRisk }
        guard !quiet.isEmpty else { return }
        let details = section.element("details", [("class", "alerts-minor")])
        details.element("summary", text: "\(quiet.count) minor or unclassified alert(s)")
        for alert in quiet { AlertView.render(details, alert, airports: [], major: false, level: .nested) }
    }
}
