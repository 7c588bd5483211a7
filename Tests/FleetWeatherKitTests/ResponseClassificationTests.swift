import FleetTestSupport
import FleetWeather
import FleetWeatherKit
import Foundation
import Testing

/// Classification and request headers, with an in-memory transport.
@Suite("Response classification")
struct ResponseClassificationTests {
    private static let token = "eyJhbGciOiJFUzI1NiJ9.eyJpc3MiOiJUIn0.c2lnbmF0dXJlLWJ5dGVzLWZvci10ZXN0cw"
    private static let now = Date(timeIntervalSince1970: 1_800_000_000)
    private static let query = WeatherQuery(latitude: 1, longitude: 2, dataSets: [.currentWeather])

    private func client(_ transport: FakeTransport) throws -> WeatherKitClient {
        WeatherKitClient(
            endpoint: try WeatherKitEndpoint(string: "https://weatherkit.apple.com"), transport: transport,
            tokens: StaticTokenSource(Self.token), timeout: .seconds(7), now: { Self.now })
    }

    private func failure(status: Int, body: String = "", headers: [String: String] = [:]) async throws
        -> WeatherKitError?
    {
        let client = try client(.always(status: status, body: body, headers: headers))
        return await #expect(throws: WeatherKitError.self) { try await client.fetchWeather(Self.query) }
    }

    /// A 401 `reason` of one letter and a million combining marks is one character: cut by
    /// characters it stayed whole (2 MB on one stderr line); cut by scalars it is short.
    @Test func hugeReasonIsCutByScalars() async throws {
        let reason = "e" + String(repeating: "\u{301}", count: 1_000_000)
        let error = try await failure(status: 401, body: "{\"reason\": \"\(reason)\"}")
        guard case .unauthorized(let shown) = error else {
            Issue.record("unexpected \(String(describing: error))")
            return
        }
        #expect(shown.utf8.count < 1_000, "\(shown.utf8.count) bytes")
        #expect(shown.hasSuffix("… (2,000,001 bytes)"), "\(shown.suffix(30))")
    }

    /// Only the start of a long body is decoded; what is shown says how long the whole was.
    @Test func longBodyShowsItsSize() async throws {
        let error = try await failure(status: 418, body: String(repeating: "x", count: 5_000))
        guard case .badRequest(_, let detail) = error else {
            Issue.record("unexpected \(String(describing: error))")
            return
        }
        #expect(detail == String(repeating: "x", count: 300) + "… (5,000 bytes)")
    }

    @Test func alertsMayBeAbsentWhereNotCovered() async throws {
        let alertsOnly = WeatherQuery(latitude: 35.77, longitude: 140.39, dataSets: [.weatherAlerts])
        let fetched = try await client(.always(status: 200, body: "{}")).fetchWeather(alertsOnly)
        #expect(fetched.response.weatherAlerts == nil)
    }

    @Test func requestCarriesBearerAcceptAndIdentity() async throws {
        let body = #"{"currentWeather":{"asOf":"2026-01-01T00:00:00Z","conditionCode":"Clear"}}"#
        let transport = FakeTransport.always(status: 200, body: body, headers: ["X-Request-ID": "abc"])
        let fetched = try await client(transport).fetchWeather(Self.query)
        #expect(fetched.requestID == "abc")
        #expect(fetched.body == Data(body.utf8))
        let request = try #require(await transport.requests.first)
        #expect(request.method == "GET")
        #expect(request.headers["Authorization"] == "Bearer \(Self.token)")
        #expect(request.headers["Accept"] == "application/json")
        #expect(request.headers["Accept-Encoding"] == "identity")
        #expect(request.timeout == .seconds(7))
    }

    @Test func retryAfterAsHTTPDate() async throws {
        let date = Self.now.addingTimeInterval(120)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let error = try await failure(status: 503, headers: ["Retry-After": formatter.string(from: date)])
        #expect(error == .transient(reason: "HTTP 503", retryAfter: .seconds(120)))
        let past = try await failure(status: 429, headers: ["retry-after": "Sun, 06 Nov 1994 08:49:37 GMT"])
        #expect(past?.retryAfter == .zero)
        let garbage = try await failure(status: 429, headers: ["Retry-After": "soon"])
        #expect(garbage == .transient(reason: "HTTP 429 Too Many Requests", retryAfter: nil))
        let fractional = try await failure(status: 429, headers: ["Retry-After": "1.5"])
        #expect(fractional?.retryAfter == .milliseconds(1500))
    }

