internal import FleetAirports
internal import FleetBriefing
internal import FleetHTML
internal import FleetSchedule
internal import FleetWeather
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
        Row(label: "Thunderstorms", matches: facing([.thunderstorm])),
        Row(
            label: "Freezing precipitation, sleet, hail",
            matches: facing([.freezingPrecipitation, .sleetOrWintryMix, .hail])),
        Row(label: "Heavy snow, blizzard", matches: facing([.heavySnow, .blizzard, .blowingSnow])),
        Row(label: "Low visibility, fog", matches: facing([.lowVisibility, .fog])),
        Row(label: "Strong wind or gusts", matches: facing([.strongWind, .strongGusts])),
        Row(label: "Extreme or severe alerts") { !$0.majorAlerts.isEmpty },
        Row(label: "No weather") { !$0.data.hasWeather },
    ]

    /// An end test for hazards of some kinds (the set is made once, with the rows).
    private static func facing(_ kinds: Set<HazardKind>) -> @Sendable (EndBriefing) -> Bool {
        { end in end.hazards.contains { kinds.contains($0.kind) } }
    }

    /// At most this many flights are named per row; the rest are counted.
    static let shownPerRow = 12

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
            var shown: [String] = []  // only the entries named are formatted; the rest counted
            var entries = 0
            var flights = 0
            for briefing in briefings {
                let departure = row.matches(briefing.departure)
                let arrival = row.matches(briefing.arrival)
                guard departure || arrival else { continue }
                flights += 1
                for (label, end, matched) in [
                    ("dep", briefing.departure, departure), ("arr", briefing.arrival, arrival),
                ]
                where matched {
                    entries += 1
                    guard shown.count < shownPerRow else { continue }
                    shown.append(
                        "\(briefing.flight.number) \(label) \(end.airport.code) \(Timestamp.utcClock(end.time))")
                }
            }
            let line = body.element("tr")
            line.element("th", [("scope", "row")], text: row.label)
            line.element("td", [("class", "num")], text: String(flights))
            let more = entries > shownPerRow ? " · +\(entries - shownPerRow) more" : ""
            line.element("td", text: entries == 0 ? "none" : shown.joined(separator: " · ") + more)
        }
    }
}
