/// Why a plan could not be made.
public enum PlanError: Error, Equatable, CustomStringConvertible {
    /// `--grid` is not a usable cell size.
    case badGrid(Double)

    public var description: String {
        switch self {
        case .badGrid(let value):
            "--grid must be a cell size from 0.001° to 1° with at most six decimals, got \(value): "
                + "WeatherKit gives a place to three decimals, so finer cells cannot be told apart, and a "
                + "coarser cell would brief airports over 100 km apart with one forecast"
        }
    }
}
