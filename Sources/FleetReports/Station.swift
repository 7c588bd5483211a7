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
        // By index, and the boards sorted by keys: a `for briefing in` loop and a comparator
        // taking two `Flight`s copied briefings and flights (strings and airports retained)
        // over and over, on one core before the pages start (docs/performance.md, "Airports,
        // planning and briefing").
        for index in briefings.indices {
            let origin = briefings[index].flight.origin
            let destination = briefings[index].flight.destination
            stations[origin.code, default: Station(airport: origin)].departures.append(index)
            stations[origin.code]?.add(briefings[index].departure)
            stations[destination.code, default: Station(airport: destination)].arrivals.append(index)
            stations[destination.code]?.add(briefings[index].arrival)
        }
        var gathered = Array(stations.values)
        for position in gathered.indices {
            gathered[position].departures = boardOrder(gathered[position].departures, briefings, at: \.departure)
            gathered[position].arrivals = boardOrder(gathered[position].arrivals, briefings, at: \.arrival)
        }
        return gathered.sorted { $0.code < $1.code }
    }

    /// The positions in board order: the time at this end, then flight number, then schedule
    /// line; equal flights keep their order in the briefings (as the stable sort of before).
    private static func boardOrder(
        _ positions: [Int], _ briefings: [FlightBriefing], at time: KeyPath<Flight, Date>
    ) -> [Int] {
        var keys = positions.map { position in
            let flight = briefings[position].flight
            return (time: flight[keyPath: time], number: flight.number, line: flight.line, position: position)
        }
        keys.sort { ($0.time, $0.number, $0.line, $0.position) < ($1.time, $1.number, $1.line, $1.position) }
        return keys.map(\.position)
    }
}
