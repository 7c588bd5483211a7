internal import FleetAirports
internal import FleetBriefing
internal import FleetReports
internal import FleetSchedule
internal import FleetStore
internal import FleetWeather
internal import FleetWeatherKit
internal import Foundation

/// What a run keeps in its history, and the comparison with the previous run.
enum RunHistory {
    /// The key a flight is matched on across runs: number, origin and departure instant.
    static func key(_ briefing: FlightBriefing) -> String {
        let flight = briefing.flight
        return "\(flight.number)|\(flight.origin.icao)|\(Timestamp.utc(flight.departure))"
    }

    /// The alert identity compared across runs.
    static func alertIDs(_ briefing: FlightBriefing) -> [String] {
        let alerts = briefing.departure.alerts + briefing.arrival.alerts
        return Array(Set(alerts.map(\.identity))).sorted()
    }

    /// The per-flight records kept for a run: text at the database boundary, typed again by
    /// ``PreviousRun/flights(_:)`` when the next run reads them.
    static func outcomes(_ briefings: [FlightBriefing]) -> [FlightOutcome] {
        briefings.map { briefing in
            let hazards = (briefing.departure.hazards + briefing.arrival.hazards).map(\.kind.rawValue)
            return FlightOutcome(
                flightKey: key(briefing), flight: briefing.flight.number, route: briefing.flight.route,
                risk: briefing.risk.rawValue, status: briefing.status.rawValue, alertIDs: alertIDs(briefing),
                hazards: Array(Set(hazards)).sorted())
        }
    }

    /// Risk up or down and new alerts, flight by flight, against the previous run.
    static func changes(
        _ briefings: [FlightBriefing], previous: [PreviousRun.Flight], previousRunAt: Date
    ) -> RunChanges {
        let before = Dictionary(previous.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        var worse: [RunChanges.Change] = []
        var better: [RunChanges.Change] = []
        var matched = 0
        for briefing in briefings {
            let key = key(briefing)
            guard let old = before[key] else { continue }
            matched += 1
            let known = Set(old.alertIDs)
            let alerts = (briefing.departure.alerts + briefing.arrival.alerts).filter { alert in
                !known.contains(alert.identity)
            }
            let change = RunChanges.Change(
                flight: briefing.flight.number, route: briefing.flight.route, departure: briefing.flight.departure,
                previousRisk: old.risk, risk: briefing.risk,
                newAlerts: Array(Set(alerts.compactMap(\.description))).sorted())
            if briefing.risk < old.risk || !change.newAlerts.isEmpty {
                worse.append(change)
            } else if old.risk < briefing.risk {
                better.append(change)
            }
        }
        return RunChanges(
            previousRunAt: previousRunAt, worse: worse, better: better, added: briefings.count - matched,
            removed: max(0, before.count - matched))
    }
}
