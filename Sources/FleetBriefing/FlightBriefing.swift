public import FleetSchedule

/// The briefing of one flight: both ends, the flight's risk and its data status.
public struct FlightBriefing: Sendable, Equatable {
    /// The flight.
    public let flight: Flight
    /// Departure end.
    public let departure: EndBriefing
    /// Arrival end.
    public let arrival: EndBriefing
    /// The flight's risk: the worse end, where missing weather is `unknown`, never green.
    public let risk: Risk
    /// `ok`, `stale`, `partial` or `unavailable`.
    public let status: FlightStatus
    /// Why the status is not `ok`.
    public let statusDetail: String

    /// Creates a flight briefing, deriving the risk and status from the ends.
    ///
    /// - Parameters:
    ///   - flight: The flight.
    ///   - departure: Departure end.
    ///   - arrival: Arrival end.
    public init(flight: Flight, departure: EndBriefing, arrival: EndBriefing) {
        self.flight = flight
        self.departure = departure
        self.arrival = arrival
        self.risk = departure.risk.worse(arrival.risk)
        (self.status, self.statusDetail) = FlightStatus.derive(departure: departure.data, arrival: arrival.data)
    }
}

/// The `status` column of `flights.csv`.
public enum FlightStatus: String, Sendable, Codable, CaseIterable {
    /// Both ends have fresh weather.
    case ok
    /// Both ends have weather, at least one from an expired copy.
    case stale
    /// One end has no weather.
    case partial
    /// Neither end has weather.
    case unavailable

    static func derive(departure: EndData, arrival: EndData) -> (FlightStatus, String) {
        // The common case, without the lists below (made for every flight, most of them fresh).
        if case .fresh = departure, case .fresh = arrival { return (.ok, "") }
        var details: [String] = []
        for (name, data) in [("departure", departure), ("arrival", arrival)] {
            switch data {
            case .fresh: break
            case .stale(_, let reason): details.append("\(name): stale (\(reason))")
            case .missing(let reason): details.append("\(name): \(reason)")
            }
        }
        let detail = details.joined(separator: "; ")
        switch (departure.hasWeather, arrival.hasWeather) {
        case (false, false): return (.unavailable, detail)
        case (true, false), (false, true): return (.partial, detail)
        case (true, true):
            if case .fresh = departure, case .fresh = arrival { return (.ok, "") }
            return (.stale, detail)
        }
    }
}
