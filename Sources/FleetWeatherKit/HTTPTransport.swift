/// Sends HTTP requests: the seam between the WeatherKit client and the network.
///
/// ``URLSessionTransport`` is the live implementation; tests use an in-memory fake that
/// scripts responses and records requests, so no test depends on the real network.
public protocol HTTPTransport: Sendable {
    /// Sends one request and returns the complete response.
    ///
    /// - Parameter request: The request.
    /// - Returns: The response, with any status (non-2xx is not an error here).
    /// - Throws: A ``WeatherKitError`` for timeouts, connection failures, oversize bodies
    ///   and cancellation; other error types are treated as connection failures.
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
}
