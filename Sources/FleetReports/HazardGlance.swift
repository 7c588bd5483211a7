internal import FleetAirports
internal import FleetBriefing
internal import FleetHTML
internal import FleetSchedule
internal import FleetWeatherKit
internal import Foundation

/// "Hazards at a glance": for the hazards dispatchers ask about first, which flights face
/// them, at which end and when, without reading the whole table.
enum HazardGlance {
    /// One line of the summary: a label and the test an end must pass.
    struct Row: Sendable {
        let label: String
        let matches: @Sendable (EndBriefing) -> Bool
    }

    static let rows: [Row] = [
        Row(label: "Thunderstorms") { $0.hazards.contains { $0.kind == .thunderstorm } },
        Row(label: "Freezing precipitation, sleet, hail") { end in
            end.hazards.contains { [.freezingPrecipitation, .sleetOrWintryMix, .hail].contains($0.kind) }
        },
        Row(label: "Heavy snow, blizzard") { end in
            end.hazards.contains { [.heavySnow, .blizzard, .blowingSnow].contains($0.kind) }
        },
        Row(label: "Low visibility, fog") { end in end.hazards.contains { [.lowVisibility, .fog].contains($0.kind) } },
        Row(label: "Strong wind or gusts") { end in
            end.hazards.contains { [.strongWind, .strongGusts].contains($0.kind) }
        },
        Row(label: "Extreme or severe alerts") { !$0.majorAlerts.isEmpty },
        Row(label: "No weather") { !$0.data.hasWeather },
    ]

    static func render(_ section: HTMLNode, _ briefings: [FlightBriefing]) {
        section.element("h2", text: "Hazards at a glance")
        let table = section.element("table")
        table.element("caption", text: "Flights facing each hazard at either end within an hour of the scheduled time")
        let head = table.element("thead").element("tr")
        for title in ["Hazard", "Flights", "Which, where and when (UTC)"] {
            head.element("th", [("scope", "col")], text: title)
        }
        let body = table.element("tbody")
        for row in rows {
            var entries: [String] = []
            var flights = 0
            for briefing in briefings {
                let ends = [("dep", briefing.departure), ("arr", briefing.arrival)].filter { row.matches($0.1) }
                guard !ends.isEmpty else { continue }
                flights += 1
                for (label, end) in ends {
                    entries.append(
                        "\(briefing.flight.number) \(label) \(end.airport.code) \(Timestamp.utcClock(end.time))")
                }
            }
            let line = body.element("tr")
            line.element("th", [("scope", "row")], text: row.label)
            line.element("td", [("class", "num")], text: String(flights))
            let shown = entries.prefix(12).joined(separator: " · ")
            let more = entries.count > 12 ? " · +\(entries.count - 12) more" : ""
            line.element("td", text: entries.isEmpty ? "none" : shown + more)
        }
    }
}
