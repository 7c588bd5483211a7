internal import FleetAirports
internal import FleetBriefing
internal import FleetHTML
internal import FleetSchedule

/// "Find a flight": a search box over a compact block of every flight of the run, so any
/// flight is one step from the index at any schedule size, while the index lists only the
/// worst (``IndexFlights``).
///
/// The block is a `<template id="flight-index">` (inert: the browser neither renders nor runs
/// it, so the page opens as fast as without it) holding one line per route: the route's file
/// stem, then its flight numbers, sorted, each number once (a flight flown on two days is one
/// number on one route). A number with the airline code of the number before it on its line
/// is written without that code (`UA1 12 345` is UA1, UA12 and UA345): a flight number is 1–4
/// digits and an optional letter, and no designator looks like that alone. Templates/table.js
/// reads the block on the first keystroke, not at page open. At 100,000 flights on 24,900
/// routes the block is about 0.8 MB. Without script the section says where every flight is.
enum FlightLookup {
    /// The id of the section's heading, which the flights table's note links to.
    static let headingID = "find-a-flight"

    /// The id of the data block.
    static let blockID = "flight-index"

    static func render(_ section: HTMLNode, _ model: ReportModel) {
        section.element("h2", [("id", headingID)], text: "Find a flight")
        let form = section.element(
            "form", [("class", "finder"), ("data-finder", blockID), ("role", "search"), ("hidden", "hidden")])
        let label = form.element("label")
        label.text("Flight number or station ")
        label.element(
            "input",
            [
                ("type", "search"), ("placeholder", "UA1545 or ORD"), ("autocomplete", "off"), ("spellcheck", "false"),
                ("aria-describedby", "finder-found"),
            ])
        section.element("ul", [("class", "finder-found"), ("id", "finder-found"), ("aria-live", "polite")])
        section.element(
            "p", [("class", "muted")],
            text: "Every one of the \(model.briefings.count) flights is on its route page and on the station pages "
                + "of both its ends (the station table lists every station), and in flights.csv.")
        section.element("template", [("id", blockID)], text: block(model.briefings))
        section.element("template", [("id", aliasesID)], text: aliases(model.stations))
    }

    /// The id of the block of ICAO codes, for a dispatcher who types `EGLL` where the report
    /// names the airport `LHR` (schedules often use ICAO codes).
    static let aliasesID = "flight-index-icao"

    /// `ICAO CODE` per station whose airport has a real ICAO code other than its report code.
    static func aliases(_ stations: [Station]) -> String {
        var text = ""
        for station in stations where station.airport.hasRealICAO && station.airport.icao != station.code {
            text += station.airport.icao + " " + station.code + "\n"
        }
        return text
    }

    /// The block's text: `STEM NUMBER NUMBER…` per route, routes in order of their names.
    static func block(_ briefings: [FlightBriefing]) -> String {
        var numbers: [String: Set<String>] = [:]
        for briefing in briefings {
            numbers[ReportFiles.routeFileName(briefing.flight.route), default: []].insert(briefing.flight.number)
        }
        var text = ""
        text.reserveCapacity(numbers.count * 10 + briefings.count * 6)
        for stem in numbers.keys.sorted() {
            text += stem
            var airline: String?
            for number in (numbers[stem] ?? []).sorted() {
                // Only a designator the schedule reader accepts is split (every one of a run).
                let parts = FlightDesignator.split(number)
                if let parts, parts.airline == airline {
                    text += " " + parts.number
                } else {
                    text += " " + number
                }
                airline = parts?.airline
            }
            text += "\n"
        }
        return text
    }
}
