import FleetAirports
import FleetBriefing
import FleetSchedule
import FleetTestSupport
import Foundation
import Testing

@testable import FleetReports

@Suite("Report model: worst first")
struct WorstFirstOrderTests {
    /// Briefings with many ties in risk, departure and number (and some in line too), each
    /// told apart by its tail, in a shuffled order.
    static func briefings(count: Int, seed: UInt64) -> [FlightBriefing] {
        var random = SeededRandom(seed: seed)
        let risks: [Risk] = [.red, .amber, .unknown, .green]
        let jfk = TestFlights.airport("JFK")
        let lhr = TestFlights.airport("LHR")
        return (0..<count).map { index in
            let departure = SyntheticFleet.base.addingTimeInterval(Double(Int.random(in: 0..<5, using: &random)) * 60)
            let flight = Flight(
                line: Int.random(in: 2..<(count / 2 + 3), using: &random),
                number: "UA\(Int.random(in: 1..<4, using: &random))",
                origin: jfk, destination: lhr, departure: departure, arrival: departure.addingTimeInterval(7 * 3600),
                tail: "T\(index)")
            let risk = risks[Int.random(in: 0..<risks.count, using: &random)]
            return FlightBriefing(
                flight: flight, departure: SyntheticFleet.end(jfk, at: departure, risk: risk),
                arrival: SyntheticFleet.end(lhr, at: flight.arrival, risk: .green))
        }
    }

    @Test(
        "the model's order is the stable sort by worstFirst, ties kept in input order", arguments: [0, 1, 2, 7, 5_000])
    func sameAsStableSort(count: Int) {
        let briefings = Self.briefings(count: count, seed: UInt64(count) + 1)
        let expected = briefings.sorted(by: ReportModel.worstFirst).map(\.flight.tail)
        #expect(SyntheticFleet.model(briefings).briefings.map(\.flight.tail) == expected)
    }

    @Test("a permutation puts each position's source there, whatever its cycles")
    func permute() {
        var random = SeededRandom(seed: 42)
        for count in [0, 1, 2, 3, 10, 257] {
            let original = (0..<count).map { "element \($0) with a heap-allocated text" }
            for _ in 0..<20 {
                let source = Array((0..<count).shuffled(using: &random))
                var permuted = original
                WorstFirstOrder.permute(&permuted, taking: source)
                #expect(permuted == source.map { original[$0] })
            }
        }
    }
}
