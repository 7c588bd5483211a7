/// Why a plan could not be made.
public enum PlanError: Error, Equatable, CustomStringConvertible {
    /// `--grid` is not a usable cell size.
    case badGrid(Double)

    public var description: String {
        switch self {
        case .badGrid(let value):
            "--grid must be a size in degrees between 0 and 10 with at most six decimals, got \(value)"
        }
    }
}
