import FleetFetch
import FleetPlan
import FleetTestSupport
import FleetWeatherKit
import Foundation
import Testing

/// The engine when the credentials fail: under a tight budget, and when no token can be made.
@Suite("FetchEngine: failing credentials")
struct EngineCredentialTests {
    @Test(
        "wrong credentials under a budget no bigger than the concurrency still open the breaker with the refusal",
        arguments: [1, 4])
    func wrongCredentialsTightBudget(_ budget: Int) async throws {
        let fixture = try EngineFixture(flights: 12)
        defer { fixture.remove() }
        let transport = FakeTransport.always(status: 401, body: "{\"reason\":\"NOT_ENABLED\"}")
        let breaker = CircuitBreaker()
        let report = try await fixture.engine(
            transport, tokens: CountingTokenSource(), concurrency: 4, maxRequests: budget, breaker: breaker
        ).fetch(fixture.plan)
        #expect(await transport.requests.count <= 2)
        #expect(await breaker.reason == .notEnabled, "the refusal was lost to the budget")
        let refused = report.outcomes.values.filter {
            $0.status == .authorizationFailed(AuthFailure.notEnabled.description)
        }
        #expect(refused.count == report.outcomes.count, "\(report.outcomes.values.map(\.status))")
    }

    @Test("a token that cannot be made sends nothing and counts nothing as sent or failed")
    func noTokenCountsNothing() async throws {
        struct NoKey: TokenSource {
            func token() async throws -> String { throw WeatherKitError.tokenUnavailable("key missing") }
            func renew() async throws -> String { try await token() }
        }
        let fixture = try EngineFixture(flights: 3)
        defer { fixture.remove() }
        let transport = FakeTransport.always(status: 200)
        let report = try await fixture.engine(transport, tokens: NoKey()).fetch(fixture.plan)
        #expect(await transport.requests.isEmpty)
        #expect(report.counters.sent == 0)
        #expect(report.counters.failed == 0, "requests that never went out were counted as failed")
        #expect(report.outcomes.values.allSatisfy { $0.weather == nil })
    }
}
