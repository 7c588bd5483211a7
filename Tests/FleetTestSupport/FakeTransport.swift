public import FleetWeatherKit
internal import Foundation

/// An in-memory ``HTTPTransport`` for unit tests: scripted responses, recorded requests and a
/// measured concurrency peak, without a socket.
public actor FakeTransport: HTTPTransport {
    /// Computes a response for a request.
    public typealias Responder = @Sendable (HTTPRequest) async throws -> HTTPResponse

    /// Every request received, in arrival order.
    public private(set) var requests: [HTTPRequest] = []
    /// The most requests ever in flight at once.
    public private(set) var peakInFlight = 0
    private var inFlight = 0
    private var script: [Result<HTTPResponse, WeatherKitError>]
    private let responder: Responder?
    private let delay: Duration

    /// A transport answering each request with `responder`.
    ///
    /// - Parameters:
    ///   - delay: Time each request stays in flight (for concurrency tests).
    ///   - responder: Computes the response or throws.
    public init(delay: Duration = .zero, responder: @escaping Responder) {
        self.responder = responder
        self.script = []
        self.delay = delay
    }

    /// A transport answering with `script` in order; the last entry repeats.
    ///
    /// - Parameters:
    ///   - script: Responses or errors.
    ///   - delay: Time each request stays in flight.
    public init(script: [Result<HTTPResponse, WeatherKitError>], delay: Duration = .zero) {
        self.responder = nil
        self.script = script
        self.delay = delay
    }

    /// A transport that always answers `status` with `body`.
    ///
    /// - Parameters:
    ///   - status: The status code.
    ///   - body: The body text.
    ///   - headers: Header fields.
    /// - Returns: The transport.
    public static func always(status: Int, body: String = "", headers: [String: String] = [:]) -> FakeTransport {
        FakeTransport(script: [.success(HTTPResponse(status: status, headers: headers, body: Data(body.utf8)))])
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        requests.append(request)
        inFlight += 1
        peakInFlight = max(peakInFlight, inFlight)
        defer { inFlight -= 1 }
        if delay > .zero { try await Task.sleep(for: delay) }
        if let responder { return try await responder(request) }
        let next = script.count > 1 ? script.removeFirst() : script.first
        guard let next else { throw WeatherKitError.transient(reason: "FakeTransport has no script", retryAfter: nil) }
        return try next.get()
    }
}