    @Test func authorizationFailures() async throws {
        #expect(
            try await failure(status: 401, body: #"{"reason":"NOT_ENABLED"}"#) == .unauthorized(reason: "NOT_ENABLED"))
        #expect(try await failure(status: 401, body: #"{"reason":"OVER_QUOTA"}"#) == .overQuota)
        #expect(try await failure(status: 403, body: #"{"reason":"OVER_QUOTA"}"#) == .overQuota)
        #expect(try await failure(status: 401) == .unauthorized(reason: "HTTP 401 with an empty body"))
        let spring = #"{"timestamp":"2022-09-16T18:17:15Z","status":403,"error":"Forbidden","message":"Access Denied"}"#
        #expect(try await failure(status: 403, body: spring) == .unauthorized(reason: "HTTP 403 Access Denied"))
    }

    @Test func badRequestsKeepAShortRedactedDetail() async throws {
        let echo = "{\"message\":\"bad token \(Self.token)\",\"pad\":\"\(String(repeating: "x", count: 2000))\"}"
        let error = try #require(try await failure(status: 400, body: echo))
        guard case .badRequest(let status, let detail) = error else {
            Issue.record("expected badRequest, got \(error)")
            return
        }
        #expect(status == 400)
        #expect(detail.contains("<token>"))
        #expect(!detail.contains(Self.token) && !error.description.contains(Self.token))
        #expect(detail.count <= 320, "300 scalars and the size")
        let notFound = try await failure(status: 404, body: #"{"status":404,"error":"Not Found"}"#)
        #expect(notFound == .badRequest(status: 404, detail: #"{"status":404,"error":"Not Found"}"#))
        #expect(notFound?.isRetryable == false)
    }

    @Test func whitespaceBodyCountsAsEmpty() async throws {
        #expect(try await failure(status: 404, body: " \r\n")?.isRetryable == true)
    }

    @Test func bodiesWithoutRequestedDataAreUndecodable() async throws {
        // An empty 200 is a transport glitch (like the spurious empty 404s): retried.
        #expect(try await failure(status: 200) == .transient(reason: "HTTP 200 with an empty body", retryAfter: nil))
        #expect(
            try await failure(status: 200, body: "{}") == .undecodable("none of the requested data sets is in the body")
        )
        #expect(try await failure(status: 200, body: "[1,2]")?.isRetryable == false)
        let shape = #"{"currentWeather":[1]}"#
        #expect(
            try await failure(status: 200, body: shape)
                == .undecodable("currentWeather is an array, not an object (\(shape.utf8.count) bytes)"))
        // Cut off or not JSON at all: a transport glitch, worth another attempt.
        #expect(try await failure(status: 200, body: #"{"currentWeather":{"asOf":"#)?.isRetryable == true)
        #expect(try await failure(status: 200, body: "<html>busy</html>")?.isRetryable == true)
    }

