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
        let drawn = Array(routes.prefix(FleetMapRoute.cap))
        let (view, scale) = layout(stations: stations, routes: drawn)

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
        var landNote: String?
        switch land {
        case .success(let outlines):
            let path = outlines.path(in: view)
            if !path.isEmpty { svg.element("path", [("class", "map-land"), ("d", path)]) }
        case .failure(let error):
            // Not silent: the map says why it has no land (after the drawing: pages are written
            // in document order), and the report is still written.
            landNote = error.description
        }
        // Under the arcs and markers (and it takes no clicks, style.css): it never hides a station.
        FleetMapLegend.scaleBar(svg, view: view, box: scale)
        arcs(svg, drawn, view: view)
        let unnamed = FleetMapMarkers.render(svg, stations, view: view, avoiding: scale)
        if let landNote { figure.element("p", [("class", "map-note")], text: landNote) }
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

    /// The view of the map and where its scale bar goes: fitted to the stations and the arcs'
    /// great-circle points, with the bar in the lower left corner, else the lower right, where
    /// no marker is, or else below the network, in room the view is grown southward to make.
    ///
    /// - Parameters:
    ///   - stations: The run's stations.
    ///   - routes: The routes drawn.
    /// - Returns: The view and the scale bar's box.
    static func layout(stations: [Station], routes: [FleetMapRoute]) -> (FleetMapView, FleetMapScaleBox) {
        let places = stations.map { $0.airport.location }
        var extent = places
        for route in routes { extent += route.samples }
        var view = FleetMapView.fit(extent)
        func isFree(_ box: FleetMapScaleBox) -> Bool {
            !places.contains { box.holds(view.project($0), margin: FleetMapScaleBox.markerMargin) }
        }
        for atRight in [false, true] {
            let box = FleetMapScaleBox(view: view, atRight: atRight)
            if isFree(box) { return (view, box) }
        }
        // A few rounds: growing the view moves its middle latitude, so the scale, a little.
        for _ in 0..<4 {
            let box = FleetMapScaleBox(view: view, atRight: false)
            guard let lowest = places.map({ view.project($0).y }).max() else { break }
            let short = lowest + FleetMapScaleBox.markerMargin - box.y
            guard short > 0, view.south > -88 else { break }
            view = view.extendedSouth(by: short / view.unitsPerDegree + 0.01)
        }
        return (view, FleetMapScaleBox(view: view, atRight: false))
    }

    /// One path per risk, calm first so the worst lie on top, all under the markers.
    private static func arcs(_ svg: HTMLNode, _ routes: [FleetMapRoute], view: FleetMapView) {
        guard !routes.isEmpty else { return }
        let group = svg.element("g", [("class", "arcs")])
        for risk in Risk.allCases.reversed() {
            var path = FleetMapPath()
            for route in routes where route.risk == risk { view.arc(route, into: &path) }
            if !path.isEmpty { group.element("path", [("class", "arc arc-\(risk.rawValue)"), ("d", path.data)]) }
        }
    }
}
