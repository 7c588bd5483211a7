import FleetBriefing
import FleetTestSupport
import Foundation
import Testing

@testable import FleetReports

/// Station markers on the fleet map: one per station, its risk its worst end's, linked to its
/// page, told apart by shape as well as colour; the key and the scale bar.
@Suite("Fleet map markers")
struct FleetMapMarkerTests {
    static let codes = ["JFK", "ORD", "LAX", "LHR", "FRA", "NRT"]
    static let risks: [String: Risk] = ["ORD": .red, "LHR": .amber, "NRT": .unknown]

    @Test("every station has exactly one marker, with its code in its title and its worst risk as its class")
    func oneMarkerPerStation() throws {
        let model = MapFixtures.network(Self.codes, risks: Self.risks)
        let markers = try MapFixtures.markers(MapFixtures.svg(try MapFixtures.render(model)))
        #expect(markers.count == model.stations.count)
        for station in model.stations {
            let mine = markers.filter { $0.href == "stations/\(station.code).html" }
            #expect(mine.count == 1, "\(station.code)")
            guard let marker = mine.first else { continue }
            #expect(marker.title.hasPrefix("\(station.code) "), "\(marker.title)")
            #expect(marker.classes == "stn risk-\(station.worstRisk.rawValue)")
            #expect(marker.risk == station.worstRisk.rawValue)
            #expect(marker.symbol == "stn-\(station.worstRisk.rawValue)", "the shape names the risk too")
        }
        // Two ends each; ORD's worst is red, and its arriving neighbour's end is green.
        let ord = try #require(markers.first { $0.href == "stations/ORD.html" })
        #expect(ord.title.contains("— RED: 2 red ends; worst: Strong gusts"), "\(ord.title)")
        let jfk = try #require(markers.first { $0.href == "stations/JFK.html" })
        #expect(jfk.title.hasSuffix("— GREEN: 2 green ends"), "\(jfk.title)")
    }

    @Test("red stations are named on the map; others are not")
    func redLabels() throws {
        let svg = MapFixtures.svg(try MapFixtures.render(MapFixtures.network(Self.codes, risks: Self.risks)))
        #expect(MapFixtures.labels(svg) == ["ORD"])
    }

    @Test("each risk has its own shape, and no data is not drawn as calm")
    func shapes() throws {
        let shapes = Set(Risk.allCases.map(FleetMapMarkers.shape))
        #expect(shapes.count == Risk.allCases.count)
        let svg = MapFixtures.svg(try MapFixtures.render(MapFixtures.network(Self.codes, risks: Self.risks)))
        let nrt = try #require(try MapFixtures.markers(svg).first { $0.href == "stations/NRT.html" })
        #expect(nrt.classes == "stn risk-unknown")
        #expect(svg.contains("<use href=\"#stn-unknown\""))
        // The worst are drawn last, so they lie on top.
        let order = try MapFixtures.markers(svg).map(\.risk)
        #expect(order == order.sorted { Risk(rawValue: $0)?.rank ?? 0 > Risk(rawValue: $1)?.rank ?? 0 })
    }

    @Test("the map is an image named by its summary, with land, a key and a scale bar")
    func frame() throws {
        let html = try MapFixtures.render(MapFixtures.network(Self.codes, risks: Self.risks))
        let svg = MapFixtures.svg(html)
        let label = "Map of 6 stations: 1 red, 1 amber, 1 unknown, 3 green; 6 airport pairs"
        #expect(svg.hasPrefix("<svg class=\"map-svg\" role=\"img\" aria-label=\"\(label)\""))
        #expect(svg.contains("<title>\(label)</title>"))
        #expect(html.contains("<h2 id=\"fleet-map\">Fleet map</h2>"))
        let landPath = try #require(svg.components(separatedBy: "class=\"map-land\"").dropFirst().first)
        let land = try #require(MapFixtures.attribute("d", in: landPath))
        #expect(land.hasPrefix("M") && land.count > 100, "land outlines are drawn")
        #expect(html.contains("<figcaption class=\"map-legend\">"))
        for risk in Risk.allCases {
            #expect(html.contains("<use href=\"#stn-\(risk.rawValue)\" class=\"stn risk-\(risk.rawValue)\">"))
        }
        #expect(html.contains("Red: an end at red risk — 1 station, "))
        #expect(svg.contains("<g class=\"map-scale\">"))
        #expect(svg.contains(" km</text>") && svg.contains(" NM</text>") && svg.contains(">Scale at "))
        #expect(!html.contains("<script"), "no script")
        #expect(!svg.contains("http:") || svg.components(separatedBy: "http").count == 2, "only the xmlns names a URL")
    }

    @Test("the index carries the map in its map slot")
    func onTheIndex() throws {
        let model = MapFixtures.network(Self.codes, risks: Self.risks)
        let html = try IndexPage.render(model, templates: try ReportFixtures.templates())
        let section = try #require(html.components(separatedBy: "aria-label=\"Fleet map\">").dropFirst().first)
        #expect(
            section.hasPrefix("<h2 id=\"fleet-map\">Fleet map</h2><figure class=\"fleet-map\"><svg class=\"map-svg\""))
    }

    @Test("a red code is placed where it overlaps no other, or left out and counted")
    func labelRoom() throws {
        var placed: [Bool] = []
        _ = try VisualsFixtures.render { main in
            var labels = FleetMapLabels()
            for code in ["AAA", "BBB", "CCC", "DDD", "EEE", "FFF"] {
                placed.append(labels.add(code, x: 500, y: 300, to: main))
            }
        }
        // Right, left, above, below; then no room.
        #expect(placed == [true, true, true, true, false, false])
        let html = try VisualsFixtures.render { section in
            FleetMapLegend.render(section, stations: [.red: 6], routes: [:], drawn: 0, unnamed: 2, detailed: true)
        }
        #expect(html.contains("2 red stations are not named, for lack of room."))
    }

    @Test("round scale lengths")
    func roundLengths() {
        #expect(FleetMapLegend.roundLength(atMost: 870) == 500)
        #expect(FleetMapLegend.roundLength(atMost: 300) == 200)
        #expect(FleetMapLegend.roundLength(atMost: 19) == 10)
    }
}
