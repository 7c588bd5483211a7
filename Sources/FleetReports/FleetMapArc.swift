internal import Foundation

extension FleetMapView {
    /// How far, in view units (about a screen pixel), a drawn arc may stray from the true great
    /// circle before its piece is split.
    static let arcTolerance = 1.5
    /// The longest piece of an arc drawn as one curve, in degrees of arc, however straight it
    /// looks: a quadratic checked at two points cannot hide a wiggle within 45°.
    static let longestPiece = 45.0
    /// How many times a piece may be halved (a 45° piece down to about 0.2°): enough near a
    /// pole, where the longitude swings fast, and a bound on the bytes of any arc. A piece
    /// still astray at the end is drawn as two straight lines, through its middle.
    static let deepestSplit = 8

    /// One step of a drawn arc: a quadratic Bézier (with its control point) or a straight line.
    private enum Step {
        case quad(control: (x: Double, y: Double), to: (x: Double, y: Double))
        case line(to: (x: Double, y: Double))

        var points: [(x: Double, y: Double)] {
            switch self {
            case .quad(let control, let to): [control, to]
            case .line(let to): [to]
            }
        }
    }

    /// Adds one route's arc to `path`, following the great circle within ``arcTolerance``.
    ///
    /// Each piece is a quadratic Bézier through the circle's point at its middle; a piece that
    /// strays further than the tolerance from the circle at its quarters is halved (so a short
    /// arc costs one curve and a near-polar one gets the pieces it needs), and a piece whose
    /// control point would fall outside the view is drawn as two straight lines instead, so no
    /// curve leaves the map. Latitudes beyond the view (a route over the pole itself) are drawn
    /// along its edge. Longitudes are unwrapped from the start, continuously: an arc never jumps
    /// across the map where it crosses the antimeridian. On a whole-world view, the part of an
    /// arc beyond one edge is drawn again at the other.
    func arc(_ route: FleetMapRoute, into path: inout FleetMapPath) {
        let angle = GreatCircle.angle(route.from, route.to)
        let start = Self.unwrap(route.from.longitude, near: west + longitudeSpan / 2)
        func point(_ fraction: Double) -> (x: Double, y: Double) {
            let place = GreatCircle.point(route.from, route.to, angle: angle, fraction: fraction)
            return (x(Self.unwrap(place.longitude, near: start)), min(height, max(0, y(place.latitude))))
        }
        let first = point(0)
        var steps: [Step] = []
        let pieces = max(1, Int((angle * 180 / .pi / Self.longestPiece).rounded(.up)))
        var previous = first
        for index in 1...pieces {
            let next = point(Double(index) / Double(pieces))
            piece(
                from: (Double(index - 1) / Double(pieces), previous), to: (Double(index) / Double(pieces), next),
                depth: 0, point: point, into: &steps)
            previous = next
        }
        Self.write(first, steps, shift: 0, into: &path)
        guard longitudeSpan >= 360 else { return }
        let xs = [first.x] + steps.flatMap { $0.points.map(\.x) }
        if let low = xs.min(), low < 0 { Self.write(first, steps, shift: Self.width, into: &path) }
        if let high = xs.max(), high > Self.width { Self.write(first, steps, shift: -Self.width, into: &path) }
    }

    /// Whether a control point lies within the view (across it only, on a whole-world view,
    /// whose arcs cross its sides by design and are drawn again at the other side).
    private func contains(_ point: (x: Double, y: Double)) -> Bool {
        (0...height).contains(point.y) && (longitudeSpan >= 360 || (0...Self.width).contains(point.x))
    }

    /// The steps of the arc between two of its points (fraction along it, view position).
    private func piece(
        from start: (Double, (x: Double, y: Double)), to end: (Double, (x: Double, y: Double)), depth: Int,
        point: (Double) -> (x: Double, y: Double), into steps: inout [Step]
    ) {
        let middleFraction = (start.0 + end.0) / 2
        let middle = point(middleFraction)
        let control = (x: 2 * middle.x - (start.1.x + end.1.x) / 2, y: 2 * middle.y - (start.1.y + end.1.y) / 2)
        let quarters = [(0.25, start.0 * 0.75 + end.0 * 0.25), (0.75, start.0 * 0.25 + end.0 * 0.75)]
        let strays = quarters.contains { t, fraction in
            let onCircle = point(fraction)
            let a = (1 - t) * (1 - t)
            let b = 2 * t * (1 - t)
            let c = t * t
            let dx = a * start.1.x + b * control.x + c * end.1.x - onCircle.x
            let dy = a * start.1.y + b * control.y + c * end.1.y - onCircle.y
            return dx * dx + dy * dy > Self.arcTolerance * Self.arcTolerance
        }
        let fits = !strays && contains(control)
        if !fits, depth < Self.deepestSplit {
            piece(from: start, to: (middleFraction, middle), depth: depth + 1, point: point, into: &steps)
            piece(from: (middleFraction, middle), to: end, depth: depth + 1, point: point, into: &steps)
        } else if fits {
            steps.append(.quad(control: control, to: end.1))
        } else {
            steps.append(.line(to: middle))
            steps.append(.line(to: end.1))
        }
    }

    /// Writes an arc's steps, shifted across the view by `shift`.
    private static func write(
        _ first: (x: Double, y: Double), _ steps: [Step], shift: Double, into path: inout FleetMapPath
    ) {
        path.move(first.x + shift, first.y)
        for step in steps {
            switch step {
            case .quad(let control, let to): path.quad(control.x + shift, control.y, to.x + shift, to.y)
            case .line(let to): path.line(to.x + shift, to.y)
            }
        }
    }
}
