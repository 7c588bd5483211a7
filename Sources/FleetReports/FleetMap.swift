internal import FleetBriefing
internal import FleetHTML
internal import FleetWeather

/// The fleet map on the index (issue 12 item 1): the network's stations on the land around
/// them, each marked by its worst risk and linked to its station page, with the routes as
/// great-circle arcs. One inline SVG built through the DOM: no script, no tile, nothing
/// fetched, and it prints.
///
/// Cost is linear and small: one pass over the flights for the routes (capped at
/// ``FleetMapRoute/cap`` arcs), one over the stations, one over the land rings in view.
enum FleetMap {
    /// The `id` of the map's heading (the `<svg>` is labelled by its own `aria-label`).
    static let headingID = "fleet-map"

    /// Adds the heading, the map and its key to `section`.
    ///
    /// - Parameters:
    ///   - section: The index's `map` slot.
    ///   - model: The run.
    static func render(_ section: HTMLNode, _ model: ReportModel) {
        render(section, stations: model.stations, routes: FleetMapRoute.gather(model.briefings))
    }

    /// The map of `stations` and `routes` (worst first), on the bundled land outlines.
    static func render(
        _ section: HTMLNode, stations: [Station], routes: [FleetMapRoute],
        land: Result<FleetMapLand, ReportError> = FleetMapLand.bundled
    ) {
        section.element("h2", [("id", headingID)], text: "Fleet map")
        let drawn = routes.prefix(FleetMapRoute.cap)
        let samples = drawn.map(\.samples)
        var extent = stations.map { $0.airport.location }
        for arc in samples { extent += arc }
        let view = FleetMapView.fit(extent)

        var byRisk: [Risk: Int] = [:]
        for station in stations { byRisk[station.worstRisk, default: 0] += 1 }
        var routesByRisk: [Risk: Int] = [:]
        for route in routes { routesByRisk[route.risk, default: 0] += 1 }

        let figure = section.element("figure", [("class", "fleet-map")])
        let label = summary(stations: stations.count, byRisk: byRisk, routes: routes.count)
        let svg = figure.element(
            "svg",
            [
                ("class", "map-svg"), ("role", "img"), ("aria-label", label),
                ("viewBox", "0 0 \(Fixed.whole(FleetMapView.width)) \(Fixed.whole(view.height))"),
                ("width", Fixed.whole(FleetMapView.width)), ("height", Fixed.whole(view.height)),
                ("xmlns", "http://www.w3.org/2000/svg"),
            ])
        svg.element("title", text: label)
        FleetMapMarkers.definitions(svg.element("defs"))
        svg.element("rect", [("class", "map-sea"), ("width", "100%"), ("height", "100%")])
        switch land {
        case .success(let outlines):
            let path = outlines.path(in: view)
            if !path.isEmpty { svg.element("path", [("class", "map-land"), ("d", path)]) }
        case .failure(let error):
            // Not silent: the map says why it has no land, and the report is still written.
            figure.element("p", [("class", "map-note")], text: error.description)
        }
        arcs(svg, Array(zip(drawn.map(\.risk), samples)), view: view)
        let unnamed = FleetMapMarkers.render(svg, stations, view: view)
        FleetMapLegend.scaleBar(svg, view: view)
        FleetMapLegend.render(
            figure, stations: byRisk, routes: routesByRisk, drawn: drawn.count, unnamed: unnamed,
            detailed: stations.count <= FleetMapMarkers.detailedTitles)
    }

    /// "Map of 20 stations: 2 red, 3 amber, 1 unknown, 14 green; 31 airport pairs".
    static func summary(stations: Int, byRisk: [Risk: Int], routes: Int) -> String {
        let counts = Risk.allCases.map { "\(byRisk[$0] ?? 0) \($0.rawValue)" }.joined(separator: ", ")
        return "Map of \(stations) station\(stations == 1 ? "" : "s"): \(counts); "
            + "\(routes) airport pair\(routes == 1 ? "" : "s")"
    }

    /// One path per risk, calm first so the worst lie on top, all under the markers.
    private static func arcs(_ svg: HTMLNode, _ arcs: [(Risk, [GeoPoint])], view: FleetMapView) {
        guard !arcs.isEmpty else { return }
        let group = svg.element("g", [("class", "arcs")])
        for risk in Risk.allCases.reversed() {
            var path = FleetMapPath()
            for (arcRisk, samples) in arcs where arcRisk == risk { view.arc(samples, into: &path) }
            if !path.isEmpty { group.element("path", [("class", "arc arc-\(risk.rawValue)"), ("d", path.data)]) }
        }
    }
}
