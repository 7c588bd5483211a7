internal import FleetBriefing
internal import FleetHTML
internal import FleetWeather
internal import Foundation

/// The fleet map's key (HTML under the map, so it reflows and prints at text size) and its
/// scale bar (in the map, where its length means something).
enum FleetMapLegend {
    /// What each risk means on the map.
    static func meaning(_ risk: Risk) -> String {
        switch risk {
        case .red: "Red: an end at red risk"
        case .amber: "Amber: an end at amber risk, none red"
        case .unknown: "Unknown: an end without usable weather"
        case .green: "Green: every end green"
        }
    }

    /// Adds the key: a shape and line sample per risk with its station and route counts, then
    /// what the lines are and, when the arcs were capped, how many are drawn.
    ///
    /// - Parameters:
    ///   - figure: The map's figure.
    ///   - stations: Stations by their worst risk.
    ///   - routes: Airport pairs (lines) by their worst risk, all of them, drawn or not.
    ///   - drawn: How many arcs are drawn.
    ///   - unnamed: Red stations left unnamed for lack of room.
    ///   - detailed: Whether marker titles give the counts and worst hazard.
    static func render(
        _ figure: HTMLNode, stations: [Risk: Int], routes: [Risk: Int], drawn: Int, unnamed: Int, detailed: Bool
    ) {
        let caption = figure.element("figcaption", [("class", "map-legend")])
        let list = caption.element("ul")
        for risk in Risk.allCases {
            let item = list.element("li")
            let key = item.element(
                "svg",
                [
                    ("class", "map-key"), ("viewBox", "-9 -8 40 16"), ("width", "40"), ("height", "16"),
                    ("aria-hidden", "true"),
                ])
            key.element("use", [("href", "#\(FleetMapMarkers.symbol(risk))"), ("class", "stn risk-\(risk.rawValue)")])
            key.element("path", [("class", "arc arc-\(risk.rawValue)"), ("d", "M12 0h19")])
            let stationCount = stations[risk] ?? 0
            let routeCount = routes[risk] ?? 0
            item.text(
                "\(meaning(risk)) — \(stationCount) station\(stationCount == 1 ? "" : "s"), "
                    + "\(routeCount) line\(routeCount == 1 ? "" : "s")")
        }
        let total = routes.values.reduce(0, +)
        let note = caption.element("p", [("class", "map-note")])
        var text =
            detailed
            ? "Markers link to station pages and name the ends there by risk; red stations are named. "
            : "Markers link to station pages (counts by risk are in the station table); red stations are named. "
        if unnamed > 0 {
            text += "\(unnamed) red station\(unnamed == 1 ? " is" : "s are") not named, for lack of room. "
        }
        text +=
            "Each line is the great circle between two airports, flown one way or both, in the style of its worst flight."
        if drawn < total {
            text += " \(drawn) of \(total) lines drawn, the worst first."
        }
        note.text(text)
    }

    /// A round length of at most `maximum`: 1, 2 or 5 times a power of ten.
    static func roundLength(atMost maximum: Double) -> Double {
        guard maximum > 0 else { return 0 }
        let power = pow(10, floor(log10(maximum)))
        for step in [5.0, 2, 1] where step * power <= maximum { return step * power }
        return power
    }

    /// Adds the scale bar in `box`: one bar in kilometres, one in nautical miles, both true at
    /// the view's middle latitude, which the caption names.
    static func scaleBar(_ svg: HTMLNode, view: FleetMapView, box: FleetMapScaleBox) {
        let lengths = FleetMapScaleBox.lengths(view)
        let left = box.x + 6
        let bottom = box.y + 58
        let group = svg.element("g", [("class", "map-scale")])
        group.element(
            "rect",
            [
                ("x", Fixed.whole(box.x)), ("y", Fixed.whole(box.y)), ("width", Fixed.whole(box.width)),
                ("height", Fixed.whole(box.height)), ("rx", "4"),
            ])
        func bar(_ length: Double, _ label: String, at y: Double) {
            group.element(
                "path",
                [("d", "M\(Fixed.whole(left)) \(Fixed.whole(y - 5))v5h\(Fixed.text(length, decimals: 1))v-5")])
            group.element(
                "text", [("x", Fixed.whole(left + length + 6)), ("y", Fixed.whole(y))], text: label)
        }
        bar(lengths.kmUnits, "\(Fixed.whole(lengths.km)) km", at: bottom - 34)
        bar(lengths.nmUnits, "\(Fixed.whole(lengths.nm)) NM", at: bottom - 16)
        let latitude = view.middleLatitude
        let hemisphere = latitude >= 0 ? "N" : "S"
        group.element(
            "text", [("class", "map-scale-note"), ("x", Fixed.whole(left)), ("y", Fixed.whole(bottom - 44))],
            text: "Scale at \(Fixed.whole(abs(latitude)))°\(hemisphere)")
    }
}

/// Where the scale bar is drawn: a box in a lower corner of the map, in view units, which
/// ``FleetMap/layout(stations:routes:)`` keeps clear of markers and the labels avoid.
struct FleetMapScaleBox: Sendable, Equatable {
    let x: Double
    let y: Double
    let width: Double
    let height: Double

    /// How far a marker's centre must stay from the box (the largest marker is 14 units wide).
    static let markerMargin = 8.0

    /// The bars' round lengths and their lengths in view units, at the view's middle latitude.
    static func lengths(_ view: FleetMapView) -> (km: Double, kmUnits: Double, nm: Double, nmUnits: Double) {
        // 1° of latitude is 111.19 km on the sphere; x and y share units at the middle latitude.
        let kmPerUnit = GreatCircle.earthRadiusKm * .pi / 180 / view.unitsPerDegree
        let longest = 160.0
        let km = FleetMapLegend.roundLength(atMost: longest * kmPerUnit)
        let nm = FleetMapLegend.roundLength(atMost: longest * kmPerUnit / 1.852)
        return (km, km / kmPerUnit, nm, nm * 1.852 / kmPerUnit)
    }

    init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The box in the lower left corner of `view`, or the lower right.
    init(view: FleetMapView, atRight: Bool) {
        let lengths = Self.lengths(view)
        width = max(lengths.kmUnits, lengths.nmUnits) + 80
        height = 62
        x = atRight ? FleetMapView.width - 6 - width : 6
        y = view.height - 6 - height
    }

    /// Whether `point` lies in the box grown by `margin` on every side.
    func holds(_ point: (x: Double, y: Double), margin: Double = 0) -> Bool {
        point.x >= x - margin && point.x <= x + width + margin && point.y >= y - margin
            && point.y <= y + height + margin
    }
}
