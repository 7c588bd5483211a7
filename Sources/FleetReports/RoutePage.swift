internal import FleetAirports
internal import FleetBriefing
internal import FleetHTML
internal import FleetSchedule
internal import FleetWeather
internal import Foundation

/// `routes/ORIG-DEST.html`: origin against destination, the route's flights, hourly charts
/// around the scheduled times, and the alerts at either end.
enum RoutePage {
    /// The slots ``render(route:flights:model:templates:)`` fills beyond the frame's.
    static let slots = ["ends", "flights", "charts", "alerts"]

    static func render(
        route: String, flights: [FlightBriefing], model: ReportModel, templates: ReportTemplates
    ) throws -> String {
        let page = try document(route: route, flights: flights, model: model, templates: templates)
        return String(decoding: page.renderBytes(), as: UTF8.self)
    }

    /// The page as a document (``ReportWriter`` writes its bytes without making a `String`).
    static func document(
        route: String, flights: [FlightBriefing], model: ReportModel, templates: ReportTemplates
    ) throws -> HTMLDocument {
        guard let first = flights.first else { throw ReportError.page("route \(route) has no flights") }
        let origin = first.flight.origin
        let destination = first.flight.destination
        let document = try PageKit.frame(
            template: templates.routePage, templates: templates,
            title: "\(origin.code) → \(destination.code): \(origin.city) to \(destination.city)",
            attributionURL: model.attributionURL, generated: model.generatedLine, marks: model.marks)
        // Before the ends are filled: in a template without a banner slot the banner becomes
        // the first child of the ends slot, at the top of the page either way.
        AlertBanner.render(
            try AlertBanner.place(in: document, fallback: "ends"), FlightEnds(both: flights), level: .nested)
        let ends = try document.slot("ends")
        let grid = ends.element("div", [("class", "ends")])
        EndCard.panel(
            grid, airport: origin, role: "Origin", visits: flights.map { .init(flight: $0.flight, end: $0.departure) },
            model: model)
        EndCard.panel(
            grid, airport: destination, role: "Destination",
            visits: flights.map { .init(flight: $0.flight, end: $0.arrival) }, model: model)
        FlightTable.render(
            try document.slot("flights"), flights, now: model.briefedAt, routeLinks: false, level: .nested)
        let charts = try document.slot("charts")
        charts.element("h2", text: "Hourly forecast around the scheduled times")
        let chartGrid = charts.element("div", [("class", "charts")])
        for (airport, times) in [
            (origin, flights.map { ($0.flight.departure, $0.flight.number) }),
            (destination, flights.map { ($0.flight.arrival, $0.flight.number) }),
        ] {
            HourlyChart.render(chartGrid, airport: airport, weather: model.weatherByAirport[airport.code], marks: times)
        }
        // As on the index, for this route.
        AlertsSection.render(try document.slot("alerts"), FlightEnds(both: flights), level: .nested)
        return document
    }
}
