import FleetTestSupport
import FleetWeather
import FleetWeatherKit
import Foundation
import Testing

@Suite("WeatherKit endpoints")
struct WeatherKitEndpointTests {
    @Test(arguments: [
        "https://weatherkit.apple.com", "https://weatherkit.apple.com/", "https://proxy.example.com:8443/wk",
        "http://127.0.0.1:8080", "http://localhost:9", "HTTP://LOCALHOST",
    ])
    func accepted(_ text: String) throws {
        let endpoint = try WeatherKitEndpoint(string: text)
        #expect(!endpoint.baseURL.absoluteString.hasSuffix("/"))
    }

    @Test func productionIsApple() {
        #expect(WeatherKitEndpoint.production.baseURL.absoluteString == "https://weatherkit.apple.com")
    }

    struct Refusal: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let phrase: String
    }

    @Test(arguments: [
        Refusal(testDescription: "http://weatherkit.apple.com", phrase: "in clear"),
        Refusal(testDescription: "http://10.0.0.5:8080", phrase: "in clear"),
        Refusal(testDescription: "http://127.0.0.2", phrase: "in clear"),
        Refusal(testDescription: "http://localhost.evil.example", phrase: "in clear"),
        Refusal(testDescription: "ftp://weatherkit.apple.com", phrase: "must start with https://"),
        Refusal(testDescription: "http://[::1]:8080", phrase: "IPv6 address"),
        Refusal(testDescription: "https://[2001:db8::1]/", phrase: "IPv6 address"),
        Refusal(testDescription: "https://user:secret@[2001:db8::1]/", phrase: "user name or password"),
        Refusal(testDescription: "weatherkit.apple.com", phrase: "not an absolute URL"),
        Refusal(testDescription: "https://user:secret@weatherkit.apple.com", phrase: "user name or password"),
        Refusal(testDescription: "https://weatherkit.apple.com/?x=1", phrase: "query or fragment"),
    ])
    func refused(_ refusal: Refusal) {
        let error = #expect(throws: WeatherKitError.self) { try WeatherKitEndpoint(string: refusal.testDescription) }
        guard case .invalidEndpoint(let reason) = error else {
            Issue.record("expected invalidEndpoint, got \(String(describing: error))")
            return
        }
        #expect(reason.contains(refusal.phrase), "\(reason)")
        #expect(!reason.contains("secret"))
    }

    /// The check happens before a client exists, so nothing can be sent to a plain-http host.
    @Test func plainHTTPToARemoteHostSendsNothing() async throws {
        let transport = FakeTransport.always(status: 200, body: "{}")
        func fetch(_ endpoint: String) async throws {
            let client = WeatherKitClient(
                endpoint: try WeatherKitEndpoint(string: endpoint), transport: transport, tokens: StaticTokenSource())
            _ = try await client.fetchWeather(WeatherQuery(latitude: 1, longitude: 2, dataSets: [.currentWeather]))
        }
        await #expect(throws: WeatherKitError.self) { try await fetch("http://weatherkit.apple.com") }
        #expect(await transport.requests.isEmpty)
    }
}
