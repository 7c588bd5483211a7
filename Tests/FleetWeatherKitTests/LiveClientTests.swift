import FleetAuth
import FleetTestSupport
import FleetWeather
import FleetWeatherKit
import Foundation
import Testing

/// The client against the fake WeatherKit server: real sockets, real tokens, real parsing.
@Suite("WeatherKit client against the fake server", .timeLimit(.minutes(3)))
struct LiveClientTests {
    private static let start = Date(timeIntervalSince1970: 1_779_998_400)  // 2026-05-28T20:00:00Z

    private func client(
        _ server: FakeWeatherKitServer, directory: TemporaryDirectory, concurrency: Int = 4,
        maximumResponseBytes: Int = URLSessionTransport.defaultMaximumResponseBytes, timeout: Duration = .seconds(30)
    ) throws -> WeatherKitClient {
        let tokens = try TokenProvider(credentials: TestCredentials.install(in: directory))
        let transport = URLSessionTransport(
            maximumConcurrentRequests: concurrency, maximumResponseBytes: maximumResponseBytes)
        return WeatherKitClient(endpoint: try server.endpoint(), transport: transport, tokens: tokens, timeout: timeout)
    }

    private func query(latitude: Double = 40.71, longitude: Double = -74.01) -> WeatherQuery {
        WeatherQuery(
            latitude: latitude, longitude: longitude,
            dataSets: [.forecastHourly, .currentWeather, .forecastDaily, .weatherAlerts],
            hourlyStart: Self.start, hourlyEnd: Self.start.addingTimeInterval(6 * 3600),
            dailyStart: Self.start, dailyEnd: Self.start.addingTimeInterval(2 * 86400),
            timeZone: "America/New_York", country: "us")
    }

    @Test func fetchDecodesTheBody() async throws {
        let server = try await FakeWeatherKitServer.start()
        defer { server.stop() }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let fetched = try await client(server, directory: directory).fetchWeather(query())
        let hours = try #require(fetched.response.forecastHourly?.hours)
        #expect(hours.count == 6)
        let first = try #require(hours.first)
        let hour = FakeWeatherValues.epochHour(Self.start)
        #expect(first.forecastStart == Date(timeIntervalSince1970: Double(hour * 3600)))
        #expect(first.temperature == FakeWeatherValues.temperature(latitude: 40.71, longitude: -74.01, hour: hour))
        #expect(
            first.conditionCode?.token
                == FakeWeatherValues.conditionCode(latitude: 40.71, longitude: -74.01, hour: hour))
        #expect(fetched.response.currentWeather?.metadata?.latitude == 40.71)
        #expect(
            fetched.response.forecastHourly?.metadata?.attributionURL
                == "https://developer.apple.com/weatherkit/data-source-attribution/")
        #expect(fetched.response.forecastDaily?.days?.isEmpty == false)
        #expect(fetched.response.weatherAlerts != nil)
        #expect(fetched.requestID?.hasPrefix("fake-") == true)
        let reparsed = try WeatherBody.decode(fetched.body).response
        #expect(reparsed == fetched.response)
    }

    @Test func requestMatchesTheAPINotes() async throws {
        let server = try await FakeWeatherKitServer.start(arguments: [
            "--team-id", TestCredentials.teamID, "--service-id", TestCredentials.serviceID,
            "--key-id", TestCredentials.keyID,
        ])
        defer { server.stop() }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        _ = try await client(server, directory: directory).fetchWeather(query())
        let logged = try #require(try await server.requests().first)
        #expect(logged.method == "GET")
        #expect(logged.segments == ["api", "v1", "weather", "en-US", "40.71", "-74.01"])
        #expect(logged.rawQuery.hasPrefix("dataSets=currentWeather,forecastDaily,forecastHourly,weatherAlerts&"))
        #expect(logged.query["hourlyStart"] == "2026-05-28T20:00:00Z")
        #expect(logged.query["hourlyEnd"] == "2026-05-29T02:00:00Z")
        #expect(logged.query["dailyStart"] == "2026-05-28T20:00:00Z")
        #expect(logged.query["dailyEnd"] == "2026-05-30T20:00:00Z")
        #expect(logged.query["timezone"] == "America/New_York")
        #expect(logged.query["countryCode"] == "US")
        #expect(logged.query["country"] == "US")
        #expect(logged.accept == "application/json")
        #expect(logged.acceptEncoding == "identity")
        #expect(logged.hasBearer && logged.tokenVerified)
        #expect(logged.status == 200)
    }

    @Test func oversizeBodyIsRejected() async throws {
        let server = try await FakeWeatherKitServer.start()
        defer { server.stop() }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let small = try client(server, directory: directory, maximumResponseBytes: 2000)
        let error = await #expect(throws: WeatherKitError.self) { try await small.fetchWeather(query()) }
        #expect(error == .responseTooLarge(limit: 2000))
    }

    /// A server that compresses although the client asked for identity: the answer is refused
    /// when its headers arrive, so ~1 MB of gzip never becomes its 1 GiB of spaces in memory.
    @Test func compressedBodyIsRefusedUnread() async throws {
        let server = try await FakeWeatherKitServer.start()
        defer { server.stop() }
        try await server.setFaults(FakeFaults(rules: [FakeFaults.Rule(.gzipBomb)]))
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let error = await #expect(throws: WeatherKitError.self) {
            try await client(server, directory: directory).fetchWeather(query())
        }
        guard case .undecodable(let detail) = error else {
            Issue.record("expected the compressed body to be refused, got \(String(describing: error))")
            return
        }
        #expect(detail.contains("Content-Encoding: gzip"), "\(detail)")
        #expect(error?.isRetryable == false)
        let logged = try await server.requests()
        #expect(logged.map(\.fault) == ["gzipBomb"])
        #expect(logged.first?.acceptEncoding == "identity")
    }

    @Test func hangTimesOutAsTransient() async throws {
        // The server would answer after 30 s; only the client's 1 s timeout can end the request
        // with "timed out" (no wall-clock bound here: a loaded machine may run the timer late).
        let server = try await FakeWeatherKitServer.start(arguments: ["--fault", "hang", "--hang-seconds", "30"])
        defer { server.stop() }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let impatient = try client(server, directory: directory, timeout: .seconds(1))
        let error = await #expect(throws: WeatherKitError.self) { try await impatient.fetchWeather(query()) }
        #expect(error?.isRetryable == true)
        #expect(error?.description.contains("timed out") == true, "\(String(describing: error))")
    }

    @Test func concurrentRequestsRunInParallel() async throws {
        // The server holds requests until 16 are in flight together, so a loaded machine that
        // starts them slowly cannot hide the limit; a client capped below 16 stays below it (the
        // wait gives up after 20 s, inside the client's 30 s timeout, so the peak is what fails).
        let server = try await FakeWeatherKitServer.start(arguments: [
            "--gather", "16", "--gather-seconds", "20", "--latency-ms", "100",
        ])
        defer { server.stop() }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let wide = try client(server, directory: directory, concurrency: 16)
        let queries = (0..<16).map { query(latitude: 40 + Double($0) / 100) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for query in queries { group.addTask { _ = try await wide.fetchWeather(query) } }
            try await group.waitForAll()
        }
        let stats = try await server.stats()
        #expect(stats.weatherRequests == 16)
        #expect(stats.peakInFlight == 16, "peak \(stats.peakInFlight)")
        #expect(stats.tokenVerifications == 1)
    }
}
