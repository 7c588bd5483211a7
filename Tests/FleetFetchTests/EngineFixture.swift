import FleetAirports
import FleetFetch
import FleetPlan
import FleetStore
import FleetTestSupport
import FleetWeather
import FleetWeatherKit
import Foundation
import Synchronization

/// A fetch engine over a ``FakeTransport``: a plan of distinct cells, a state file of its
/// own and a fixed clock, for engine tests without sockets.
struct EngineFixture {
    /// The fixed clock of every engine test.
    static let now = WeatherFixtures.date("2026-12-01T00:00:00Z")
    /// The run id in the ledger.
    static let runID = "engine-test"
    /// Airports in distinct 0.01° cells, paired into flights in this order.
    static let codes = [
        "JFK", "LHR", "ORD", "CDG", "LAX", "NRT", "ATL", "FRA", "DFW", "AMS", "DEN", "MAD", "SFO", "FCO", "SEA",
        "SYD", "BOS", "YYZ", "MIA", "MEX", "GRU", "DXB", "SIN", "ICN",
    ]

    /// Holds the state file.
    let directory: TemporaryDirectory
    /// The state database (cache and ledger).
    let store: StateStore
    /// The plan to fetch.
    let plan: FetchPlan

    /// Creates a plan of `flights` flights (two cells each, earlier flights first in priority).
    ///
    /// - Parameter flights: 1…12.
    init(flights: Int) throws {
        directory = try TemporaryDirectory(prefix: "fleetwx-engine")
        let clock = Self.now
        store = try StateStore(path: directory.file("state.sqlite").path, now: { clock })
        let scheduled = (0..<flights).map { index in
            let departure = Self.now.addingTimeInterval(2 * 3600 + Double(index) * 1800)
            return TestFlights.flight(
                "UA\(100 + index)", from: TestFlights.airport(Self.codes[2 * index]),
                to: TestFlights.airport(Self.codes[2 * index + 1]), departure: departure,
                arrival: departure.addingTimeInterval(3 * 3600))
        }
        plan = Planner(grid: try Grid(), now: Self.now).plan(scheduled)
    }

    /// An engine over `transport`.
    func engine(
        _ transport: any HTTPTransport, tokens: any TokenSource = StaticTokenSource(), concurrency: Int = 4,
        monthlyQuota: Int = 500_000, maxRequests: Int? = nil, retry: RetryPolicy = RetryPolicy(),
        breaker: CircuitBreaker = CircuitBreaker(), sleeps: SleepRecorder = SleepRecorder()
    ) throws -> FetchEngine {
        let client = WeatherKitClient(
            endpoint: try WeatherKitEndpoint(string: "https://weatherkit.example.com"), transport: transport,
            tokens: tokens, now: { Self.now })
        return FetchEngine(
            client: client, store: store,
            configuration: .init(
                runID: Self.runID, concurrency: concurrency, monthlyQuota: monthlyQuota, maxRequests: maxRequests,
                retry: retry),
            breaker: breaker, now: { Self.now }, sleep: { try await sleeps.sleep($0) })
    }

    /// The cell key text (`"40.64,-73.78"`) a request URL asks for.
    static func cellKey(of request: HTTPRequest) -> String {
        let parts = request.url.path.split(separator: "/").map(String.init)
        guard parts.count == 6, let lat = Double(parts[4]), let lon = Double(parts[5]) else { return "" }
        return String(format: "%.2f,%.2f", lat, lon)
    }

    /// A 200 answer with hourly, daily-less weather covering the request's hourly window.
    static func weatherResponse(for request: HTTPRequest) throws -> HTTPResponse {
        let items = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        func time(_ name: String) -> Date? {
            items.first { $0.name == name }?.value.flatMap { try? Date($0, strategy: .iso8601) }
        }
        let start = time("hourlyStart") ?? now
        let end = time("hourlyEnd") ?? start.addingTimeInterval(24 * 3600)
        let parts = request.url.path.split(separator: "/").map(String.init)
        let body = WeatherFixtures.response(
            latitude: parts.count == 6 ? Double(parts[4]) : nil, longitude: parts.count == 6 ? Double(parts[5]) : nil,
            hours: WeatherFixtures.hours(from: start, count: Int(end.timeIntervalSince(start) / 3600)))
        return HTTPResponse(status: 200, headers: [:], body: try WeatherJSON.encoder().encode(body))
    }

    /// An error answer.
    static func status(_ status: Int, body: String = "", headers: [String: String] = [:]) -> HTTPResponse {
        HTTPResponse(status: status, headers: headers, body: Data(body.utf8))
    }

    /// Deletes the state file.
    func remove() { directory.remove() }
}

/// The engine's `sleep`, recording each requested delay instead of waiting.
final class SleepRecorder: Sendable {
    private let recorded = Mutex<[Duration]>([])

    /// The delays asked for, in order.
    var delays: [Duration] { recorded.withLock { $0 } }

    /// Records a delay; returns at once (or throws if the task is cancelled).
    func sleep(_ duration: Duration) async throws {
        recorded.withLock { $0.append(duration) }
        try Task.checkCancellation()
    }
}

/// A ``TokenSource`` that counts what it is asked for.
actor CountingTokenSource: TokenSource {
    /// Calls to ``token()``.
    private(set) var tokens = 0
    /// Calls to ``renew()``.
    private(set) var renewals = 0

    func token() async throws -> String {
        tokens += 1
        return "header.claims.signature-\(renewals)"
    }

    func renew() async throws -> String {
        renewals += 1
        return "header.claims.signature-\(renewals)"
    }
}

/// A counter shared by a responder's concurrent calls.
final class Counter: Sendable {
    private let value = Mutex(0)

    /// Adds one and returns the new value.
    func increment() -> Int {
        value.withLock {
            $0 += 1
            return $0
        }
    }
    /// The current value.
    var current: Int { value.withLock { $0 } }
}
