internal import FleetBriefing
internal import FleetHTML
internal import FleetWeather

/// The fleet map's station markers: one per station, a shape per risk (so the map reads in
/// greyscale and for readers who do not tell the colours apart), linked to the station page.
enum FleetMapMarkers {
    /// The marker shapes, centred on the origin, drawn with `<use>`: defined once, so a marker
    /// costs a reference and a position.
    static func shape(_ risk: Risk) -> String {
        switch risk {
        // A warning triangle, the largest, so red stations stand out among the others.
        case .red: "M0-7 7 5H-7z"
        // A diamond.
        case .amber: "M0-6 6 0 0 6-6 0z"
        // A hollow square (styled with no fill): no data, never taken for calm.
        case .unknown: "M-4-4h8v8h-8z"
        // A small dot.
        case .green: "M-3.5 0a3.5 3.5 0 1 0 7 0 3.5 3.5 0 1 0-7 0z"
        }
    }

    /// The id of a risk's shape (`stn-red`).
    static func symbol(_ risk: Risk) -> String { "stn-\(risk.rawValue)" }

    /// Adds the shapes to the map's `<defs>`.
    static func definitions(_ defs: HTMLNode) {
        for risk in Risk.allCases { defs.element("path", [("id", symbol(risk)), ("d", shape(risk))]) }
    }

    /// What a marker's `<title>` says: "ORD Chicago O'Hare International Airport — RED: 3 red,
    /// 1 amber, 10 green ends; worst: Strong gusts". Counts of zero are left out (the title is
    /// repeated for thousands of stations on a large network).
    static func title(_ station: Station) -> String {
        let counts = Risk.allCases.compactMap { risk -> String? in
            let count = station.count(risk)
            return count > 0 ? "\(count) \(risk.rawValue)" : nil
        }
        var title = "\(station.code) \(PageKit.airportName(station.airport)) — \(station.worstRisk.rawValue.uppercased()): "
        title += counts.joined(separator: ", ") + " end" + (station.departures.count + station.arrivals.count == 1 ? "" : "s")
        if let hazard = station.worstHazard { title += "; worst: \(hazard.kind.label)" }
        return title
    }

    /// Draws the markers, calm first so the worst are on top, then the code of every red
    /// station beside its marker (after all markers, so no marker hides a label).
    ///
    /// - Parameters:
    ///   - svg: The map.
    ///   - stations: The run's stations.
    ///   - view: The map's view.
    static func render(_ svg: HTMLNode, _ stations: [Station], view: FleetMapView) {
        let layer = svg.element("g", [("class", "stns")])
        var labels: [(code: String, x: Double, y: Double)] = []
        for risk in Risk.allCases.reversed() {
            for station in stations where station.worstRisk == risk {
                let position = view.project(station.airport.location)
                let link = layer.element(
                    "a",
                    [
                        ("href", ReportLinks.station(station.code, from: .top)),
                        ("class", "stn risk-\(risk.rawValue)"), ("data-risk", risk.rawValue),
                    ])
                link.element("title", text: title(station))
                link.element(
                    "use",
                    [("href", "#\(symbol(risk))"), ("x", Fixed.whole(position.x)), ("y", Fixed.whole(position.y))])
                if risk == .red { labels.append((station.code, position.x, position.y)) }
            }
        }
        guard !labels.isEmpty else { return }
        // Labels are not links: the marker under each is, and a second link would be a second
        // tab stop for the same station.
        let names = svg.element("g", [("class", "stn-labels"), ("aria-hidden", "true")])
        for label in labels {
            names.element(
                "text", [("x", Fixed.whole(label.x + 9)), ("y", Fixed.whole(label.y + 4))], text: label.code)
        }
    }
}
