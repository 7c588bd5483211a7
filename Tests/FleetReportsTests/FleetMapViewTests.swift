import FleetBriefing
import FleetTestSupport
import Foundation
import Testing

@testable import FleetReports

/// The fleet map's view (issue 12 item 1): fitted to the network, centred across the
/// antimeridian when the network is, never zoomed to a pin-prick.
@Suite("Fleet map view")
struct FleetMapViewTests {
    /// The markers' positions must all lie inside the viewBox.
    func expectInside(_ svg: String, count: Int) throws {
        let box = try MapFixtures.viewBox(svg)
        let markers = try MapFixtures.markers(svg)
        #expect(markers.count == count)
        for marker in markers {
            #expect((0...box.width).contains(marker.x) && (0...box.height).contains(marker.y), "\(marker.title)")
        }
    }

    @Test("a regional network gets its region, not the globe")
    func regional() throws {
        let codes = ["OSL", "ARN", "CPH", "HEL", "BGO", "TRD"]
        let model = MapFixtures.network(codes)
        let view = FleetMapView.fit(model.stations.map(\.airport.location))
        #expect(view.longitudeSpan < 45, "\(view)")
        #expect(view.south > 45 && view.north < 75, "\(view)")
        #expect(abs(view.centralLongitude - 17) < 6, "\(view)")
        let svg = MapFixtures.svg(try MapFixtures.render(model))
        try expectInside(svg, count: codes.count)
        #expect(svg.contains("Scale at 6"), "the scale is true at the view's middle latitude, about 60°N")
    }

    @Test("a network across the Pacific is centred on the Pacific, every marker in view")
    func transPacific() throws {
        let codes = ["LAX", "HNL", "SYD", "NRT"]
        let model = MapFixtures.network(codes)
        let view = FleetMapView.fit(model.stations.map(\.airport.location))
        // Centred near 180°, not split there (a centre near 0° would put Europe in the middle).
        #expect(abs(FleetMapView.wrap(view.centralLongitude - 180)) < 40, "\(view)")
        #expect(view.longitudeSpan < 200, "\(view)")
        try expectInside(MapFixtures.svg(try MapFixtures.render(model)), count: codes.count)
    }

    @Test("two nearby airports get the minimum extent")
    func minimumExtent() {
        let view = FleetMapView.fit([TestFlights.airport("JFK").location, TestFlights.airport("LGA").location])
        #expect(view.north - view.south >= FleetMapView.minimumSpan.latitude - 1e-9, "\(view)")
        #expect(view.longitudeSpan * view.longitudeScale >= FleetMapView.minimumSpan.longitude - 1e-9, "\(view)")
        #expect(view.longitudeSpan < 20, "\(view)")
    }

    @Test("the longitudes kept are those around the largest gap, across the antimeridian too")
    func longitudeRange() {
        let pacific = FleetMapView.longitudeRange([-118, -158, 151, 140])
        #expect(pacific.west == 140)
        #expect(abs(pacific.span - 102) < 1e-9)
        let atlantic = FleetMapView.longitudeRange([-74, 0, 8])
        #expect(atlantic.west == -74)
        #expect(atlantic.span == 82)
    }

    @Test("a world network gets the whole world, with the seam in its largest gap")
    func world() {
        let points = ["JFK", "LHR", "SIN", "SYD", "LAX", "JNB", "GRU", "NRT", "HNL", "DXB"].map {
            TestFlights.airport($0).location
        }
        let view = FleetMapView.fit(points)
        #expect(view.longitudeSpan == 360)
        #expect(view.height / FleetMapView.width <= FleetMapView.aspect.max + 1e-9)
    }
}
