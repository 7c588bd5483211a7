internal import FleetAirports
internal import Foundation

/// A place on the globe, in degrees.
struct GeoPoint: Sendable, Equatable {
    var latitude: Double
    var longitude: Double
}

extension Airport {
    /// Where the airport is on the map.
    var location: GeoPoint { GeoPoint(latitude: latitude, longitude: longitude) }
}

/// The part of the globe the fleet map shows and how it is drawn.
///
/// The projection is equirectangular, with longitudes scaled by the cosine of the view's middle
/// latitude: x = (longitude − west) · cos(mid) · s, y = (north − latitude) · s. Distances are
/// then true along that latitude (which is what the scale bar says) and a regional map keeps
/// its shapes; no projection library is needed, and every point costs a few multiplications.
///
/// Longitudes are drawn unwrapped from ``west`` (which may lie outside −180…180): a network
/// across the Pacific is centred on the Pacific, with the seam of the map in the largest
/// stretch of longitude the network does not use.
struct FleetMapView: Sendable, Equatable {
    /// The view's width in SVG units (the `viewBox`); its height follows from the extent.
    static let width = 1000.0
    /// The smallest extent shown, in degrees of latitude and of scaled longitude, so two
    /// nearby airports are not drawn a screen apart (about 670 km by 890 km).
    static let minimumSpan = (latitude: 6.0, longitude: 8.0)
    /// Height over width, kept within these bounds by widening the shorter side.
    static let aspect = (min: 0.45, max: 0.75)

    /// Western edge (unwrapped longitude) and longitudes covered.
    let west: Double
    let longitudeSpan: Double
    /// Northern and southern edges.
    let north: Double
    let south: Double
    /// cos(middle latitude): how much a degree of longitude is shorter than one of latitude.
    let longitudeScale: Double
    /// SVG units per degree of latitude.
    let unitsPerDegree: Double

    /// The view's height in SVG units.
    var height: Double { (north - south) * unitsPerDegree }
    /// The middle latitude, where the scale bar is true.
    var middleLatitude: Double { (north + south) / 2 }
    /// The central longitude, within −180…180.
    var centralLongitude: Double { Self.wrap(west + longitudeSpan / 2) }

    /// The longitude `longitude` unwrapped to lie within 180° of `reference`.
    static func unwrap(_ longitude: Double, near reference: Double) -> Double {
        reference + wrap(longitude - reference)
    }

    /// A longitude brought into −180…180.
    static func wrap(_ longitude: Double) -> Double {
        var value = longitude.truncatingRemainder(dividingBy: 360)
        if value >= 180 { value -= 360 }
        if value < -180 { value += 360 }
        return value
    }

    /// The SVG position of an unwrapped longitude and a latitude.
    func x(_ unwrappedLongitude: Double) -> Double {
        (unwrappedLongitude - west) * longitudeScale * unitsPerDegree
    }

    func y(_ latitude: Double) -> Double { (north - latitude) * unitsPerDegree }

    /// The SVG position of a point, its longitude unwrapped nearest the view's centre.
    func project(_ point: GeoPoint) -> (x: Double, y: Double) {
        (x(Self.unwrap(point.longitude, near: west + longitudeSpan / 2)), y(point.latitude))
    }

    /// The view that shows `points` (the stations and the routes' great-circle points) with a
    /// margin: the longitudes around the largest gap between them, the latitudes between their
    /// extremes, grown to ``minimumSpan`` and into the ``aspect`` bounds.
    ///
    /// - Parameter points: What must be inside; the whole world when empty.
    /// - Returns: The view.
    static func fit(_ points: [GeoPoint]) -> FleetMapView {
        guard !points.isEmpty else { return make(west: -180, span: 360, south: -60, north: 85) }
        let (west, span) = longitudeRange(points.map(\.longitude))
        var south = points.map(\.latitude).min() ?? 0
        var north = points.map(\.latitude).max() ?? 0
        let latitudePad = max(1.5, (north - south) * 0.1)
        south = max(-85, south - latitudePad)
        north = min(88, north + latitudePad)
        var lonSpan = span + max(2, span * 0.1)
        var lonWest = west - (lonSpan - span) / 2
        if lonSpan >= 300 {
            // A network over most of the globe: show it all, seam in the largest gap.
            lonWest = west + span / 2 - 180
            lonSpan = 360
        }
        (south, north) = grown(south, north, to: minimumSpan.latitude)
        let scale = cos((south + north) / 2 * .pi / 180)
        if lonSpan * scale < minimumSpan.longitude {
            let wanted = min(360, minimumSpan.longitude / scale)
            lonWest -= (wanted - lonSpan) / 2
            lonSpan = wanted
        }
        // Into the aspect bounds: a tall network gets more longitude, a wide one more latitude.
        let ratio = (north - south) / (lonSpan * scale)
        if ratio > aspect.max, lonSpan < 360 {
            let wanted = min(360, (north - south) / aspect.max / scale)
            lonWest -= (wanted - lonSpan) / 2
            lonSpan = wanted
        } else if ratio < aspect.min {
            (south, north) = grown(south, north, to: min(170, lonSpan * scale * aspect.min))
        }
        return make(west: lonWest, span: lonSpan, south: south, north: north)
    }

    /// The view with its southern edge moved `degrees` further south (at most to 88°S), the
    /// width kept: room below the network, for the scale bar.
    func extendedSouth(by degrees: Double) -> FleetMapView {
        Self.make(west: west, span: longitudeSpan, south: max(-88, south - degrees), north: north)
    }

    private static func make(west: Double, span: Double, south: Double, north: Double) -> FleetMapView {
        let scale = cos((south + north) / 2 * .pi / 180)
        return FleetMapView(
            west: west, longitudeSpan: span, north: north, south: south, longitudeScale: scale,
            unitsPerDegree: width / (span * scale))
    }

    /// `south…north` grown evenly to at least `span` degrees, kept within ±88° (shifted away
    /// from a pole rather than cut).
    private static func grown(_ south: Double, _ north: Double, to span: Double) -> (Double, Double) {
        guard north - south < span else { return (south, north) }
        let middle = (south + north) / 2
        var low = middle - span / 2
        var high = middle + span / 2
        if high > 88 { (low, high) = (low - (high - 88), 88) }
        if low < -88 { (low, high) = (-88, min(88, high + (-88 - low))) }
        return (low, high)
    }

    /// The smallest range of longitudes holding all of `longitudes`: the complement of the
    /// largest gap between neighbours around the circle. One sort, so linear after it.
    ///
    /// - Returns: The western edge (within −180…180) and the span eastward from it.
    static func longitudeRange(_ longitudes: [Double]) -> (west: Double, span: Double) {
        let sorted = longitudes.map { wrap($0) }.sorted()
        guard let first = sorted.first, let last = sorted.last else { return (-180, 360) }
        // The gap across the antimeridian, from the easternmost round to the westernmost.
        var gap = first + 360 - last
        var west = first
        for (low, high) in zip(sorted, sorted.dropFirst()) where high - low > gap {
            gap = high - low
            west = high
        }
        return (west, 360 - gap)
    }
}
