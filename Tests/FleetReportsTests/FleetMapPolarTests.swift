import FleetAirports
import FleetBriefing
import FleetTestSupport
import Foundation
import Testing

@testable import FleetReports

/// Arcs near a pole (issue 12 review): drawn close to the true great circle, and never off the
/// map (ANC–LYR once drew `M45 352q-335-412 891-224`, a control point far outside the view).
@Suite("Fleet map polar arcs")
struct FleetMapPolarTests {
    @Test(
        "polar and near-polar arcs stay in the view and within 3 units of the great circle",
        arguments: [
            ("ANC", "LYR"), ("FAI", "TOS"), ("DXB", "SEA"), ("JFK", "LHR"), ("LAX", "SYD"),
        ])
    func followsTheCircle(_ pair: (String, String)) throws {
        let from = TestFlights.airport(pair.0)
        let to = TestFlights.airport(pair.1)
        let model = MapFixtures.model([MapFixtures.briefing("FX1", from, to, departure: .red)])
        let svg = MapFixtures.svg(try MapFixtures.render(model))
        let box = try MapFixtures.viewBox(svg)
        let (view, _) = FleetMap.layout(stations: model.stations, routes: FleetMapRoute.gather(model.briefings))
        #expect(abs(view.height - box.height) <= 0.5, "the test's view is the map's")
        let after = try #require(svg.components(separatedBy: "class=\"arc arc-red\" d=\"").dropFirst().first)
        let pieces = try #require(MapPathReader.pieces(String(after.prefix { $0 != "\"" })))
        #expect(!pieces.isEmpty)

        // Every point written, ends and control points, lies in the viewBox (rounding aside).
        for piece in pieces {
            for point in [piece.start, piece.end] + (piece.control.map { [$0] } ?? []) {
                #expect(
                    (-1...box.width + 1).contains(point.x) && (-1...box.height + 1).contains(point.y),
                    "\(pair): \(point) outside \(box)")
            }
        }
        // The true circle, densely, unwrapped continuously from the start.
        let angle = GreatCircle.angle(from.location, to.location)
        var longitude = FleetMapView.unwrap(from.longitude, near: view.west + view.longitudeSpan / 2)
        var circle: [(x: Double, y: Double)] = []
        for step in 0...2_000 {
            let place = GreatCircle.point(from.location, to.location, angle: angle, fraction: Double(step) / 2_000)
            longitude = FleetMapView.unwrap(place.longitude, near: longitude)
            circle.append((view.x(longitude), min(view.height, max(0, view.y(place.latitude)))))
        }
        var worst = 0.0
        for piece in pieces {
            for step in 0...20 {
                let point = piece.at(Double(step) / 20)
                var nearest = Double.infinity
                for (a, b) in zip(circle, circle.dropFirst()) {
                    // The distance to the circle's chord from a to b.
                    let length = (b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)
                    let along =
                        length > 0
                        ? max(0, min(1, ((point.x - a.x) * (b.x - a.x) + (point.y - a.y) * (b.y - a.y)) / length)) : 0
                    let dx = a.x + along * (b.x - a.x) - point.x
                    let dy = a.y + along * (b.y - a.y) - point.y
                    nearest = min(nearest, dx * dx + dy * dy)
                }
                worst = max(worst, nearest.squareRoot())
            }
        }
        #expect(worst < 3, "\(pair): the drawn arc strays \(worst) units from the great circle")
        // And it reaches both ends.
        let first = try #require(pieces.first)
        let last = try #require(pieces.last)
        let start = try #require(circle.first)
        let end = try #require(circle.last)
        #expect(abs(first.start.x - start.x) <= 1 && abs(first.start.y - start.y) <= 1)
        #expect(abs(last.end.x - end.x) <= 1.5 && abs(last.end.y - end.y) <= 1.5)
    }
}
