public import FleetAirports

/// What a run needs: the cells, and the requests that fetch them, in priority order.
public struct FetchPlan: Sendable {
    /// Cells in priority order: earliest departure first, then most flights, then key.
    public let cells: [Cell]
    /// Requests, grouped by cell in the cells' order.
    public let requests: [CellRequest]
    /// The grid the cells are on.
    public let grid: Grid

    /// Each planned airport's cell, as a position in ``cells``, by the airport's identity.
    ///
    /// Why: placing an airport on the grid formats its cell key as text; the planner did it
    /// once per airport, and the briefing did it again in every task. The briefing now reads
    /// the plan's answer (docs/performance.md).
    private let cellOfAirport: [ObjectIdentifier: Int]
    /// The airports `cellOfAirport` names: held so that no identity in it can be reused by
    /// another airport while the plan exists.
    private let placed: [Airport]

    /// Creates a plan.
    ///
    /// - Parameters:
    ///   - cells: The cells, in priority order.
    ///   - requests: Their requests.
    ///   - grid: The grid.
    ///   - airports: Airports with their cell's position in `cells` (each airport value once).
    public init(cells: [Cell], requests: [CellRequest], grid: Grid, airports: [(Airport, Int)] = []) {
        self.cells = cells
        self.requests = requests
        self.grid = grid
        var cellOfAirport: [ObjectIdentifier: Int] = [:]
        cellOfAirport.reserveCapacity(airports.count)
        for (airport, cell) in airports where cells.indices.contains(cell) {
            cellOfAirport[airport.identity] = cell
        }
        self.cellOfAirport = cellOfAirport
        placed = airports.map(\.0)
    }

    /// The position in ``cells`` of a planned airport's cell.
    ///
    /// - Parameter airport: An airport of the planned flights (this very value or a copy of
    ///   it: an equal airport made apart is not found).
    /// - Returns: Its cell's position, `nil` for an airport the plan did not place.
    public func cellIndex(of airport: Airport) -> Int? {
        cellOfAirport[airport.identity]
    }

    /// The cell of an airport.
    ///
    /// - Parameters:
    ///   - latitude: The airport's latitude.
    ///   - longitude: The airport's longitude.
    /// - Returns: Its key.
    public func key(latitude: Double, longitude: Double) -> CellKey {
        grid.key(latitude: latitude, longitude: longitude)
    }
}
