import FleetAirports
import FleetBriefing
import FleetPlan
import FleetSchedule
import FleetTestSupport
import FleetWeather
import Foundation
import Testing

/// The batch briefing (cells placed by the plan, each cell's hours judged once, in parallel
/// runs) against the one-end briefing, which searches and judges every hour itself.
@Suite("Briefer: the batch briefing and the plan")
struct PlannedBriefingTests {
    /// Weather with hazards that change hour by hour, so a verdict or window taken from the
    /// wrong hour or cell shows.
    static func varied(_ seed: Int) -> CellWeather {
        dayWeather { index, hour in
            switch (index + seed) % 7 {
            case 0: hour.conditionCode = .foggy
            case 2: hour.conditionCode = .thunderstorms
            case 4: hour.windGust = 90
            case 5: hour.visibility = nil
            default: break
            }
        }
    }

    /// 4,500 flights (three parallel runs) among airports with weather, a failed cell, a cell
    /// the fetch stage never saw and, for the last flights, an airport the plan did not place.
    static func flights() -> [Flight] {
        let airports = ["JFK", "LHR", "CDG", "BSL", "MLH", "FRA", "AMS"].map(TestFlights.airport)
        var flights: [Flight] = []
        for index in 0..<4_490 {
            let origin = airports[index % airports.count]
            let destination = airports[(index / airports.count + index + 1) % airports.count]
            let departure = briefingNow.addingTimeInterval(TimeInterval(index % 2_000 * 67))
            let arrival = departure.addingTimeInterval(3 * 3600 + 30)
            flights.append(
                TestFlights.flight(
                    "UA\(index)", from: origin, to: destination, departure: departure, arrival: arrival,
                    line: index + 2))
        }
        let sfo = TestFlights.airport("SFO")
        for index in 0..<10 {
            let departure = briefingNow.addingTimeInterval(TimeInterval(index * 3_000))
            flights.append(
                TestFlights.flight(
                    "SF\(index)", from: sfo, to: airports[0], departure: departure,
                    arrival: departure.addingTimeInterval(5 * 3600), line: 5_000 + index))
        }
        return flights
    }

    static func report() throws -> FetchReport {
        try fetch([
            ("JFK", varied(0), .replayed), ("LHR", varied(3), .replayed),
            ("CDG", varied(5), .stale(since: briefingNow, reason: "HTTP 503")), ("BSL", varied(1), .replayed),
            ("FRA", nil, .failed("no recorded weather")),
        ])
    }

    @Test("with or without the plan, every flight is briefed as its two ends alone are")
    func batchAgreesWithEnds() throws {
        let flights = Self.flights()
        let planned = Array(flights.prefix(4_490))
        let plan = Planner(grid: try Grid(), now: briefingNow).plan(planned)
        let report = try Self.report()
        let briefer = try briefer()
        let alone = flights.map { flight in
            FlightBriefing(
                flight: flight, departure: briefer.end(airport: flight.origin, time: flight.departure, fetch: report),
                arrival: briefer.end(airport: flight.destination, time: flight.arrival, fetch: report))
        }
        let withPlan = briefer.brief(flights, plan: plan, fetch: report)
        let withoutPlan = briefer.brief(flights, fetch: report)
        // The position of the first flight briefed otherwise (whole arrays would print
        // thousands of briefings).
        func firstDifference(_ briefings: [FlightBriefing]) -> Int? {
            briefings.count == alone.count ? alone.indices.first { briefings[$0] != alone[$0] } : -1
        }
        #expect(firstDifference(withPlan) == nil)
        #expect(firstDifference(withoutPlan) == nil)
        // The flights do brief differently: the check above is not of identical briefings.
        #expect(Set(alone.map(\.risk)) == [.red, .amber, .unknown])
        #expect(alone.contains { $0.departure.data == .missing("no weather") })
        #expect(alone.contains { $0.arrival.windowHazards.count > 1 })
    }

    @Test("the plan knows each airport's cell; an airport it did not place is not found")
    func cellOfAirport() throws {
        let flights = Array(Self.flights().prefix(4_490))
        let grid = try Grid()
        let plan = Planner(grid: grid, now: briefingNow).plan(flights)
        for code in ["JFK", "LHR", "CDG", "BSL", "MLH", "FRA", "AMS"] {
            let airport = TestFlights.airport(code)
            let index = try #require(plan.cellIndex(of: airport))
            #expect(plan.cells[index].key == grid.key(latitude: airport.latitude, longitude: airport.longitude))
        }
        #expect(plan.cellIndex(of: TestFlights.airport("BSL")) == plan.cellIndex(of: TestFlights.airport("MLH")))
        #expect(plan.cellIndex(of: TestFlights.airport("SFO")) == nil)
    }
}
