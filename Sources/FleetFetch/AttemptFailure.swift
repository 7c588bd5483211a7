internal import FleetPlan
internal import FleetWeatherKit

/// Why a request ended without weather.
enum AttemptFailure: Error, Equatable {
    /// The budget (month or run) ran out before it could be sent.
    case quota
    /// The run was interrupted.
    case interrupted
    /// The circuit breaker is open.
    case authorization(AuthFailure)
    /// The request failed for good (after retries), with the reason.
    case failed(String)

    /// True when no further request of the run may be sent.
    var stopsRun: Bool {
        switch self {
        case .quota, .interrupted, .authorization: true
        case .failed: false
        }
    }

    /// The cell status this failure gives a cell with nothing to fall back on.
    var status: CellStatus {
        switch self {
        case .quota: .notFetchedQuota
        case .interrupted: .interrupted
        case .authorization(let reason): .authorizationFailed(reason.description)
        case .failed(let reason): .failed(reason)
        }
    }

    /// Words for a stale badge.
    var reason: String { status.reason ?? "fetch failed" }
}
