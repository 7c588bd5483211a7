public import FleetAirports
public import Foundation

/// A location cell: the airports that share one fetch, and the hours they need.
public struct Cell: Sendable, Equatable {
    /// The cell's key.
    public let key: CellKey
    /// Airports in the cell, by code.
    public let airports: [Airport]
    /// Time zone sent as `timezone` (the first airport's).
    public let timeZone: String
    /// ISO country code sent as `countryCode` and `country` (the first airport's).
    public let country: String
    /// The hourly window needed: from ``Planner/hoursEitherSide`` (one by default) before the
    /// earliest scheduled hour to as long after the latest, whole hours, end exclusive. `nil`
    /// when every time here lies beyond the forecast horizon.
    public let window: DateInterval?
    /// Departures and arrivals scheduled in the cell (within the horizon or not).
    public let flightCount: Int
    /// The earliest departure here (else the earliest arrival): serves cells in priority order.
    public let earliestDeparture: Date
    /// The distinct hours (their starts) holding a scheduled time within the horizon, in order:
    /// the requests cover ``Planner/hoursEitherSide`` either side of each, and skip long idle
    /// gaps between them.
    public let scheduledHours: [Date]

    /// Creates a cell.
    public init(
        key: CellKey, airports: [Airport], timeZone: String, country: String, window: DateInterval?,
        flightCount: Int, earliestDeparture: Date, scheduledHours: [Date]
    ) {
        self.key = key
        self.airports = airports
        self.timeZone = timeZone
        self.country = country
        self.window = window
        self.flightCount = flightCount
        self.earliestDeparture = earliestDeparture
        self.scheduledHours = scheduledHours
    }
}
