internal import FleetBriefing
internal import FleetSchedule

/// One flight end with what the alert lists name it by: "UA1 dep JFK".
struct FlightEnd {
    /// The flight's number.
    let number: String
    /// `dep` or `arr`.
    let role: String
    /// The end.
    let end: EndBriefing
}

/// Flight ends read from the run's briefings without copying them out: both ends of every flight
/// (the index and route pages), or a station's own ends (its page, which never shows the far
/// ends' alerts: each is on its own station's page).
///
/// A collection, not an array of ``FlightEnd``: at 100,000 flights an array of both ends would
/// copy 200,000 ends of about 1.1 KB each.
struct FlightEnds: RandomAccessCollection {
    private let briefings: [FlightBriefing]
    /// Each end as its flight's position in `briefings` times two, plus one for an arrival;
    /// `nil` for both ends of every flight, in order.
    private let picks: [Int]?

    /// Both ends of each flight, departure then arrival, in the flights' order.
    init(both briefings: [FlightBriefing]) {
        self.briefings = briefings
        picks = nil
    }

    /// A station's ends: its departures, then its arrivals, each in board order.
    ///
    /// - Parameters:
    ///   - station: The station.
    ///   - briefings: The run's briefings, which the station holds positions in.
    init(_ station: Station, _ briefings: [FlightBriefing]) {
        self.briefings = briefings
        picks = station.departures.map { $0 * 2 } + station.arrivals.map { $0 * 2 + 1 }
    }

    var startIndex: Int { 0 }
    var endIndex: Int { picks?.count ?? briefings.count * 2 }

    subscript(position: Int) -> FlightEnd {
        let pick = picks?[position] ?? position
        let briefing = briefings[pick / 2]
        return pick % 2 == 0
            ? FlightEnd(number: briefing.flight.number, role: "dep", end: briefing.departure)
            : FlightEnd(number: briefing.flight.number, role: "arr", end: briefing.arrival)
    }
}
