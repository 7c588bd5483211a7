internal import Foundation

#if canImport(FoundationNetworking)
    internal import FoundationNetworking
#endif

/// The live ``HTTPTransport``: one `URLSession` for the whole run.
///
/// - `httpMaximumConnectionsPerHost` is set to the run's concurrency: the default (6) would
///   silently cap `--concurrency 8` at 6 requests in flight to weatherkit.apple.com.
/// - Each request has a hard deadline (``HTTPRequest/timeout``), enforced by cancelling the
///   task, in addition to `URLRequest.timeoutInterval` (an inactivity timeout on Linux).
/// - Bodies are streamed through a delegate and the download is stopped as soon as it passes
///   ``maximumResponseBytes``.
/// - Compressed bodies are refused. The client asks for `Accept-Encoding: identity`, but on
///   Linux FoundationNetworking always turns on libcurl's automatic content decoding and
///   cannot pause a transfer, so a server that compresses anyway would be inflated (a 2 MB
///   gzip bomb reached 2.3 GB) faster than the delegate could count the bytes. A response
///   whose `Content-Encoding` is not `identity` is therefore cancelled when its headers
///   arrive, before any of its body is kept.
/// - Redirects are refused: a redirect could carry the bearer token to another host.
/// - Cancelling the calling task cancels the underlying `URLSessionTask`.
public final class URLSessionTransport: HTTPTransport {
    /// The default cap on a response body: far above a 10-day hourly body (~250 KB).
    public static let defaultMaximumResponseBytes = 16 * 1024 * 1024

    /// The largest body accepted, in bytes.
    public let maximumResponseBytes: Int
    private let session: URLSession
    private let delegate: URLSessionTransferDelegate

    /// Creates the transport and its session.
    ///
    /// - Parameters:
    ///   - maximumConcurrentRequests: The run's concurrency; becomes
    ///     `httpMaximumConnectionsPerHost`.
    ///   - maximumResponseBytes: The body size cap.
    public init(maximumConcurrentRequests: Int, maximumResponseBytes: Int = defaultMaximumResponseBytes) {
        self.maximumResponseBytes = maximumResponseBytes
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = max(1, maximumConcurrentRequests)
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        delegate = URLSessionTransferDelegate()
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }

    deinit {
        // The session retains its delegate until invalidated.
        session.invalidateAndCancel()
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        if Task.isCancelled { throw WeatherKitError.notSent("the run was cancelled before it was sent") }
        let task = session.dataTask(with: makeURLRequest(request))
        let limit = maximumResponseBytes
        let timeout = request.timeout
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPResponse, any Error>) in
                delegate.begin(task, limit: limit, timeout: timeout, continuation: continuation)
            }
        } onCancel: {
            task.cancel()
        }
    }

    private func makeURLRequest(_ request: HTTPRequest) -> URLRequest {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = request.body
        urlRequest.timeoutInterval = request.timeout.timeInterval
        for (name, value) in request.headers {
            urlRequest.setValue(value, forHTTPHeaderField: name)
        }
        return urlRequest
    }
}

extension Duration {
    /// The duration in seconds, as `TimeInterval` (the one conversion; messages and
    /// `run.json` round it).
    public var timeInterval: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
