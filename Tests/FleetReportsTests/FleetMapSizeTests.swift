import FleetAirports
import FleetBriefing
import FleetTestSupport
import Foundation
import Testing

@testable import FleetReports

/// The fleet map at the scale of the benchmark schedule (4,000 airports, 24,900 routes) stays
/// within its share of the index's 3 MB.
@Suite("Fleet map size")
struct FleetMapSizeTests {
    /// The map's byte budget at benchmark scale.
    static let budget = 700_000

    /// 4,000 real airports spread over the directory, 24,900 routes between them (one flight
    /// each), end risks from a fixed sequence: about 1 end in 8 red, 1 in 6 amber, 1 in 30
    /// unknown. Deterministic, so the size is too.
    static func benchmarkModel() -> ReportModel {
        let all = TestAirports.bundled.airports.filter { $0.iata != nil }
        let stride = max(1, all.count / 4_000)
        let airports = Array(Swift.stride(from: 0, to: all.count, by: stride).prefix(4_000).map { all[$0] })
        var state: UInt64 = 12_345
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33)
        }
        func risk() -> Risk {
            switch next() % 120 {
            case 0..<15: .red
            case 15..<35: .amber
            case 35..<39: .unknown
            default: .green
            }
        }
        var pairs = Set<Int>()
        var briefings: [FlightBriefing] = []
        while briefings.count < 24_900 {
            let origin = next() % airports.count
            let destination = next() % airports.count
            guard origin != destination, pairs.insert(origin * 10_000 + destination).inserted else { continue }
            briefings.append(
                MapFixtures.briefing(
                    "BX\(briefings.count + 1)", airports[origin], airports[destination], departure: risk(),
                    arrival: risk(), line: briefings.count + 2))
        }
        return MapFixtures.model(briefings)
    }

    @Test("4,000 stations and 24,900 routes: one marker each, under 700 KB")
    func benchmarkScale() throws {
        let model = Self.benchmarkModel()
        #expect(model.stations.count > 3_900)
        let started = Date()
        let html = try MapFixtures.render(model)
        let seconds = Date().timeIntervalSince(started)
        let svg = MapFixtures.svg(html)
        #expect(svg.utf8.count < Self.budget, "the map is \(svg.utf8.count) bytes")
        #expect(try MapFixtures.markers(svg).count == model.stations.count)
        #expect(html.contains("\(FleetMapRoute.cap) of "))
        if let path = ProcessInfo.processInfo.environment["FLEETWX_MAP_DUMP"] {
            try Data(html.utf8).write(to: URL(fileURLWithPath: path))
        }
        print("fleet map at benchmark scale: \(svg.utf8.count) bytes, rendered in \(seconds) s (this build)")
    }
}
