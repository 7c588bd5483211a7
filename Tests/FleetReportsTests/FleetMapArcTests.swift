import FleetBriefing
import FleetTestSupport
import Foundation
import Testing

@testable import FleetReports

/// Routes on the fleet map: great circles, worst first, capped with the cap said in the key.
@Suite("Fleet map routes")
struct FleetMapArcTests {
    @Test("the arc of JFK–LHR follows the great circle, north of the straight line")
    func greatCircle() throws {
        let jfk = TestFlights.airport("JFK").location
        let lhr = TestFlights.airport("LHR").location
        let angle = GreatCircle.angle(jfk, lhr)
        #expect(abs(angle * GreatCircle.earthRadiusKm - 5_540) < 30, "JFK–LHR is about 5,540 km")
        let middle = GreatCircle.point(jfk, lhr, angle: angle, fraction: 0.5)
        #expect(middle.latitude > (jfk.latitude + lhr.latitude) / 2 + 4, "\(middle)")

        // Drawn: the curve passes through the projected great-circle middle, above the chord.
        let route = FleetMapRoute(from: jfk, to: lhr, risk: .red)
        let samples = route.samples
        let view = FleetMapView.fit([jfk, lhr] + samples)
        let start = view.project(jfk)
        let end = view.project(lhr)
        let mid = view.project(samples[samples.count / 2])
        #expect(mid.y < (start.y + end.y) / 2 - 20, "the arc bows north (up) of the chord")
        let svg = MapFixtures.svg(
            try MapFixtures.render(
                MapFixtures.model([
                    MapFixtures.briefing("BA1", TestFlights.airport("JFK"), TestFlights.airport("LHR"), departure: .red)
                ])))
        let arc = try #require(svg.components(separatedBy: "class=\"arc arc-red\" d=\"").dropFirst().first)
        #expect(arc.prefix { $0 != "\"" }.contains("q"), "drawn as curves, not a straight line")
    }

    @Test("both directions of a pair share one arc in the colour of the pair's worst flight")
    func pairs() {
        let jfk = TestFlights.airport("JFK")
        let lhr = TestFlights.airport("LHR")
        let model = MapFixtures.model([
            MapFixtures.briefing("BA1", jfk, lhr), MapFixtures.briefing("BA2", lhr, jfk, arrival: .amber, line: 3),
        ])
        let routes = FleetMapRoute.gather(model.briefings)
        #expect(routes.count == 1)
        #expect(routes.first?.risk == .amber)
    }

    @Test("beyond the cap the worst arcs are drawn and the key says how many of all")
    func cap() throws {
        // Routes within Europe, so no arc is drawn twice across the map's seam.
        let total = FleetMapRoute.cap + 300
        var routes: [FleetMapRoute] = []
        for index in 0..<total {
            let from = GeoPoint(latitude: 40 + Double(index % 20), longitude: Double(index % 30) - 5)
            let to = GeoPoint(latitude: 45 + Double(index % 13), longitude: Double(index % 17) + 2)
            routes.append(FleetMapRoute(from: from, to: to, risk: index < 10 ? .red : .green))
        }
        let html = try VisualsFixtures.render { section in FleetMap.render(section, stations: [], routes: routes) }
        #expect(html.contains("\(FleetMapRoute.cap) of \(total) lines drawn, the worst first."))
        let arcs = MapFixtures.svg(html).components(separatedBy: "class=\"arc arc-").dropFirst()
            .filter { $0.hasPrefix("red\" d=") || $0.hasPrefix("green\" d=") }
        var moves = 0
        for arc in arcs {
            let data: Substring = arc.prefix { $0 != ">" }
            moves += data.filter { $0 == "M" }.count
        }
        #expect(moves == FleetMapRoute.cap)
        #expect(arcs.first?.hasPrefix("green") == true, "calm arcs first, so the worst lie on top")
    }

    @Test("on a whole-world view, an arc across the map's edge is drawn again at the other edge")
    func seam() {
        let view = FleetMapView.fit([])
        #expect(view.longitudeSpan == 360 && view.west == -180)
        let route = FleetMapRoute(
            from: GeoPoint(latitude: -18, longitude: 178), to: GeoPoint(latitude: 21, longitude: -158), risk: .amber)
        var path = FleetMapPath()
        view.arc(route, into: &path)
        #expect(path.data.filter { $0 == "M" }.count == 2, "\(path.data)")
        var inside = FleetMapPath()
        view.arc(
            FleetMapRoute(
                from: GeoPoint(latitude: 40, longitude: -74), to: GeoPoint(latitude: 51, longitude: 0), risk: .red
            ), into: &inside)
        #expect(inside.data.filter { $0 == "M" }.count == 1)
    }

    @Test("under the cap, every route is drawn and no cap is mentioned")
    func underCap() throws {
        let html = try MapFixtures.render(MapFixtures.network(["JFK", "ORD", "LAX"]))
        #expect(!html.contains("lines drawn"))
        #expect(html.contains("3 airport pairs"))
    }
}
