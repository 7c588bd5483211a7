import FleetAuth
import FleetTestSupport
import FleetWeather
import FleetWeatherKit
import Foundation
import Testing

/// The fake server's own controls, so other suites can rely on them.
@Suite("Fake WeatherKit server controls", .timeLimit(.minutes(3)))
struct FakeServerControlTests {
    @Test func expiryLogAndReset() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let logFile = directory.file("requests.jsonl")
        let server = try await FakeWeatherKitServer.start(arguments: ["--log", logFile.path])
        defer { server.stop() }
        try await server.setFaults(FakeFaults(expireSeconds: ["currentWeather": 60, "forecastHourly": 7200]))
        let client = WeatherKitClient(
            endpoint: try server.endpoint(), transport: URLSessionTransport(maximumConcurrentRequests: 2),
            tokens: try TokenProvider(credentials: TestCredentials.install(in: directory)))
        let query = WeatherQuery(latitude: 48.354, longitude: 11.786, dataSets: [.currentWeather, .forecastHourly])
        let response = try await client.fetchWeather(query).response
        let current = try #require(response.currentWeather?.metadata)
        let hourly = try #require(response.forecastHourly?.metadata)
        #expect(try #require(current.expireTime).timeIntervalSince(try #require(current.readTime)) == 60)
        #expect(try #require(hourly.expireTime).timeIntervalSince(try #require(hourly.readTime)) == 7200)
        #expect(response.forecastHourly?.hours?.count == 24)
        #expect(try await server.stats().requests == 1)
        let lines = try String(contentsOf: logFile, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains("\"status\":200"))
        let token = try await TokenProvider(credentials: TestCredentials.install(in: directory)).token()
        #expect(!lines[0].contains(token.split(separator: ".")[2]))
        try await server.reset()
        #expect(try await server.requests().isEmpty)
        #expect(try await server.stats().peakInFlight == 0)
    }

    /// `--gather` must not hang a client that never reaches the count: the wait gives up.
    /// The wait is long enough (8 s) that a loaded CI machine still starts the client's second
    /// request inside it (with 0.5 s, CI once saw only one in flight before the wait ended).
    @Test func gatherGivesUpWhenTheCountIsNeverReached() async throws {
        let server = try await FakeWeatherKitServer.start(arguments: ["--gather", "4", "--gather-seconds", "8"])
        defer { server.stop() }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let client = WeatherKitClient(
            endpoint: try server.endpoint(), transport: URLSessionTransport(maximumConcurrentRequests: 2),
            tokens: try TokenProvider(credentials: TestCredentials.install(in: directory)))
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<3 {
                let query = WeatherQuery(latitude: Double(index), longitude: 0, dataSets: [.currentWeather])
                group.addTask { _ = try await client.fetchWeather(query) }
            }
            try await group.waitForAll()
        }
        let stats = try await server.stats()
        #expect(stats.weatherRequests == 3)
        #expect(stats.peakInFlight == 2)
    }

    @Test func fractionalAndTargetedRules() async throws {
        let server = try await FakeWeatherKitServer.start()
        defer { server.stop() }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try await server.setFaults(
            FakeFaults(rules: [
                .init(.status5xx, fraction: 0.5, target: .weather), .init(.overQuota, target: .availability),
            ]))
        let client = WeatherKitClient(
            endpoint: try server.endpoint(), transport: URLSessionTransport(maximumConcurrentRequests: 2),
            tokens: try TokenProvider(credentials: TestCredentials.install(in: directory)))
        var failures = 0
        for index in 0..<20 {
            let query = WeatherQuery(latitude: Double(index), longitude: 0, dataSets: [.currentWeather])
            do {
                _ = try await client.fetchWeather(query)
            } catch {
                #expect(error == .transient(reason: "HTTP 503", retryAfter: nil))
                failures += 1
            }
        }
        #expect(failures > 2 && failures < 18, "\(failures) of 20")
        await #expect(throws: WeatherKitError.overQuota) {
            try await client.availability(latitude: 1, longitude: 2, country: "US")
        }
    }
}
