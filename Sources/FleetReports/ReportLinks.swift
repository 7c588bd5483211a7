/// Relative links between the pages of a report: `index.html` at the top, route pages in
/// `routes/`, station pages in `stations/` (docs/contract.md §8.1). Relative, so a report
/// folder can be moved, copied or served anywhere and its links still hold.
enum ReportLinks {
    /// Where the linking page sits.
    enum Level: Sendable {
        /// `index.html`.
        case top
        /// A page in `routes/` or `stations/`.
        case nested

        /// The way back to the report's top folder.
        var prefix: String {
            switch self {
            case .top: ""
            case .nested: "../"
            }
        }
    }

    /// The station page of an airport code (`stations/ORD.html`).
    static func station(_ code: String, from level: Level) -> String {
        level.prefix + "stations/\(ReportFiles.stationFileName(code)).html"
    }

    /// The route page of a route name (`routes/ORD-JFK.html`).
    static func route(_ route: String, from level: Level) -> String {
        level.prefix + "routes/\(ReportFiles.routeFileName(route)).html"
    }

    /// The fleet overview.
    static func index(from level: Level) -> String { level.prefix + "index.html" }
}
