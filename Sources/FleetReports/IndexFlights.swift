internal import FleetBriefing
internal import FleetHTML

/// The flights table of the index at any schedule size: every flight up to ``cap``; above it
/// the worst (red, then amber, then unknown) up to ``cap``, with a line counting what is listed
/// and what is not, and where the rest are. At 100,000 flights a complete table was a 112 MB
/// page no browser opened in reasonable time; every flight stays one step away through the
/// finder (``FlightLookup``), the station table (``StationTable``) and the route pages.
enum IndexFlights {
    /// Runs of up to this many flights list them all, as before.
    static let cap = 250

    /// The flights the index lists: all of a run up to ``cap``, else the first ``cap`` that are
    /// not green. `briefings` is worst first (``ReportModel/worstFirst(_:_:)``), so these are
    /// the worst.
    static func listed(_ briefings: [FlightBriefing]) -> [FlightBriefing] {
        guard briefings.count > cap else { return briefings }
        return briefings.prefix(cap).filter { $0.risk != .green }
    }

    static func render(_ section: HTMLNode, _ model: ReportModel) {
        let all = model.briefings
        let listed = listed(all)
        guard listed.count < all.count else {
            FlightTable.render(section, all, now: model.briefedAt, routeLinks: true)
            return
        }
        // Laid out only when scrolled near (`deferred` in the style sheet): 250 rows of end
        // summaries were most of the page's layout time. The placeholder is about their height.
        let list = section.element(
            "div",
            [("class", "deferred"), ("style", "contain-intrinsic-block-size: auto \(listed.count * 110 + 120)px")])
        FlightTable.render(list, listed, now: model.briefedAt, routeLinks: true, total: all.count)
        let note = section.element("p", [("class", "cap-note")])
        note.text(
            // The run's counts by risk are the summary's (counted from these same briefings).
            line(listed: RiskCounts(counting: listed.map(\.risk)), all: model.summary.risk)
                + " Find any flight by its number ")
        note.element("a", [("href", "#" + FlightLookup.headingID)], text: "above")
        note.text(", or open its station from the ")
        note.element("a", [("href", "#" + StationTable.headingID)], text: "station table")
        note.text(" or its route page: each lists all its flights, and ")
        note.element("a", [("href", "flights.csv")], text: "flights.csv")
        note.text(" has every one.")
    }

    /// "Listed: 12 red, 238 of 900 amber. Not listed: 662 amber, 40 unknown, 9,048 green."
    static func line(listed: RiskCounts, all: RiskCounts) -> String {
        var shown: [String] = []
        var hidden: [String] = []
        for risk in Risk.allCases {
            let total = all[risk]
            let count = listed[risk]
            if count > 0 {
                shown.append(count == total ? "\(count) \(risk.rawValue)" : "\(count) of \(total) \(risk.rawValue)")
            }
            if total > count { hidden.append("\(total - count) \(risk.rawValue)") }
        }
        let listedText = shown.isEmpty ? "no red, amber or unknown flight" : shown.joined(separator: ", ")
        return "Listed, worst first: \(listedText). Not listed: \(hidden.joined(separator: ", "))."
    }
}
