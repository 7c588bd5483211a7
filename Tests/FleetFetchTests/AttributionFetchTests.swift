import FleetFetch
import FleetStore
import FleetTestSupport
import FleetWeather
import FleetWeatherKit
import Foundation
import Testing

/// ``AttributionFetch`` over the in-memory transport: three ledger-counted requests, 30 days
/// in the state database, and every refusal (a path off the host, an image that is not PNG, a
/// failed answer, no budget) ending in the text mark.
@Suite("Attribution marks: fetch, ledger and storage")
struct AttributionFetchTests {
    let directory: TemporaryDirectory
    let clock = ManualClock(WeatherFixtures.date("2026-12-01T00:00:00Z"))
    let store: StateStore

    init() throws {
        directory = try TemporaryDirectory(prefix: "fleetwx-marks")
        store = try StateStore(path: directory.file("state.sqlite").path, now: clock.closure)
    }

    func fetch(
        _ transport: FakeTransport, monthlyLimit: Int = 500_000, runID: String = "run-1"
    ) throws -> AttributionFetch {
        let client = WeatherKitClient(
            endpoint: try WeatherKitEndpoint(string: "https://weatherkit.example.com"), transport: transport,
            tokens: StaticTokenSource(), now: clock.closure)
        return AttributionFetch(
            client: client, store: store, runID: runID, monthlyLimit: monthlyLimit, runLimit: nil,
            now: clock.closure)
    }

    static func branding(attribution: String = FakeBranding.attribution()) -> FakeTransport {
        FakeTransport { request in
            FakeBranding.response(for: request, attribution: attribution) ?? HTTPResponse(status: 404)
        }
    }

    @Test("three requests in the ledger, the marks stored; within 30 days none; after 30 days fetched again")
    func fetchStoreReuseRefetch() async throws {
        defer { directory.remove() }
        let transport = Self.branding()
        let first = try await fetch(transport).marks(mayFetch: true)
        #expect(first.marks != nil && first.sent == 3 && first.warnings.isEmpty, "\(first.warnings)")
        #expect(first.marks?.light == FakeBranding.lightPNG && first.marks?.dark == FakeBranding.darkPNG)
        #expect(first.marks?.lightDataURI.hasPrefix("data:image/png;base64,iVBORw0KGgo") == true)
        let paths = await transport.requests.map(\.url.path)
        #expect(paths == ["/attribution/en", FakeBranding.lightPath, FakeBranding.darkPath])
        #expect(await transport.requests.allSatisfy { $0.headers["Authorization"]?.hasPrefix("Bearer ") == true })
        let rows = try await store.ledger(runID: "run-1")
        #expect(rows.map(\.cell) == ["attribution:en", "attribution:mark-light", "attribution:mark-dark"])
        #expect(rows.allSatisfy { $0.outcome == .succeeded && $0.httpStatus == 200 })
        #expect(try await store.usage(month: "2026-12") == 3)

        clock.advance(by: 29 * 86_400)
        let second = try await fetch(transport, runID: "run-2").marks(mayFetch: true)
        #expect(second.marks != nil && second.sent == 0)
        #expect(await transport.requests.count == 3, "marks younger than 30 days were fetched again")
        #expect(try await store.usage(month: "2026-12") == 3)

        clock.advance(by: 2 * 86_400)
        let third = try await fetch(transport, runID: "run-3").marks(mayFetch: true)
        #expect(third.marks != nil && third.sent == 3)
        #expect(try await store.storedMarks(language: "en")?.fetchedAt == clock.now())
    }

    @Test(
        "a logo path that could leave the host is refused before anything is sent for it",
        arguments: ["https://evil/x.png", "/../x.png", "//evil/x.png", "/assets/a b.png", "/assets/x.png?y", "x.png"])
    func unsafePathsAreRefused(path: String) async throws {
        defer { directory.remove() }
        let transport = Self.branding(attribution: FakeBranding.attribution(light: path))
        let result = try await fetch(transport).marks(mayFetch: true)
        #expect(result.marks == nil)
        #expect(result.warnings.contains { $0.hasPrefix("attribution marks could not be fetched:") })
        #expect(await transport.requests.map(\.url.path) == ["/attribution/en"])
        #expect(try await store.storedMarks(language: "en") == nil)
    }

    @Test("an image that is not a PNG, a failed answer or a body that is not JSON: the text mark")
    func failuresGiveTheTextMark() async throws {
        defer { directory.remove() }
        let answers: [FakeTransport] = [
            FakeTransport { request in
                request.url.path == FakeBranding.darkPath
                    ? HTTPResponse(status: 200, body: Data("GIF89a not a png".utf8))
                    : (FakeBranding.response(for: request) ?? HTTPResponse(status: 404))
            },
            .always(status: 500),
            .always(status: 200, body: "<html>"),
            .always(status: 200, body: "[]"),
        ]
        for transport in answers {
            let result = try await fetch(transport).marks(mayFetch: true)
            #expect(result.marks == nil)
            #expect(result.warnings.count == 1 && result.warnings[0].hasSuffix("; pages show the text mark"))
        }
        #expect(try await store.storedMarks(language: "en") == nil)
    }

    @Test("with no budget left nothing is sent; and without leave to fetch, only stored marks are used")
    func budgetAndLeave() async throws {
        defer { directory.remove() }
        let transport = Self.branding()
        let broke = try await fetch(transport, monthlyLimit: 0).marks(mayFetch: true)
        #expect(broke.marks == nil && broke.sent == 0)
        #expect(broke.warnings.first?.contains("the monthly quota is used up") == true)
        let stopped = try await fetch(transport).marks(mayFetch: false)
        #expect(stopped.marks == nil && stopped.warnings.isEmpty)
        #expect(await transport.requests.isEmpty)
        #expect(try await store.ledger(runID: "run-1").isEmpty)
    }

    @Test("stored bytes that are not PNG are not shown, and are fetched again")
    func storedGarbageIsRefetched() async throws {
        defer { directory.remove() }
        try await store.store(
            marks: StoredMarks(
                language: "en", serviceName: nil, light: Data("x".utf8), dark: Data("y".utf8), fetchedAt: clock.now()))
        let result = try await fetch(Self.branding()).marks(mayFetch: true)
        #expect(result.sent == 3 && result.marks?.light == FakeBranding.lightPNG)
    }
}
