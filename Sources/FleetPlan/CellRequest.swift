public import FleetWeather
public import Foundation

/// One WeatherKit request the plan needs: a cell, a window, the data sets.
public struct CellRequest: Sendable, Hashable {
    /// The cell.
    public let cell: CellKey
    /// `hourlyStart` (inclusive).
    public let hourlyStart: Date
    /// `hourlyEnd` (exclusive).
    public let hourlyEnd: Date
    /// `dailyStart`.
    public let dailyStart: Date
    /// `dailyEnd`.
    public let dailyEnd: Date
    /// Data sets asked for, in canonical order.
    public let dataSets: [DataSet]
    /// `timezone`.
    public let timeZone: String
    /// ISO country code.
    public let country: String
    /// Which part of the cell's window this is (0-based) when it needed splitting.
    public let part: Int

    /// Creates a request.
    public init(
        cell: CellKey, hourlyStart: Date, hourlyEnd: Date, dailyStart: Date, dailyEnd: Date,
        dataSets: [DataSet], timeZone: String, country: String, part: Int = 0
    ) {
        self.cell = cell
        self.hourlyStart = hourlyStart
        self.hourlyEnd = hourlyEnd
        self.dailyStart = dailyStart
        self.dailyEnd = dailyEnd
        self.dataSets = dataSets
        self.timeZone = timeZone
        self.country = country
        self.part = part
    }

    /// The same request asking only for some data sets (cache hits leave the rest out).
    ///
    /// - Parameter sets: The data sets still needed.
    /// - Returns: The narrowed request.
    public func asking(for sets: [DataSet]) -> CellRequest {
        CellRequest(
            cell: cell, hourlyStart: hourlyStart, hourlyEnd: hourlyEnd, dailyStart: dailyStart,
            dailyEnd: dailyEnd, dataSets: sets.sorted(), timeZone: timeZone, country: country, part: part)
    }
}
