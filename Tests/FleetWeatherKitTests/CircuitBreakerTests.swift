import FleetWeatherKit
import Testing

@Suite("Circuit breaker")
struct CircuitBreakerTests {
    @Test func unauthorizedGetsOneRetryWithANewToken() async {
        let breaker = CircuitBreaker()
        let notEnabled = WeatherKitError.unauthorized(reason: "NOT_ENABLED")
        #expect(await breaker.record(notEnabled, afterRenewal: false) == .retryWithNewToken)
        #expect(!(await breaker.isOpen))
        #expect(await breaker.record(notEnabled, afterRenewal: true) == .stop(.notEnabled))
        #expect(await breaker.isOpen)
        #expect(await breaker.reason == .notEnabled)
        #expect(
            await breaker.record(.transient(reason: "x", retryAfter: nil), afterRenewal: false) == .stop(.notEnabled))
    }

    @Test func overQuotaOpensAtOnce() async {
        let breaker = CircuitBreaker()
        #expect(await breaker.record(.overQuota, afterRenewal: false) == .stop(.overQuota))
        #expect(await breaker.reason == .overQuota)
        await breaker.open(.notEnabled)
        #expect(await breaker.reason == .overQuota)
    }

    @Test func otherErrorsLeaveItClosed() async {
        let breaker = CircuitBreaker()
        #expect(await breaker.record(.transient(reason: "503", retryAfter: nil), afterRenewal: false) == .proceed)
        #expect(await breaker.record(.badRequest(status: 400, detail: "x"), afterRenewal: true) == .proceed)
        #expect(!(await breaker.isOpen))
    }

    @Test func emptyUnauthorizedIsKeptAsOther() async {
        let breaker = CircuitBreaker()
        let empty = WeatherKitError.unauthorized(reason: "HTTP 401 with an empty body")
        #expect(await breaker.record(empty, afterRenewal: true) == .stop(.unauthorized("HTTP 401 with an empty body")))
    }

    @Test func adviceNamesTheFourSettings() {
        let text = AuthFailure.notEnabled.advice.joined(separator: "\n")
        for name in ["WEATHERKIT_TEAM_ID", "WEATHERKIT_SERVICE_ID", "WEATHERKIT_KEY_ID", "WEATHERKIT_KEY_FILE"] {
            #expect(text.contains(name))
        }
        #expect(text.contains("WeatherKit service enabled"))
        #expect(text.contains("up to an hour"))
        #expect(AuthFailure.unauthorized("x").advice == AuthFailure.notEnabled.advice)
        #expect(AuthFailure.overQuota.advice.joined().contains("used up"))
    }
}
