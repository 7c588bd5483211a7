internal import FleetAirports
internal import FleetBriefing
internal import FleetSchedule
internal import Foundation

/// A pair of airports flown between (either way: both directions share one arc), with the
/// worst risk of its flights.
struct FleetMapRoute: Sendable {
    let from: GeoPoint
    let to: GeoPoint
    let risk: Risk

    /// At most this many arcs are drawn (the worst first): 30 to 50 bytes each, so the map
    /// stays within its budget at the 24,900 routes of the benchmark schedule.
    static let cap = 1_500

    /// The airport pairs of `briefings`, worst first.
    ///
    /// One pass: the briefings come worst first (``ReportModel/briefings``), so the first
    /// flight seen of a pair is its worst and the pairs come out in that order too.
    ///
    /// - Parameter briefings: The run's flights, worst first.
    /// - Returns: One route per unordered pair of distinct airports.
    static func gather(_ briefings: [FlightBriefing]) -> [FleetMapRoute] {
        /// An airport pair, whichever way it is flown (no string built per flight).
        struct Pair: Hashable {
            let first: String
            let second: String
        }
        var seen = Set<Pair>()
        var routes: [FleetMapRoute] = []
        for briefing in briefings {
            let origin = briefing.flight.origin
            let destination = briefing.flight.destination
            guard origin.code != destination.code else { continue }
            let key =
                origin.code < destination.code
                ? Pair(first: origin.code, second: destination.code)
                : Pair(first: destination.code, second: origin.code)
            guard seen.insert(key).inserted else { continue }
            routes.append(
                FleetMapRoute(
                    from: origin.location, to: destination.location,
                    risk: briefing.risk))
        }
        return routes
    }

    /// The largest step between the points of ``samples``, in degrees of arc.
    static let sampleStep = 10.0

    /// Points along the great circle, its ends included, at most ``sampleStep`` apart: what
    /// the view is fitted to, so a long-haul arc that bows poleward stays on the map (the
    /// drawing, ``FleetMapView/arc(_:into:)``, follows the circle itself).
    var samples: [GeoPoint] {
        let angle = GreatCircle.angle(from, to)
        let steps = max(1, Int((angle * 180 / .pi / Self.sampleStep).rounded(.up)))
        return (0...steps).map {
            GreatCircle.point(from, to, angle: angle, fraction: Double($0) / Double(steps))
        }
    }
}

/// Great circles on a sphere (the Earth's flattening does not show at map scale).
enum GreatCircle {
    /// The Earth's mean radius, for the scale bar.
    static let earthRadiusKm = 6_371.0

    /// The central angle between two points, in radians (haversine: stable for short ones).
    static func angle(_ a: GeoPoint, _ b: GeoPoint) -> Double {
        let lat1 = a.latitude * .pi / 180
        let lat2 = b.latitude * .pi / 180
        let dLat = lat2 - lat1
        let dLon = (b.longitude - a.longitude) * .pi / 180
        let h = sin(dLat / 2) * sin(dLat / 2) + cos(lat1) * cos(lat2) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * asin(min(1, h.squareRoot()))
    }

    /// The point a `fraction` of the way from `a` to `b` along the shorter great circle
    /// (spherical linear interpolation of the unit vectors).
    static func point(_ a: GeoPoint, _ b: GeoPoint, angle: Double, fraction: Double) -> GeoPoint {
        guard angle > 1e-9 else { return a }
        let lat1 = a.latitude * .pi / 180
        let lon1 = a.longitude * .pi / 180
        let lat2 = b.latitude * .pi / 180
        let lon2 = b.longitude * .pi / 180
        let wa = sin((1 - fraction) * angle) / sin(angle)
        let wb = sin(fraction * angle) / sin(angle)
        let x = wa * cos(lat1) * cos(lon1) + wb * cos(lat2) * cos(lon2)
        let y = wa * cos(lat1) * sin(lon1) + wb * cos(lat2) * sin(lon2)
        let z = wa * sin(lat1) + wb * sin(lat2)
        return GeoPoint(
            latitude: atan2(z, (x * x + y * y).squareRoot()) * 180 / .pi, longitude: atan2(y, x) * 180 / .pi)
    }
}
