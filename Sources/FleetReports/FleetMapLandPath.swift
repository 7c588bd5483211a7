extension FleetMapLand {
    /// The path data of the land inside `view`: only the rings that meet it, each drawn once
    /// for every ±360° copy that meets it (so a view across the antimeridian shows no seam),
    /// clipped to the view and rounded to whole units (about a pixel).
    ///
    /// - Parameter view: The map's view.
    /// - Returns: The `d` of one path (empty when no land is in view).
    func path(in view: FleetMapView) -> String {
        var path = FleetMapPath()
        let east = view.west + view.longitudeSpan
        let box = ClipBox(minX: -2, minY: -2, maxX: FleetMapView.width + 2, maxY: view.height + 2)
        for ring in rings where ring.maxLatitude >= view.south && ring.minLatitude <= view.north {
            for shift in [-360.0, 0, 360]
            where ring.maxLongitude + shift >= view.west && ring.minLongitude + shift <= east {
                var points: [(x: Double, y: Double)] = []
                points.reserveCapacity(ring.longitudes.count)
                for (longitude, latitude) in zip(ring.longitudes, ring.latitudes) {
                    points.append((view.x(longitude + shift), view.y(latitude)))
                }
                Self.draw(box.clip(points), into: &path)
            }
        }
        return path.data
    }

    /// Adds a closed ring, leaving out steps of a unit or less and rings that come to less
    /// than a triangle.
    private static func draw(_ points: [(x: Double, y: Double)], into path: inout FleetMapPath) {
        guard points.count >= 3 else { return }
        var rounded: [(Int, Int)] = []
        for point in points {
            let next = (Int(point.x.rounded()), Int(point.y.rounded()))
            // A step of at most one unit each way is below what the view shows (about a pixel).
            if let last = rounded.last, abs(last.0 - next.0) <= 1, abs(last.1 - next.1) <= 1 { continue }
            rounded.append(next)
        }
        if let first = rounded.first, let last = rounded.last, rounded.count > 1, first == last { rounded.removeLast() }
        guard rounded.count >= 3 else { return }
        path.move(Double(rounded[0].0), Double(rounded[0].1))
        for point in rounded.dropFirst() { path.line(Double(point.0), Double(point.1)) }
        path.close()
    }
}

/// A rectangle polygons are clipped to (Sutherland–Hodgman, one pass per edge: linear in the
/// ring's points). What lies outside would only cost bytes; the margin keeps the clipped
/// edges, which run along it, out of sight.
struct ClipBox {
    let minX: Double
    let minY: Double
    let maxX: Double
    let maxY: Double

    func clip(_ polygon: [(x: Double, y: Double)]) -> [(x: Double, y: Double)] {
        var points = polygon
        points = pass(points, inside: { $0.x >= minX }, cross: { a, b in at(x: minX, a, b) })
        points = pass(points, inside: { $0.x <= maxX }, cross: { a, b in at(x: maxX, a, b) })
        points = pass(points, inside: { $0.y >= minY }, cross: { a, b in at(y: minY, a, b) })
        points = pass(points, inside: { $0.y <= maxY }, cross: { a, b in at(y: maxY, a, b) })
        return points
    }

    private typealias Point = (x: Double, y: Double)

    private func pass(
        _ points: [Point], inside: (Point) -> Bool, cross: (Point, Point) -> Point
    ) -> [Point] {
        guard let last = points.last else { return [] }
        if points.allSatisfy(inside) { return points }
        var result: [Point] = []
        result.reserveCapacity(points.count)
        var previous = last
        for point in points {
            switch (inside(previous), inside(point)) {
            case (true, true): result.append(point)
            case (true, false): result.append(cross(previous, point))
            case (false, true):
                result.append(cross(previous, point))
                result.append(point)
            case (false, false): break
            }
            previous = point
        }
        return result
    }

    private func at(x: Double, _ a: Point, _ b: Point) -> Point {
        (x, a.y + (b.y - a.y) * (x - a.x) / (b.x - a.x))
    }

    private func at(y: Double, _ a: Point, _ b: Point) -> Point {
        (a.x + (b.x - a.x) * (y - a.y) / (b.y - a.y), y)
    }
}
