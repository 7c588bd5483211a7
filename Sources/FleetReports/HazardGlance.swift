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
        /// Whether an end without data could hide this hazard (every weather hazard; not the
        /// "No or incomplete weather" row itself).
        var unknownWithoutData = true
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
        Row(label: "No or incomplete weather", matches: { !$0.data.hasWeather }, unknownWithoutData: false),
    ]

    /// An end test for hazards of some kinds (the set is made once, with the rows).
    private static func facing(_ kinds: Set<HazardKind>) -> @Sendable (EndBriefing) -> Bool {
        { end in end.hazards.contains { kinds.contains($0.kind) } }
    }

    /// The first this many entries of a row are shown; the rest open in place (`<details>`,
    /// open on paper).
    static let shownPerRow = 12

    /// At most this many more entries go in a row's fold: at 100,000 flights a row can face
    /// tens of thousands of ends, which no one reads in a list and which would make the index
    /// too heavy to open. The rest are counted, and each station page lists its own.
    static let foldCap = 200

    /// One flight end facing a hazard: only what its line says (not the end, about 1.1 KB, as a
    /// row can match tens of thousands of ends before the cap); its text is made only for the
    /// entries listed.
    struct Entry {
        let time: Date
        let number: String
        let role: String
        let code: String
        let zone: String
        let route: String
    }

    static func render(_ section: HTMLNode, _ briefings: [FlightBriefing]) {
        section.element("h2", text: "Hazards at a glance")
        let table = section.element("table", [("class", "glance")])
        table.element(
            "caption",
            text: "Flights facing each hazard at either end within an hour of the scheduled time, earliest first")
        let head = table.element("thead").element("tr")
        for title in ["Hazard", "Flights", "Which, where and when"] {
            head.element("th", [("scope", "col")], text: title)
        }
        let body = table.element("tbody")
        // Ends without data and ends whose hour lacks values: either could hide any hazard.
        let unknown = briefings.reduce(0) { count, briefing in
            count + (briefing.departure.data.hasWeather ? 0 : 1) + (briefing.arrival.data.hasWeather ? 0 : 1)
        }
        for row in rows {
            var entries: [Entry] = []
            var flights = 0
            // By index: a `for briefing in` loop copies every briefing of the run for each row,
            // where only the few that match are read further.
            for index in briefings.indices {
                let departure = row.matches(briefings[index].departure)
                let arrival = row.matches(briefings[index].arrival)
                guard departure || arrival else { continue }
                let briefing = briefings[index]
                flights += 1
                for (label, end, matched) in [
                    ("dep", briefing.departure, departure), ("arr", briefing.arrival, arrival),
                ]
                where matched {
                    entries.append(
                        Entry(
                            time: end.time, number: briefing.flight.number, role: label, code: end.airport.code,
                            zone: end.airport.timeZone, route: briefing.flight.route))
                }
            }
            // The order of the text "UA1 dep JFK …" at equal times: the space after each part
            // sorts before any character of a designator or code.
            entries.sort {
                ($0.time, $0.number, $0.role, $0.code) < ($1.time, $1.number, $1.role, $1.code)
            }
            let line = body.element("tr")
            line.element("th", [("scope", "row")], text: row.label)
            line.element("td", [("class", "num")], text: String(flights))
            let cell = line.element("td")
            list(cell, entries)
            if row.unknownWithoutData, unknown > 0 {
                // Unknown first: "none" must not be the first word a dispatcher reads.
                let rest = entries.isEmpty ? "; none found at the others" : ""
                cell.element(
                    "p", [("class", "unknown-note")],
                    text: "Unknown at \(EndCoverage.ends(unknown)) without complete data (see No or incomplete weather)"
                        + rest + ".")
            } else if entries.isEmpty {
                cell.text("none")
            }
        }
    }

    /// The entries, each its flight linked to the route page and its airport to the station
    /// page: the first ``shownPerRow`` in a list, up to ``foldCap`` more in a `<details>` fold
    /// that opens in place, and the rest counted.
    private static func list(_ cell: HTMLNode, _ entries: [Entry]) {
        guard !entries.isEmpty else { return }
        func items(_ list: HTMLNode, _ slice: ArraySlice<Entry>) {
            for entry in slice {
                let item = list.element("li")
                item.element(
                    "a", [("href", ReportLinks.route(entry.route, from: .top))], text: "\(entry.number) \(entry.role)")
                item.text(" ")
                item.element("a", [("href", ReportLinks.station(entry.code, from: .top))], text: entry.code)
                item.text(" " + Timestamp.utcAndLocal(entry.time, zone: entry.zone))
            }
        }
        items(cell.element("ul", [("class", "glance-list")]), entries.prefix(shownPerRow))
        guard entries.count > shownPerRow else { return }
        let folded = entries.dropFirst(shownPerRow).prefix(foldCap)
        let details = cell.element("details", [("class", "glance-more")])
        details.element("summary", text: "\(entries.count - shownPerRow) more flight ends")
        items(details.element("ul", [("class", "glance-list")]), folded)
        let unlisted = entries.count - shownPerRow - folded.count
        guard unlisted > 0 else { return }
        details.element(
            "p", [("class", "cap-note")],
            text: "\(unlisted) more not listed: each station page lists the hazards at its flights "
                + "(see the station table).")
    }
}
