import FleetAirports
import FleetBriefing
import FleetTestSupport
import Foundation
import Testing

@testable import FleetReports

/// Nothing on the fleet map hides a station (issue 12 review): the scale bar keeps clear of
/// the markers and lies under them, and airports on one spot each get a marker of their own.
@Suite("Fleet map placement")
struct FleetMapPlacementTests {
    /// The scale bar's box, from the markup.
    static func scaleBox(_ svg: String) throws -> FleetMapScaleBox? {
        let group = try #require(svg.components(separatedBy: "<g class=\"map-scale\"><rect").dropFirst().first)
        let rect = group.prefix { $0 != ">" }
        func value(_ name: String) -> Double? { MapFixtures.attribute(name, in: rect).flatMap(Double.init) }
        guard let x = value("x"), let y = value("y"), let width = value("width"), let height = value("height") else {
            return nil
        }
        return FleetMapScaleBox(x: x, y: y, width: width, height: height)
    }

    @Test(
        "no marker lies in the scale bar's box, which is drawn under the arcs and markers",
        arguments: [
            ["LAX", "HNL", "SYD", "NRT"], ["SYD", "PER", "AKL", "SIN"], ["JFK", "MIA", "BOS", "ATL"],
            ["OSL", "ARN", "CPH", "HEL", "BGO", "TRD"],
        ])
    func scaleBarClear(_ codes: [String]) throws {
        let model = MapFixtures.network(codes, risks: [codes[2]: .red])
        let svg = MapFixtures.svg(try MapFixtures.render(model))
        let box = try #require(try Self.scaleBox(svg))
        let viewBox = try MapFixtures.viewBox(svg)
        #expect(box.y + box.height <= viewBox.height && box.x >= 0 && box.x + box.width <= viewBox.width)
        let markers = try MapFixtures.markers(svg)
        #expect(markers.count == codes.count)
        for marker in markers {
            #expect(!box.holds((marker.x, marker.y), margin: 7), "\(marker.title) at \(marker.x),\(marker.y) in \(box)")
        }
        let scale = try #require(svg.range(of: "<g class=\"map-scale\">"))
        let arcs = try #require(svg.range(of: "<g class=\"arcs\">"))
        let stations = try #require(svg.range(of: "<g class=\"stns\">"))
        #expect(scale.lowerBound < arcs.lowerBound && scale.lowerBound < stations.lowerBound)
    }

    @Test("the scale bar takes no clicks")
    func scaleBarInert() throws {
        let css = try String(
            contentsOf: ReportFixtures.templatesDirectory.appendingPathComponent("style.css"), encoding: .utf8)
        #expect(css.contains(".map-scale { pointer-events: none; }"))
    }

    @Test("airports on one spot (BSL and MLH, EuroAirport) get a marker each, apart, and one label")
    func coLocated() throws {
        let bsl = TestFlights.airport("BSL")
        let mlh = TestFlights.airport("MLH")
        #expect(bsl.latitude == mlh.latitude && bsl.longitude == mlh.longitude, "one airfield in the directory")
        let model = MapFixtures.network(["BSL", "ZRH", "MLH", "GVA"], risks: ["BSL": .red, "MLH": .red])
        let svg = MapFixtures.svg(try MapFixtures.render(model))
        let markers = try MapFixtures.markers(svg)
        #expect(markers.count == 4)
        let (view, _) = FleetMap.layout(stations: model.stations, routes: FleetMapRoute.gather(model.briefings))
        let spot = view.project(bsl.location)
        let pair = markers.filter { ["stations/BSL.html", "stations/MLH.html"].contains($0.href) }
        #expect(pair.count == 2)
        for code in ["BSL", "MLH"] {
            let marker = try #require(pair.first { $0.href == "stations/\(code).html" })
            #expect(marker.title.hasPrefix("\(code) "))
            #expect(marker.classes == "stn risk-red" && marker.risk == "red")
            let distance = ((marker.x - spot.x) * (marker.x - spot.x) + (marker.y - spot.y) * (marker.y - spot.y))
                .squareRoot()
            #expect(distance <= 10, "\(code) stays by its airfield")
        }
        if pair.count == 2 {
            let dx = pair[0].x - pair[1].x
            let dy = pair[0].y - pair[1].y
            #expect((dx * dx + dy * dy).squareRoot() >= 14, "apart enough to click each")
        }
        #expect(MapFixtures.labels(svg) == ["BSL/MLH"])
    }

    @Test("one red airport on a shared spot is named alone; others keep their place")
    func coLocatedOneRed() throws {
        let model = MapFixtures.network(["BSL", "ZRH", "MLH"], risks: ["MLH": .red])
        let svg = MapFixtures.svg(try MapFixtures.render(model))
        #expect(MapFixtures.labels(svg) == ["MLH"])
        let (view, _) = FleetMap.layout(stations: model.stations, routes: FleetMapRoute.gather(model.briefings))
        let zrh = try #require(try MapFixtures.markers(svg).first { $0.href == "stations/ZRH.html" })
        let place = view.project(TestFlights.airport("ZRH").location)
        #expect(abs(zrh.x - place.x) <= 0.5 && abs(zrh.y - place.y) <= 0.5, "a station alone on its spot is not moved")
    }
}
