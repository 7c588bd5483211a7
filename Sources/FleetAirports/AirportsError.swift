/// Why the airport directory could not be loaded.
public enum AirportsError: Error, Equatable, CustomStringConvertible {
    /// The bundled resource is missing from the build.
    case resourceMissing
    /// The file could not be read.
    case unreadable(path: String, reason: String)
    /// The file is not in the airportsdata format.
    case malformed(path: String, line: Int, reason: String)

    public var description: String {
        switch self {
        case .resourceMissing:
            "the bundled airport data (airports.csv) is missing from this build"
        case .unreadable(let path, let reason):
            "cannot read airport data \(path): \(reason)"
        case .malformed(let path, let line, let reason):
            "airport data \(path):\(line): \(reason)"
        }
    }
}
