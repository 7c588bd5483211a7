internal import FleetBriefing
internal import FleetHTML
internal import FleetWeather
internal import Foundation

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

    /// Above this many stations, marker titles give only code, name and worst risk: the
    /// counts and the worst hazard (about 50 bytes a station) would take the map past its
    /// budget at the benchmark's 4,000 stations; the station table and pages still give them.
    static let detailedTitles = 1_500

    /// What a marker's `<title>` says: "ORD Chicago O'Hare International Airport — RED: 3 red,
    /// 1 amber, 10 green ends; worst: Strong gusts" (counts of zero left out), or only up to
    /// the risk when `detailed` is false.
    static func title(_ station: Station, detailed: Bool = true) -> String {
        let title =
            "\(station.code) \(PageKit.airportName(station.airport)) — \(station.worstRisk.rawValue.uppercased())"
        guard detailed else { return title }
        let counts = Risk.allCases.compactMap { risk -> String? in
            let count = station.count(risk)
            return count > 0 ? "\(count) \(risk.rawValue)" : nil
        }
        let ends = station.departures.count + station.arrivals.count
        var detail = title + ": " + counts.joined(separator: ", ") + (ends == 1 ? " end" : " ends")
        if let hazard = station.worstHazard { detail += "; worst: \(hazard.kind.label)" }
        return detail
    }

    /// How far from their common spot the markers of stations on one spot are drawn (BSL and
    /// MLH are one airfield, EuroAirport): each its own marker, apart enough to be told apart
    /// and clicked (the largest marker is 14 units wide).
    static let ringRadius = 8.0

    /// The markers' positions: each station's projected place, except that stations on one
    /// spot (the same whole unit) are set around it on a ring, the first to its left and
    /// the others on round, in code order.
    ///
    /// - Returns: The positions, in the order of `stations`, and the spots: the indices of
    ///   the stations on each, with the spot's centre, in the order of their first station.
    static func positions(_ stations: [Station], view: FleetMapView) -> (
        positions: [(x: Double, y: Double)], spots: [(members: [Int], x: Double, y: Double)]
    ) {
        struct Spot: Hashable {
            let x: Int
            let y: Int
        }
        var positions = stations.map { view.project($0.airport.location) }
        var index: [Spot: Int] = [:]
        var spots: [(members: [Int], x: Double, y: Double)] = []
        for (station, position) in positions.enumerated() {
            let spot = Spot(x: Int(position.x.rounded()), y: Int(position.y.rounded()))
            if let known = index[spot] {
                spots[known].members.append(station)
            } else {
                index[spot] = spots.count
                spots.append(([station], position.x, position.y))
            }
        }
        for spot in spots where spot.members.count > 1 {
            for (order, station) in spot.members.enumerated() {
                let angle = Double.pi + 2 * Double.pi * Double(order) / Double(spot.members.count)
                positions[station] = (spot.x + ringRadius * cos(angle), spot.y + ringRadius * sin(angle))
            }
        }
        return (positions, spots)
    }

    /// Draws the markers in one group per risk (`<g class="stn risk-red" data-risk="red">`:
    /// the class and risk once per group, not per marker, as bytes count at thousands of
    /// stations), calm first so the worst are on top; then the codes of red stations beside
    /// their markers (one label for the red stations of one spot, "BSL/MLH"), after all
    /// markers so no marker hides a label, and never on the scale bar.
    ///
    /// - Parameters:
    ///   - svg: The map.
    ///   - stations: The run's stations.
    ///   - view: The map's view.
    ///   - scale: The scale bar's box.
    /// - Returns: How many red stations could not be named for lack of room.
    static func render(_ svg: HTMLNode, _ stations: [Station], view: FleetMapView, avoiding scale: FleetMapScaleBox)
        -> Int
    {
        let layer = svg.element("g", [("class", "stns")])
        let detailed = stations.count <= detailedTitles
        let (positions, spots) = positions(stations, view: view)
        for risk in Risk.allCases.reversed() {
            let members = stations.indices.filter { stations[$0].worstRisk == risk }
            guard !members.isEmpty else { continue }
            let group = layer.element("g", [("class", "stn risk-\(risk.rawValue)"), ("data-risk", risk.rawValue)])
            for member in members {
                let station = stations[member]
                let position = positions[member]
                let link = group.element("a", [("href", ReportLinks.station(station.code, from: .top))])
                link.element("title", text: title(station, detailed: detailed))
                link.element(
                    "use",
                    [("href", "#\(symbol(risk))"), ("x", Fixed.whole(position.x)), ("y", Fixed.whole(position.y))])
            }
        }
        let labels = spots.compactMap { spot -> (codes: [String], x: Double, y: Double, spread: Double)? in
            let red = spot.members.filter { stations[$0].worstRisk == .red }.map { stations[$0].code }
            guard !red.isEmpty else { return nil }
            return (red, spot.x, spot.y, spot.members.count > 1 ? ringRadius : 0)
        }
        guard !labels.isEmpty else { return 0 }
        // Labels are not links: the marker under each is, and a second link would be a second
        // tab stop for the same station.
        let names = svg.element("g", [("class", "stn-labels"), ("aria-hidden", "true")])
        var placer = FleetMapLabels()
        placer.bounds = (FleetMapView.width, view.height)
        placer.reserve(minX: scale.x, minY: scale.y, maxX: scale.x + scale.width, maxY: scale.y + scale.height)
        return labels.filter {
            !placer.add($0.codes.joined(separator: "/"), x: $0.x, y: $0.y, spread: $0.spread, to: names)
        }.map(\.codes.count).reduce(0, +)
    }
}
