import FleetWeatherKit
import Testing

@Suite("Retry policy")
struct RetryPolicyTests {
    private let transient = WeatherKitError.transient(reason: "HTTP 503", retryAfter: nil)

    @Test func fullJitterScalesTheExponentialBackoff() throws {
        let top = RetryPolicy(random: { 0.999_999 })
        let first = try #require(top.delay(forAttempt: 1, error: transient))
        #expect(first <= .milliseconds(500) && first > .milliseconds(499))
        #expect(try #require(top.delay(forAttempt: 2, error: transient)) > .milliseconds(999))
        #expect(try #require(top.delay(forAttempt: 3, error: transient)) > .milliseconds(1999))
        let half = RetryPolicy(random: { 0.5 })
        #expect(half.delay(forAttempt: 3, error: transient) == .seconds(1))
        let zero = RetryPolicy(random: { 0 })
        #expect(zero.delay(forAttempt: 2, error: transient) == .zero)
    }

    @Test func equalJitterNeverGoesBelowHalf() {
        let low = RetryPolicy(jitter: .equal, random: { 0 })
        #expect(low.backoff(forAttempt: 2) == .milliseconds(500))
        let high = RetryPolicy(jitter: .equal, random: { 0.999_999 })
        #expect(high.backoff(forAttempt: 2) <= .seconds(1))
    }

    @Test func backoffIsCapped() {
        let policy = RetryPolicy(maxAttempts: 100, random: { 0.999_999 })
        #expect(policy.backoff(forAttempt: 7) <= .seconds(20))
        #expect(policy.backoff(forAttempt: 7) > .milliseconds(19_999))
        #expect(policy.backoff(forAttempt: 90) <= .seconds(20))
    }

    @Test func givesUpAfterMaxAttempts() {
        let policy = RetryPolicy(random: { 0.5 })
        #expect(policy.delay(forAttempt: 3, error: transient) != nil)
        #expect(policy.delay(forAttempt: 4, error: transient) == nil)
        #expect(policy.delay(forAttempt: 0, error: transient) == nil)
    }

    @Test func nonRetryableErrorsGiveUpAtOnce() {
        let policy = RetryPolicy(random: { 0.5 })
        #expect(policy.delay(forAttempt: 1, error: .overQuota) == nil)
        #expect(policy.delay(forAttempt: 1, error: .badRequest(status: 400, detail: "bad")) == nil)
        #expect(policy.delay(forAttempt: 1, error: .undecodable("x")) == nil)
        #expect(policy.delay(forAttempt: 1, error: .cancelled) == nil)
    }

    @Test func unauthorizedRetriesAtOnce() {
        let policy = RetryPolicy(random: { 0.5 })
        #expect(policy.delay(forAttempt: 1, error: .unauthorized(reason: "NOT_ENABLED")) == .zero)
    }

    @Test func retryAfterIsHonouredAndCapped() throws {
        let policy = RetryPolicy(maxRetryAfter: .seconds(30), random: { 0 })
        #expect(policy.delay(forAttempt: 1, error: .transient(reason: "429", retryAfter: .seconds(7))) == .seconds(7))
        #expect(
            policy.delay(forAttempt: 1, error: .transient(reason: "429", retryAfter: .seconds(3600))) == .seconds(30))
        let busy = RetryPolicy(random: { 0.999_999 })
        let delay = try #require(busy.delay(forAttempt: 3, error: .transient(reason: "429", retryAfter: .zero)))
        #expect(delay > .milliseconds(1999))
    }
}
