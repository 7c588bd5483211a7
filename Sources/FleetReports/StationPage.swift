internal import FleetAirports
internal import FleetBriefing
internal import FleetHTML
internal import FleetSchedule
internal import FleetWeather
internal import Foundation

/// `stations/CODE.html`: one airport of the run as a dispatcher at it sees it ("what leaves ORD
/// this morning?"): its weather card, its severe alerts first, then departures and arrivals in
/// time order, each flight linking to its route page and its other end's station page.
///
/// Built from one ``Station`` (gathered once for the whole run), so a page costs its own flights
/// and never a pass over the fleet.
enum StationPage {
    /// The slots ``render(_:model:templates:)`` fills beyond the frame's.
    static let slots = ["station", "departures", "arrivals", "alerts"]

    /// Renders the page.
    ///
    /// - Parameters:
    ///   - station: The station, with its flights.
    ///   - model: The report model (weather by airport, the run's time).
    ///   - templates: The templates (`station.html`).
    /// - Returns: The page.
    static func render(_ station: Station, model: ReportModel, templates: ReportTemplates) throws -> String {
        String(decoding: try document(station, model: model, templates: templates).renderBytes(), as: UTF8.self)
    }

    /// The page as a document (``ReportWriter`` writes its bytes without making a `String`).
    static func document(_ station: Station, model: ReportModel, templates: ReportTemplates) throws -> HTMLDocument {
        let airport = station.airport
        let document = try PageKit.frame(
            template: templates.stationPage, templates: templates,
            title: "Station \(airport.code): \(PageKit.airportName(airport))",
            attributionURL: model.attributionURL, generated: model.generatedLine, marks: model.marks)
        // Before the card is filled: in a template without a banner slot the banner becomes the
        // first child of the station slot, at the top of the page either way.
        // The station's own ends only: the far ends' alerts are on their own station's pages.
        let ends = FlightEnds(station, model.briefings)
        AlertBanner.render(try AlertBanner.place(in: document, fallback: "station"), ends)
        StationCard.render(try document.slot("station"), station, model: model)
        StationBoard.render(
            try document.slot("departures"), station.departures, of: model.briefings, board: .departures,
            now: model.briefedAt)
        StationBoard.render(
            try document.slot("arrivals"), station.arrivals, of: model.briefings, board: .arrivals,
            now: model.briefedAt)
        AlertsSection.render(try document.slot("alerts"), ends, scope: .station(station.code))
        return document
    }
}

/// The station's weather card: the airport, its ends by risk and worst hazard, the latest
/// observation, the daily outlook of each local day its flights use, and the hourly strip over
/// their hours.
enum StationCard {
    static func render(_ section: HTMLNode, _ station: Station, model: ReportModel) {
        let airport = station.airport
        let panel = section.element("div", [("class", "end station-card")])
        panel.element("h2", text: "\(airport.code) \(PageKit.airportName(airport))")
        panel.element("p", [("class", "muted")], text: EndCard.facts(airport))
        counts(panel, station)
        let weather = model.weatherByAirport[airport.code]
        EndCard.now(panel, weather?.current, zone: airport.timeZone, runTime: model.briefedAt)
        let ends = FlightEnds(station, model.briefings).map(\.end).sorted { $0.time < $1.time }
        outlook(panel, ends, zone: airport.timeZone)
        HourlyStrip.render(
            panel, spanning: ends.map(\.time), airport: airport, weather: weather, values: model.stripValues)
    }

    /// "12 departures and 10 arrivals; flight ends here by risk: RED 2 · AMBER 5 …", then the
    /// worst hazard with its severity in words.
    private static func counts(_ parent: HTMLNode, _ station: Station) {
        let departures = station.departures.count
        let arrivals = station.arrivals.count
        parent.element(
            "p",
            text:
                "\(departures) departure\(departures == 1 ? "" : "s") and \(arrivals) arrival\(arrivals == 1 ? "" : "s") "
                + "in this run; flight ends here by their risk at the scheduled time:")
        let list = parent.element("ul", [("class", "counts station-counts")])
        for risk in Risk.allCases where station.count(risk) > 0 {
            list.element(
                "li", [("class", "risk-\(risk.rawValue)")],
                text: "\(risk.rawValue.uppercased()): \(station.count(risk))")
        }
        let line = parent.element("p", [("class", "worst-hazard")])
        guard let hazard = station.worstHazard else {
            let unknown = station.count(.unknown)
            line.text(
                unknown == 0
                    ? "No hazard at any scheduled time here."
                    : "No hazard found at the ends with data; \(EndCoverage.ends(unknown)) here without data.")
            return
        }
        line.text("Worst hazard: ")
        EndSummary.chips(line, [hazard])
        if hazard.detail != hazard.kind.label { line.element("span", [("class", "muted")], text: hazard.detail) }
    }

    /// One outlook line per local day the station's flights use, from the first end of that day
    /// with the day in its data.
    private static func outlook(_ parent: HTMLNode, _ ends: [EndBriefing], zone: String) {
        var days: [(label: String, day: DayWeather?)] = []
        for end in ends {
            let label = Timestamp.dayLabel(end.time, zone: zone)
            if let last = days.last, last.label == label {
                if last.day == nil, let day = end.day { days[days.count - 1].day = day }
            } else {
                days.append((label, end.day))
            }
        }
        guard !days.isEmpty else { return }
        parent.element("h3", text: days.count == 1 ? "Daily outlook" : "Daily outlook, the days of its flights")
        for (label, day) in days { DailyOutlook.line(parent, label, day, zone: zone) }
    }
}
