internal import FleetFiles

/// Fatal problems of the fetch stage (per-cell failures are outcomes, not errors).
public enum FetchError: Error, Equatable, CustomStringConvertible {
    /// `--replay DIR` cannot be listed.
    case replayDirectoryUnreadable(path: String, reason: String)

    public var description: String {
        switch self {
        case .replayDirectoryUnreadable(let path, let reason):
            "cannot read the replay directory \(path.bounded): \(reason)"
        }
    }
}
