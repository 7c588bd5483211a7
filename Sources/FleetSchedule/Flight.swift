public import FleetAirports
public import Foundation

/// One accepted schedule row: a flight with resolved airports and UTC instants.
public struct Flight: Sendable, Hashable {
    /// The line of the schedule file the row starts on (1-based, header is line 1).
    public let line: Int
    /// Normalised designator: spaces removed, upper-cased (`UA1545`).
    public let number: String
    /// Departure airport.
    public let origin: Airport
    /// Arrival airport.
    public let destination: Airport
    /// Scheduled departure instant.
    public let departure: Date
    /// Scheduled arrival instant.
    public let arrival: Date
    /// Aircraft type, if given.
    public let aircraft: String?
    /// Registration, if given.
    public let tail: String?
    /// The route's name in reports and file names: `ORIG-DEST` with IATA (else ICAO) codes
    /// (made once: the reports group, sort and link by it for every flight).
    public let route: String

    /// Creates a flight.
    ///
    /// - Parameters:
    ///   - line: Source line.
    ///   - number: Normalised flight designator.
    ///   - origin: Departure airport.
    ///   - destination: Arrival airport.
    ///   - departure: Scheduled departure.
    ///   - arrival: Scheduled arrival.
    ///   - aircraft: Aircraft type.
    ///   - tail: Registration.
    public init(
        line: Int, number: String, origin: Airport, destination: Airport, departure: Date,
        arrival: Date, aircraft: String? = nil, tail: String? = nil
    ) {
        self.line = line
        self.number = number
        self.origin = origin
        self.destination = destination
        self.departure = departure
        self.arrival = arrival
        self.aircraft = aircraft
        self.tail = tail
        route = "\(origin.code)-\(destination.code)"
    }

}
