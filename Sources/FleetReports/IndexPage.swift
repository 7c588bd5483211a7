internal import FleetAirports
internal import FleetBriefing
internal import FleetHTML
internal import FleetPlan
internal import FleetSchedule
internal import FleetWeather
internal import Foundation

/// `index.html`: the fleet overview a dispatcher opens first.
enum IndexPage {
    /// The slots ``render(_:templates:)`` fills beyond the frame's.
    static let slots = ["summary", "risk-counts", "changes", "flights", "airports", "alerts", "rejects"]

    static func render(_ model: ReportModel, templates: ReportTemplates) throws -> String {
        String(decoding: try document(model, templates: templates).renderBytes(), as: UTF8.self)
    }

    /// The page as a document (``ReportWriter`` writes its bytes without making a `String`).
    static func document(_ model: ReportModel, templates: ReportTemplates) throws -> HTMLDocument {
        let document = try PageKit.frame(
            template: templates.indexPage, templates: templates,
            title:
                "Fleet weather briefing — \(Timestamp.dayLabel(model.startedAt)) \(Timestamp.utcClock(model.startedAt))",
            attributionURL: model.attributionURL, generated: model.generatedLine, marks: model.marks)
        // The banner first: in a template without a banner slot it opens the summary slot.
        AlertBanner.render(
            try AlertBanner.place(in: document, fallback: "summary"), FlightEnds(both: model.briefings), level: .top)
        summary(try document.slot("summary"), model)
        let counts = try document.slot("risk-counts")
        riskCounts(counts, model)
        HazardGlance.render(counts, model.briefings)
        FleetMap.render(try document.slot("map", fallback: "risk-counts"), model)
        ChangesSection.render(try document.slot("changes"), model.changes)
        // The finder before the flights: in a template without a lookup slot it opens the
        // flights slot, above the table it completes.
        FlightLookup.render(try document.slot("lookup", fallback: "flights"), model)
        IndexFlights.render(try document.slot("flights"), model)
        AirportsSection.render(try document.slot("airports"), model.briefings)
        StationTable.render(try document.slot("stations", fallback: "airports"), model.stations)
        AlertsSection.render(try document.slot("alerts"), FlightEnds(both: model.briefings), level: .top)
        rejects(try document.slot("rejects"), model.rejects, count: model.rejectedCount)
        return document
    }

    private static func summary(_ section: HTMLNode, _ model: ReportModel) {
        let summary = model.summary
        let list = section.element("dl", [("class", "band")])
        func item(_ term: String, _ value: String) {
            let group = list.element("div")
            group.element("dt", text: term)
            group.element("dd", text: value)
        }
        item("Run (UTC)", "\(Timestamp.dayLabel(model.startedAt)) \(Timestamp.utcClock(model.startedAt))")
        if model.briefedAt != model.startedAt {
            // A run given --now briefs as of that time, not of when it ran.
            item("Briefed as of", "\(Timestamp.dayLabel(model.briefedAt)) \(Timestamp.utcClock(model.briefedAt))")
        }
        item("Weather data", freshness(model))
        item("Flights", "\(summary.flights.briefed) briefed, \(summary.flights.rejected) rejected")
        item("Routes · airports", "\(summary.routes) · \(summary.airports)")
        item("Requests", "\(summary.requests.sent) sent, \(summary.requests.cacheHits) cells from cache")
        if summary.source == .replay {
            item("Quota", "replayed run: no calls spent")
        } else {
            let left = summary.quota.remaining.map { "\($0) of \(summary.quota.limit)" } ?? "unknown (see the warnings)"
            item("Quota left (\(summary.quota.month))", left)
        }
        if summary.flights.withoutWeather > 0 || summary.flights.stale > 0 {
            item("Attention", "\(summary.flights.withoutWeather) without weather, \(summary.flights.stale) stale")
        }
        let downloads = list.element("div", [("class", "downloads")])
        downloads.element("dt", text: "Downloads")
        let links = downloads.element("dd")
        for (index, file) in downloadFiles.enumerated() {
            if index > 0 { links.text(" · ") }
            links.element("a", [("href", file)], text: file)
        }
    }

    /// The report's data files, beside `index.html` in every report (``ReportWriter``).
    static let downloadFiles = ["flights.csv", "rejects.csv", "run.json"]

    /// "read 05:02Z–05:04Z" from the service's read times, or the replay note.
    private static func freshness(_ model: ReportModel) -> String {
        let reads = model.weatherByAirport.values.compactMap(\.readTime)
        guard let oldest = reads.min(), let newest = reads.max() else { return "none" }
        let range =
            oldest == newest
            ? "\(Timestamp.dayLabel(oldest)) \(Timestamp.utcClock(oldest))"
            : "\(Timestamp.dayLabel(oldest)) \(Timestamp.utcClock(oldest)) – \(Timestamp.dayLabel(newest)) \(Timestamp.utcClock(newest))"
        // The age of the oldest read: data a day old must not pass for tonight's.
        let age = Timestamp.age(model.briefedAt.timeIntervalSince(oldest))
        return (model.summary.source == .replay ? "recorded, read " : "read ") + range + " (oldest \(age))"
    }

    /// The counts per risk. Each `li` names its risk (`data-risk-pill`): table.js turns it into
    /// a button filtering the flights table to that risk; without the script it is plain text.
    private static func riskCounts(_ section: HTMLNode, _ model: ReportModel) {
        section.element("h2", text: "Flights by risk")
        let list = section.element("ul", [("class", "counts"), ("data-filter", FlightTable.filterID)])
        // Counted in one pass over the risks alone (a filter per risk copied every briefing).
        let counts = RiskCounts(counting: model.briefings.lazy.map(\.risk))
        for risk in Risk.allCases {
            let count = counts[risk]
            let item = list.element("li", [("class", "risk-\(risk.rawValue)"), ("data-risk-pill", risk.rawValue)])
            item.text("\(risk.rawValue.uppercased()): \(count)")
        }
    }

    private static func rejects(_ section: HTMLNode, _ rejects: [RejectedRow], count: Int) {
        guard count > 0 else { return }
        section.element("h2", text: "Rejected schedule rows (\(count))")
        let paragraph = section.element("p")
        paragraph.text("These rows were not briefed. Every one is listed with its line and reason in ")
        paragraph.element("a", [("href", "rejects.csv")], text: "rejects.csv")
        paragraph.text(".")
        let table = section.element("table")
        table.element("caption", text: "First rejected rows")
        let head = table.element("thead").element("tr")
        for title in ["Line", "Reason"] { head.element("th", [("scope", "col")], text: title) }
        let body = table.element("tbody")
        for reject in rejects.prefix(50) {
            let row = body.element("tr")
            row.element("td", [("class", "num")], text: String(reject.line))
            row.element("td", text: reject.reason)
        }
    }
}
