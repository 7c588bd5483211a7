import FleetAuth
import FleetTestSupport
import FleetWeather
import FleetWeatherKit
import Foundation
import Testing

/// Each fault the fake server injects maps to the right ``WeatherKitError`` case.
@Suite("Fault classification against the fake server", .timeLimit(.minutes(3)))
struct LiveFaultTests {
    struct FaultCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let rule: FakeFaults.Rule
        let expected: WeatherKitError
    }

    static let cases: [FaultCase] = [
        FaultCase(
            testDescription: "503", rule: .init(.status5xx, count: 1, status: 503),
            expected: .transient(reason: "HTTP 503", retryAfter: nil)),
        FaultCase(
            testDescription: "502", rule: .init(.status5xx, count: 1, status: 502),
            expected: .transient(reason: "HTTP 502", retryAfter: nil)),
        FaultCase(
            testDescription: "429 with Retry-After", rule: .init(.status429, count: 1, retryAfter: "7"),
            expected: .transient(reason: "HTTP 429 Too Many Requests", retryAfter: .seconds(7))),
        FaultCase(
            testDescription: "empty 404", rule: .init(.empty404, count: 1),
            expected: .transient(reason: "HTTP 404 with an empty body (a known WeatherKit glitch)", retryAfter: nil)),
        FaultCase(
            testDescription: "empty 400", rule: .init(.empty400, count: 1),
            expected: .transient(reason: "HTTP 400 with an empty body (a known WeatherKit glitch)", retryAfter: nil)),
        FaultCase(
            testDescription: "NOT_ENABLED", rule: .init(.unauthorized, count: 1),
            expected: .unauthorized(reason: "NOT_ENABLED")),
        FaultCase(
            testDescription: "empty 401", rule: .init(.unauthorizedEmpty, count: 1),
            expected: .unauthorized(reason: "HTTP 401 with an empty body")),
        FaultCase(testDescription: "OVER_QUOTA", rule: .init(.overQuota, count: 1), expected: .overQuota),
    ]

    private static let query = WeatherQuery(
        latitude: 51.47, longitude: -0.454, dataSets: [.currentWeather, .forecastHourly], timeZone: "Europe/London",
        country: "GB")

    private func client(_ server: FakeWeatherKitServer, _ directory: TemporaryDirectory) throws -> WeatherKitClient {
        WeatherKitClient(
            endpoint: try server.endpoint(), transport: URLSessionTransport(maximumConcurrentRequests: 4),
            tokens: try TokenProvider(credentials: TestCredentials.install(in: directory)), timeout: .seconds(30))
    }

    @Test(arguments: cases) func faultMapsToError(_ fault: FaultCase) async throws {
        let server = try await FakeWeatherKitServer.start()
        defer { server.stop() }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try await server.setFaults(FakeFaults(rules: [fault.rule]))
        let client = try client(server, directory)
        let error = await #expect(throws: WeatherKitError.self) { try await client.fetchWeather(Self.query) }
        #expect(error == fault.expected)
        // The rule was for one request only: the next one succeeds.
        let fetched = try await client.fetchWeather(Self.query)
        #expect(fetched.response.currentWeather != nil)
        let statuses = try await server.requests().map(\.status)
        #expect(statuses.count == 2 && statuses.last == 200)
    }

    @Test func truncatedBodyIsTransient() async throws {
        let server = try await FakeWeatherKitServer.start(arguments: ["--fault", "truncated:1"])
        defer { server.stop() }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let error = await #expect(throws: WeatherKitError.self) {
            try await client(server, directory).fetchWeather(Self.query)
        }
        // A cut-off body is a transport glitch: retried, unlike valid JSON of the wrong shape.
        guard case .transient(let reason, _) = error else {
            Issue.record("expected transient, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("truncated or invalid JSON"))
        #expect(error?.isRetryable == true)
    }

    @Test func invalidParametersAreBadRequests() async throws {
        let server = try await FakeWeatherKitServer.start()
        defer { server.stop() }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let client = try client(server, directory)
        var query = Self.query
        query.latitude = 91
        let error = await #expect(throws: WeatherKitError.self) { try await client.fetchWeather(query) }
        guard case .badRequest(let status, let detail) = error else {
            Issue.record("expected badRequest, got \(String(describing: error))")
            return
        }
        #expect(status == 400)
        #expect(detail.contains("out of range"))
        query = Self.query
        query.timeZone = "Mars/Olympus_Mons"
        let zoneError = await #expect(throws: WeatherKitError.self) { try await client.fetchWeather(query) }
        #expect(zoneError?.description.contains("unknown timezone") == true)
    }

    @Test func tokenForAnotherKeyIsNotEnabled() async throws {
        let server = try await FakeWeatherKitServer.start(publicKey: TestCredentials.rfc7515PublicKey)
        defer { server.stop() }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let error = await #expect(throws: WeatherKitError.self) {
            try await client(server, directory).fetchWeather(Self.query)
        }
        #expect(error == .unauthorized(reason: "NOT_ENABLED"))
        #expect(error?.needsNewToken == true)
        let logged = try #require(try await server.requests().first)
        #expect(!logged.tokenVerified)
        #expect(logged.tokenError == "ES256 signature does not verify")
    }

    @Test func cancellationCancelsTheRequest() async throws {
        // The server would answer after 120 s; only cancellation can end the request early with
        // `.cancelled` (no wall-clock bound: timing belongs in benchmarks).
        let server = try await FakeWeatherKitServer.start(arguments: ["--fault", "hang", "--hang-seconds", "120"])
        defer { server.stop() }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let client = try client(server, directory)
        let task = Task { try await client.fetchWeather(Self.query) }
        try await Task.sleep(for: .milliseconds(300))
        task.cancel()
        let result = await task.result
        #expect(throws: WeatherKitError.cancelled) { try result.get() }
    }

    @Test func connectionsPerHostFollowConcurrency() async throws {
        // Held until 3 are in flight (so the peak reaches the limit however slowly requests
        // start), then 600 ms each, long enough for a fourth connection to show if one opened.
        let server = try await FakeWeatherKitServer.start(arguments: ["--gather", "3", "--latency-ms", "600"])
        defer { server.stop() }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let client = WeatherKitClient(
            endpoint: try server.endpoint(), transport: URLSessionTransport(maximumConcurrentRequests: 3),
            tokens: try TokenProvider(credentials: TestCredentials.install(in: directory)))
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<8 {
                var query = Self.query
                query.latitude += Double(index) / 100
                group.addTask { [query] in _ = try await client.fetchWeather(query) }
            }
            try await group.waitForAll()
        }
        let stats = try await server.stats()
        #expect(stats.weatherRequests == 8)
        #expect(stats.peakInFlight == 3)
    }
}
