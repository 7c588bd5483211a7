public import FleetWeather
public import Foundation

/// One successful `/api/v1/weather` answer: the exact bytes (for the cache and `--record`)
/// and their decoded form.
public struct FetchedWeather: Sendable, Equatable {
    /// The body exactly as received.
    public var body: Data
    /// The decoded body.
    public var response: WeatherResponse
    /// The service's `x-request-id`, for support requests and logs.
    public var requestID: String?
    /// What decoding dropped from the body (``DecodedBody/warnings``), for the run's warnings.
    public var warnings: [String]

    /// Creates a fetched body.
    public init(body: Data, response: WeatherResponse, requestID: String?, warnings: [String] = []) {
        self.body = body
        self.response = response
        self.requestID = requestID
        self.warnings = warnings
    }
}

/// One attempt at a resource of the service: the HTTP status, when an answer arrived (kept in
/// the quota ledger for failures too), and the checked value or why there is none.
public struct ServiceAttempt<Value: Sendable>: Sendable {
    /// The answer's HTTP status, or `nil` when none arrived.
    public var httpStatus: Int?
    /// The value, or the classified error.
    public var result: Result<Value, WeatherKitError>

    /// Creates an attempt.
    public init(httpStatus: Int?, result: Result<Value, WeatherKitError>) {
        self.httpStatus = httpStatus
        self.result = result
    }
}

/// One attempt at a `/api/v1/weather` body.
public typealias WeatherAttempt = ServiceAttempt<FetchedWeather>
