public import Foundation

/// One HTTP request, as plain values, so transports and test doubles need no Foundation
/// networking types.
public struct HTTPRequest: Sendable, Equatable {
    /// The absolute URL.
    public var url: URL
    /// The method; WeatherKit only needs `GET`.
    public var method: String
    /// Header fields. Never log them: `Authorization` carries the bearer token.
    public var headers: [String: String]
    /// The request body, if any.
    public var body: Data?
    /// How long the whole exchange may take.
    public var timeout: Duration

    /// Creates a request.
    ///
    /// - Parameters:
    ///   - url: The absolute URL.
    ///   - method: The method (default `GET`).
    ///   - headers: Header fields.
    ///   - body: The body (default none).
    ///   - timeout: The per-request timeout.
    public init(
        url: URL, method: String = "GET", headers: [String: String] = [:], body: Data? = nil,
        timeout: Duration = .seconds(20)
    ) {
        self.url = url
        self.method = method
        self.headers = headers
        self.body = body
        self.timeout = timeout
    }
}
