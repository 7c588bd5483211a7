internal import Dispatch
internal import Foundation
internal import Synchronization

#if canImport(FoundationNetworking)
    internal import FoundationNetworking
#endif

/// Collects the body of each data task, enforces the size cap and the deadline, and resumes
/// the waiting caller exactly once.
///
/// Transfers are keyed by `taskIdentifier` in a `Mutex`-protected dictionary: URLSession calls
/// the delegate on its own queue while callers register from any task.
final class URLSessionTransferDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private struct Transfer {
        var continuation: CheckedContinuation<HTTPResponse, any Error>
        var limit: Int
        var timeout: Duration
        var body = Data()
        var failure: WeatherKitError?
    }

    private let transfers = Mutex<[Int: Transfer]>([:])

    /// Registers a task, arms its deadline and starts it.
    ///
    /// Runs synchronously inside the caller's task, so a cancellation that arrived before the
    /// task was started is seen here: the task is then never started (a `URLSessionTask`
    /// cancelled before `resume()` might never report completion).
    func begin(
        _ task: URLSessionDataTask, limit: Int, timeout: Duration,
        continuation: CheckedContinuation<HTTPResponse, any Error>
    ) {
        guard !Task.isCancelled else {
            continuation.resume(throwing: WeatherKitError.notSent("the run was cancelled before it was sent"))
            return
        }
        let identifier = task.taskIdentifier
        transfers.withLock { $0[identifier] = Transfer(continuation: continuation, limit: limit, timeout: timeout) }
        let deadline = DispatchTime.now() + timeout.timeInterval
        let timedOut = WeatherKitError.noResponse("timed out after \(timeout.secondsText)")
        DispatchQueue.global().asyncAfter(deadline: deadline) { [weak self] in self?.fail(task, with: timedOut) }
        // Backstop: if URLSession never reports completion after the cancel, answer anyway.
        DispatchQueue.global().asyncAfter(deadline: deadline + Self.completionGrace) { [weak self] in
            self?.finish(identifier, with: timedOut)
        }
        task.resume()
    }

    /// How long after cancelling a timed-out task its completion is awaited.
    static let completionGrace = 2.0

    private func finish(_ identifier: Int, with failure: WeatherKitError) {
        guard let transfer = transfers.withLock({ $0.removeValue(forKey: identifier) }) else { return }
        transfer.continuation.resume(throwing: transfer.failure ?? failure)
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        let limit = transfers.withLock { $0[dataTask.taskIdentifier]?.limit } ?? Int.max
        if let encoding = Self.contentEncoding(response) {
            refuse(
                dataTask,
                with: .undecodable(
                    "the body came compressed (Content-Encoding: \(encoding)) although fleetwx asked for identity; "
                        + "refused unread"))
            completionHandler(.cancel)
            return
        }
        if response.expectedContentLength > Int64(limit) {
            refuse(dataTask, with: .responseTooLarge(limit: limit))
            completionHandler(.cancel)
            return
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let refused = transfers.withLock { transfers -> Transfer? in
            // Mutated in place through the index: copying the transfer out and back would copy
            // the whole body received so far on every chunk (quadratic, inside the shared lock).
            guard let index = transfers.index(forKey: dataTask.taskIdentifier),
                transfers.values[index].failure == nil
            else { return nil }
            transfers.values[index].body.append(data)
            guard transfers.values[index].body.count > transfers.values[index].limit else { return nil }
            return transfers.remove(at: index).value
        }
        guard let refused else { return }
        refused.continuation.resume(throwing: WeatherKitError.responseTooLarge(limit: refused.limit))
        Self.cancelLater(dataTask)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let transfer = transfers.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let failure = transfer.failure {
            transfer.continuation.resume(throwing: failure)
        } else if let error {
            transfer.continuation.resume(throwing: Self.classify(error, timeout: transfer.timeout))
        } else if let http = task.response as? HTTPURLResponse {
            transfer.continuation.resume(returning: HTTPResponse(http, body: transfer.body))
        } else {
            transfer.continuation.resume(
                throwing: WeatherKitError.noResponse("no HTTP response received"))
        }
    }

    /// The response's content coding when it is anything but `identity` (cut to 40 characters
    /// for the message).
    static func contentEncoding(_ response: URLResponse) -> String? {
        guard let http = response as? HTTPURLResponse,
            let value = http.value(forHTTPHeaderField: "Content-Encoding")
        else { return nil }
        let coding = value.trimmingCharacters(in: .whitespaces)
        if coding.isEmpty || coding.lowercased() == "identity" { return nil }
        let printable = coding.unicodeScalars.filter { $0.value >= 0x20 && $0.value < 0x7F }
        return String(String.UnicodeScalarView(printable.prefix(40)))
    }

    /// Marks a transfer failed and cancels its task; completion then reports `failure`.
    private func fail(_ task: URLSessionTask, with failure: WeatherKitError) {
        let active = transfers.withLock { transfers -> Bool in
            guard let index = transfers.index(forKey: task.taskIdentifier) else { return false }
            if transfers.values[index].failure == nil { transfers.values[index].failure = failure }
            return true
        }
        if active { Self.cancelLater(task) }
    }

    /// Ends a transfer at once with `failure` and cancels its task in the background: the
    /// caller is answered now, and the chunks still on their way find no transfer and are
    /// dropped (libcurl may go on inflating a compressed body for a while; none of it is kept).
    private func refuse(_ task: URLSessionTask, with failure: WeatherKitError) {
        guard let transfer = transfers.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        transfer.continuation.resume(throwing: failure)
        Self.cancelLater(task)
    }

    /// Cancels a task from outside the delegate queue.
    ///
    /// `URLSessionTask.cancel()` on Linux waits for the session's work queue, which libcurl
    /// keeps busy for as long as data is available: called from a delegate callback, it held
    /// the (serial) delegate queue while libcurl went on producing chunks for it, so every
    /// chunk of an oversized or compressed body piled up in memory before the cancel ran.
    /// From another queue, the delegate keeps dropping chunks as they come.
    private static func cancelLater(_ task: URLSessionTask) {
        DispatchQueue.global().async { task.cancel() }
    }

    private static func classify(_ error: any Error, timeout: Duration) -> WeatherKitError {
        guard let urlError = error as? URLError else {
            return .noResponse("connection failed (\(type(of: error)))")
        }
        // No HTTP answer in any of these: the run's lone first request stops the run on them
        // (``WeatherKitError/isNoAnswer``) rather than let every cell wait them out.
        switch urlError.code {
        case .cancelled: return .cancelled
        case .timedOut: return .noResponse("timed out after \(timeout.secondsText)")
        // Refused or unresolvable: the request never left this machine.
        case .cannotConnectToHost: return .notSent("cannot connect to the server")
        case .cannotFindHost, .dnsLookupFailed: return .notSent("cannot resolve the host")
        case .notConnectedToInternet: return .notSent("no network connection")
        case .networkConnectionLost: return .noResponse("connection lost")
        // The HTTP request (and its token) goes out only after the handshake.
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
            return .notSent("TLS handshake failed (URLError \(urlError.code.rawValue))")
        default:
            return .noResponse("network error (URLError \(urlError.code.rawValue))")
        }
    }
}

extension HTTPResponse {
    /// Copies status and headers out of Foundation's response type.
    init(_ response: HTTPURLResponse, body: Data) {
        var headers: [String: String] = [:]
        for (name, value) in response.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name] = value }
        }
        self.init(status: response.statusCode, headers: headers, body: body)
    }
}
