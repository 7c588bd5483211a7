/// What a run needs: the cells, and the requests that fetch them, in priority order.
public struct FetchPlan: Sendable {
    /// Cells in priority order: earliest departure first, then most flights, then key.
    public let cells: [Cell]
    /// Requests, grouped by cell in the cells' order.
    public let requests: [CellRequest]
    /// The grid the cells are on.
    public let grid: Grid

    /// Creates a plan.
    public init(cells: [Cell], requests: [CellRequest], grid: Grid) {
        self.cells = cells
        self.requests = requests
        self.grid = grid
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
