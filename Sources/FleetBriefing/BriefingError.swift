internal import FleetFiles

/// Fatal problems of the briefing stage (missing weather is an outcome, not an error).
public enum BriefingError: Error, Equatable, CustomStringConvertible {
    /// `--config FILE` cannot be read.
    case configUnreadable(path: String, reason: String)
    /// `--config FILE` is not a valid threshold file.
    case configInvalid(path: String, reason: String)

    public var description: String {
        switch self {
        case .configUnreadable(let path, let reason): "cannot read the configuration \(path.bounded): \(reason)"
        case .configInvalid(let path, let reason): "configuration \(path.bounded): \(reason)"
        }
    }
}
