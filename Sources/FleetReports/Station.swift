internal import FleetAirports
internal import FleetBriefing
internal import FleetSchedule
internal import Foundation

/// One airport of the run and every flight that departs or arrives there: what the fleet map's
/// marker, the index's station table and the station page (`stations/CODE.html`) all show, so
/// the three agree with each other and with `flights.csv`.
///
/// The flights are held as positions in the run's briefings (``ReportModel/briefings``), not as
/// copies: a briefing is about 2.6 KB inline, and every flight is on two stations, so copies
/// cost about 0.5 GB at 100,000 flights.
struct Station: Sendable {
    /// The airport.
    let airport: Airport
    /// The flights departing here, as positions in the run's briefings, in time order
    /// (departure, then flight number, then line).
    private(set) var departures: [Int] = []
    /// The flights arriving here, as positions in the run's briefings, in time order (arrival,
    /// then flight number, then line).
    private(set) var arrivals: [Int] = []
    /// Flight ends here by their risk at the scheduled time (the `dep_risk`/`arr_risk` of
    /// `flights.csv`).
    private(set) var counts: [Risk: Int] = [:]
    /// The worst risk of the ends here.
    private(set) var worstRisk = Risk.green
    /// The most severe hazard at any end here (by risk, then by the order of ``HazardKind``),
    /// `nil` when no end has one.
    private(set) var worstHazard: Hazard?

    /// The ends here at `risk` (0 when none).
    func count(_ risk: Risk) -> Int { counts[risk] ?? 0 }

    /// The station's file name stem: the airport code as route files use it (IATA, else ICAO).
    var code: String { airport.code }

    init(airport: Airport) {
        self.airport = airport
    }

    /// Adds one flight end. Its hazards arrive worst first, by risk, then the kinds' order
    /// (``HazardKind/order``, as the briefer sorts them), so only the first can be the worst here.
    private mutating func add(_ end: EndBriefing) {
        counts[end.risk, default: 0] += 1
        worstRisk = worstRisk.worse(end.risk)
        guard let hazard = end.hazards.first, hazard.risk != .green else { return }
        if let current = worstHazard, (current.risk, current.kind.order) <= (hazard.risk, hazard.kind.order) {
            return
        }
        worstHazard = hazard
    }

    /// The stations of `briefings`, by code.
    ///
    /// - Parameter briefings: The run's briefed flights, any order; the stations hold positions
    ///   in it.
    /// - Returns: One station per airport that any flight departs from or arrives at.
    static func gather(_ briefings: [FlightBriefing]) -> [Station] {
        var stations: [String: Station] = [:]
        for (index, briefing) in briefings.enumerated() {
            let origin = briefing.flight.origin
            let destination = briefing.flight.destination
            stations[origin.code, default: Station(airport: origin)].departures.append(index)
            stations[origin.code]?.add(briefing.departure)
            stations[destination.code, default: Station(airport: destination)].arrivals.append(index)
            stations[destination.code]?.add(briefing.arrival)
        }
        return stations.values.map { station in
            var station = station
            station.departures.sort { inOrder(briefings[$0].flight, briefings[$1].flight, at: \.departure) }
            station.arrivals.sort { inOrder(briefings[$0].flight, briefings[$1].flight, at: \.arrival) }
            return station
        }
        .sorted { $0.code < $1.code }
    }

    /// Board order: the time at this end, then flight number, then schedule line.
    private static func inOrder(_ lhs: Flight, _ rhs: Flight, at time: KeyPath<Flight, Date>) -> Bool {
        let left = lhs[keyPath: time]
        let right = rhs[keyPath: time]
        if left != right { return left < right }
        if lhs.number != rhs.number { return lhs.number < rhs.number }
        return lhs.line < rhs.line
    }
}
