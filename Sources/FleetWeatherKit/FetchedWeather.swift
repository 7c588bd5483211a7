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
