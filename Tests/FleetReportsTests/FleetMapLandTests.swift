import Foundation
import Testing

@testable import FleetReports

/// The land outlines resource (scripts/make_land.py) and its licence.
@Suite("Fleet map land")
struct FleetMapLandTests {
    @Test("the bundled land outlines load and parse")
    func bundled() throws {
        let land = try FleetMapLand.bundled.get()
        #expect(land.rings.count > 200)
        #expect(land.rings.allSatisfy { $0.longitudes.count >= 3 && $0.longitudes.count == $0.latitudes.count })
        // Natural Earth splits rings at the antimeridian: some touch it from each side.
        #expect(land.rings.contains { $0.maxLongitude == 180 } && land.rings.contains { $0.minLongitude == -180 })
    }

    @Test("the licence of the land outlines ships beside them")
    func licence() throws {
        let url = try FleetMapLand.resourceURL("LICENSE-naturalearth")
        let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
        #expect(text.contains("https://www.naturalearthdata.com/"))
        #expect(text.contains("public domain"))
        #expect(text.contains("geopandas-0.14.4-py3-none-any.whl"))
        #expect(text.contains("scripts/make_land.py"))
    }

    @Test("land text decodes differences and refuses a bad line, naming it")
    func parse() throws {
        let land = try FleetMapLand.parse("# comment\nunit 10\n100 200 10 0 0 10\n")
        #expect(land.rings.first?.longitudes == [10, 11, 11])
        #expect(land.rings.first?.latitudes == [20, 20, 21])
        #expect(
            throws: ReportError.mapLandInvalid(
                path: "land.txt", reason: "line 3 is not a ring of at least 3 integer points")
        ) {
            try FleetMapLand.parse("unit 10\n1 2 3 4 5 6\n1 2 x 4 5 6\n")
        }
        #expect(throws: ReportError.mapLandInvalid(path: "land.txt", reason: "line 1 is not 'unit N'")) {
            try FleetMapLand.parse("1 2 3 4 5 6\n")
        }
        #expect(throws: ReportError.mapLandInvalid(path: "land.txt", reason: "line 2 has a point outside the globe")) {
            try FleetMapLand.parse("unit 10\n1800 0 10 0 0 10\n")
        }
    }

    @Test("only land in view is drawn, and a view across the antimeridian draws both sides")
    func inView() throws {
        let land = try FleetMapLand.bundled.get()
        let world = land.path(in: FleetMapView.fit([]))
        let nordic = land.path(
            in: FleetMapView.fit([GeoPoint(latitude: 60, longitude: 10), GeoPoint(latitude: 64, longitude: 25)]))
        #expect(!nordic.isEmpty && nordic.count < world.count / 2)
        // Fiji and Chukotka lie on both sides of 180°: a view centred there draws land right of
        // the middle and left of it.
        let view = FleetMapView.fit([GeoPoint(latitude: 60, longitude: 170), GeoPoint(latitude: 70, longitude: -170)])
        #expect(abs(FleetMapView.wrap(view.centralLongitude - 180)) < 1)
        #expect(!land.path(in: view).isEmpty)
    }

    @Test("a map without its land outlines says why and still draws the network")
    func missingLand() throws {
        let model = MapFixtures.network(["JFK", "LHR"])
        let failure = ReportError.mapLandInvalid(
            path: "land.txt", reason: "it is missing from the fleetwx_FleetReports bundle")
        let html = try VisualsFixtures.render { section in
            FleetMap.render(
                section, stations: model.stations, routes: FleetMapRoute.gather(model.briefings),
                land: .failure(failure))
        }
        #expect(html.contains(failure.description))
        #expect(!html.contains("map-land"))
        #expect(try MapFixtures.markers(MapFixtures.svg(html)).count == 2)
    }
}

/// A land load that fails is a run warning (issue 12 review): the accessor the run reads.
@Suite("Fleet map land warning")
struct FleetMapLandWarningTests {
    @Test("the bundled land loads, so the run has no land warning")
    func none() {
        #expect(ReportWriter.mapLandProblem == nil)
    }

    @Test("a missing or malformed land resource gives a warning naming the file, the fault and the fix")
    func failure() {
        let land = Result<FleetMapLand, ReportError> { () throws(ReportError) in try FleetMapLand.parse("unit x\n") }
        let message = FleetMapLand.problem(land)
        #expect(
            message
                == "cannot draw land on the fleet map: the outlines land.txt are unusable, line 1 is not 'unit N'; "
                + "reinstall fleetwx with its fleetwx_FleetReports.resources folder beside the binary "
                + "(the index's fleet map is drawn without land)")
    }
}