    @Test func oddValuesAreDroppedNotRetried() async throws {
        let body = #"{"currentWeather":{"temperature":"warm","uvIndex":4.5,"humidity":0.5}}"#
        let fetched = try await client(.always(status: 200, body: body)).fetchWeather(Self.query)
        #expect(fetched.response.currentWeather?.temperature == nil)
        #expect(fetched.response.currentWeather?.uvIndex == nil)
        #expect(fetched.response.currentWeather?.humidity == 0.5)
        #expect(
            fetched.warnings == [
                #"currentWeather.temperature: "warm" is not a number; dropped"#,
                "currentWeather.uvIndex: 4.5 is not a whole number; dropped",
            ])
    }

    @Test(
        "a Retry-After of any size becomes a bounded delay, never a trap",
        arguments: ["1e300", "1e308", "99999999999999999999", "Fri, 31 Dec 9999 23:59:59 GMT"])
    func hugeRetryAfterIsClamped(_ value: String) async throws {
        let error = try await failure(status: 503, headers: ["Retry-After": value])
        #expect(error?.retryAfter == .seconds(86_400))
    }

    @Test func unauthorizedReasonIsRedactedAndBounded() async throws {
        let signature = try #require(Self.token.split(separator: ".").last)
        let echo = "bad token \(Self.token) again \(signature)\u{1b}[2J\n\u{202e}" + String(repeating: "y", count: 2000)
        let body = String(decoding: try JSONSerialization.data(withJSONObject: ["reason": echo]), as: UTF8.self)
        for status in [401, 403] {
            let error = try #require(try await failure(status: status, body: body))
            guard case .unauthorized(let reason) = error else {
                Issue.record("expected unauthorized, got \(error)")
                continue
            }
            #expect(!reason.contains(Self.token) && !reason.contains(signature), "\(reason)")
            #expect(reason.hasPrefix("bad token <token> again <token>"), "\(reason)")
            #expect(reason.count <= 320, "300 scalars and the size")
            #expect(!reason.unicodeScalars.contains { $0.value < 0x20 || $0 == "\u{202e}" }, "\(reason)")
            #expect(!error.description.contains(Self.token))
        }
        let message = #"{"message":"denied for \#(Self.token)"}"#
        #expect(try await failure(status: 403, body: message) == .unauthorized(reason: "HTTP 403 denied for <token>"))
        #expect(
            try await failure(status: 401, body: #"{"reason":"NOT_ENABLED"}"#) == .unauthorized(reason: "NOT_ENABLED"))
        #expect(AuthFailure(.unauthorized(reason: "NOT_ENABLED")) == .notEnabled)
    }

    @Test func transportAndTokenFailures() async throws {
        let cancelled = try client(FakeTransport { _ in throw CancellationError() })
        await #expect(throws: WeatherKitError.cancelled) { try await cancelled.fetchWeather(Self.query) }
        struct Boom: Error {}
        let broken = try client(FakeTransport { _ in throw Boom() })
        let error = await #expect(throws: WeatherKitError.self) { try await broken.fetchWeather(Self.query) }
        #expect(error?.isRetryable == true)
        struct NoKey: TokenSource {
            func token() async throws -> String { throw WeatherKitError.tokenUnavailable("key missing") }
            func renew() async throws -> String { try await token() }
        }
        let transport = FakeTransport.always(status: 200)
        let keyless = WeatherKitClient(
            endpoint: try WeatherKitEndpoint(string: "https://weatherkit.apple.com"), transport: transport,
            tokens: NoKey())
        await #expect(throws: WeatherKitError.tokenUnavailable("key missing")) {
            try await keyless.fetchWeather(Self.query)
        }
        #expect(await transport.requests.isEmpty)
    }

    @Test func availabilityDecodesAnArray() async throws {
        let good = try client(.always(status: 200, body: #"["currentWeather","forecastDaily"]"#))
        #expect(
            try await good.availability(latitude: 1, longitude: 2, country: "US") == [
                "currentWeather", "forecastDaily",
            ])
        let bad = try client(.always(status: 200, body: #"{"currentWeather":true}"#))
        let error = await #expect(throws: WeatherKitError.self) {
            try await bad.availability(latitude: 1, longitude: 2, country: nil)
        }
        guard case .undecodable = error else {
            Issue.record("expected undecodable, got \(String(describing: error))")
            return
        }
    }

    @Test func helperFlags() {
        #expect(WeatherKitError.transient(reason: "x", retryAfter: nil).isRetryable)
        #expect(!WeatherKitError.overQuota.isRetryable && !WeatherKitError.overQuota.needsNewToken)
        #expect(WeatherKitError.unauthorized(reason: "NOT_ENABLED").needsNewToken)
        #expect(!WeatherKitError.badRequest(status: 400, detail: "x").isRetryable)
        #expect(!WeatherKitError.responseTooLarge(limit: 1).isRetryable)
        #expect(WeatherKitError.transient(reason: "x", retryAfter: .seconds(2)).description.contains("retry after 2 s"))
    }
}
