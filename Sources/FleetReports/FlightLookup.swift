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
            var airline = ""
            for number in (numbers[stem] ?? []).sorted() {
                let code = airlineCode(number)
                let tail = number.dropFirst(code.count)
                // Only a tail that reads back as one (a number the schedule reader accepts).
                text += " " + (code == airline && isTail(tail) ? String(tail) : number)
                airline = code
            }
            text += "\n"
        }
        return text
    }

    /// The airline code of a designator: three letters (ICAO), else two characters (IATA), as
    /// the schedule reader accepts them.
    static func airlineCode(_ number: String) -> String {
        let three = number.prefix(3)
        return three.count == 3 && three.allSatisfy { $0.isASCII && $0.isLetter } && number.count > 3
            ? String(three) : String(number.prefix(2))
    }

    /// Reads a block back: flight number → route stems (the tests check it against the run).
    static func parse(_ block: String) -> [String: [String]] {
        var routes: [String: [String]] = [:]
        for line in block.split(separator: "\n") {
            let tokens = line.split(separator: " ")
            guard let stem = tokens.first else { continue }
            var airline = ""
            for token in tokens.dropFirst() {
                let number = isTail(token) ? airline + token : String(token)
                airline = airlineCode(number)
                routes[number, default: []].append(String(stem))
            }
        }
        return routes
    }

    /// Whether a token is a flight number without its airline code: 1–4 digits and an optional
    /// letter. A whole designator never is (its airline code has a letter in its first two
    /// characters, before the digits).
    static func isTail(_ token: Substring) -> Bool {
        var digits = token
        if let last = digits.last, last.isASCII, last.isUppercase { digits = digits.dropLast() }
        return (1...4).contains(digits.count) && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }
}
