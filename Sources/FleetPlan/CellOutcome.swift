public import FleetWeather
public import Foundation

/// What a run obtained for one cell.
public struct CellOutcome: Sendable, Equatable {
    /// The cell.
    public let key: CellKey
    /// The weather, when any was obtained (fresh, cached or stale).
    public let weather: CellWeather?
    /// How it was obtained, or why not.
    public let status: CellStatus

    /// Creates an outcome.
    public init(key: CellKey, weather: CellWeather?, status: CellStatus) {
        self.key = key
        self.weather = weather
        self.status = status
    }

    /// True when the cell ended without usable weather (beyond the horizon does not count).
    public var isFailure: Bool { weather == nil && status != .beyondHorizon }
}

/// How a cell's weather was obtained, or why it was not.
public enum CellStatus: Sendable, Equatable {
    /// Fetched from WeatherKit in this run.
    case fetched
    /// Served wholly from unexpired cached data.
    case cached
    /// Replayed from a recorded body.
    case replayed
    /// Partly or wholly an expired cached copy, used because the fetch failed.
    case stale(since: Date, reason: String)
    /// Nothing usable: the reason in words ("no recorded weather", "HTTP 503 after 4 attempts").
    case failed(String)
    /// Not fetched because the quota budget ran out.
    case notFetchedQuota
    /// Not fetched because the run was interrupted (SIGINT/SIGTERM).
    case interrupted
    /// Not fetched because authorization failed and the run stopped sending.
    case authorizationFailed(String)
    /// No request needed: every time in the cell is beyond the forecast horizon.
    case beyondHorizon

    /// True when the weather is current (not stale, not missing).
    public var isFresh: Bool {
        switch self {
        case .fetched, .cached, .replayed: true
        default: false
        }
    }

    /// Words for reports when weather is missing or stale.
    public var reason: String? {
        switch self {
        case .fetched, .cached, .replayed: nil
        case .stale(_, let reason): reason
        case .failed(let reason): reason
        case .notFetchedQuota: "not fetched: quota"
        case .interrupted: "not fetched: run interrupted"
        case .authorizationFailed(let reason): "not fetched: \(reason)"
        case .beyondHorizon: "beyond forecast horizon"
        }
    }
}
