import FleetWeatherKit
import Testing

@Suite("Circuit breaker")
struct CircuitBreakerTests {
    private static let notEnabled = WeatherKitError.unauthorized(reason: "NOT_ENABLED")

    /// Waits until `count` workers are parked on the breaker (the tasks start in any order).
    private static func parked(_ count: Int, _ breaker: CircuitBreaker) async {
        while await breaker.waiting < count { await Task.yield() }
    }

    @Test func theFirstRequestIsATrialAndTheOthersWaitForIt() async {
        let breaker = CircuitBreaker()
        #expect(await breaker.clearance() == .send(trial: true, generation: 0))
        let waiter = Task { await breaker.clearance() }
        await Self.parked(1, breaker)
        #expect(!(await breaker.isOpen))
        await breaker.succeeded(trial: true)
        #expect(await waiter.value == .send(trial: false, generation: 0))
        #expect(await breaker.clearance() == .send(trial: false, generation: 0))
    }

    @Test func aRefusedTrialGetsOneRenewalThenOpensForEveryone() async {
        let breaker = CircuitBreaker()
        #expect(await breaker.clearance() == .send(trial: true, generation: 0))
        let waiter = Task { await breaker.clearance() }
        await Self.parked(1, breaker)
        #expect(
            await breaker.record(Self.notEnabled, trial: true, generation: 0) == .retryWithNewToken
        )
        #expect(!(await breaker.isOpen))
        #expect(await breaker.generation == 1)
        #expect(
            await breaker.record(Self.notEnabled, trial: true, generation: 1) == .stop(.notEnabled))
        #expect(await waiter.value == .stop(.notEnabled))
        #expect(await breaker.reason == .notEnabled)
        #expect(
            await breaker.record(
                .transient(reason: "x", retryAfter: nil), trial: false, generation: 0)
                == .stop(.notEnabled))
    }

    @Test func aTrialWithoutAVerdictLetsTheOthersGo() async {
        for ending in ["transient", "abandoned"] {
            let breaker = CircuitBreaker()
            #expect(await breaker.clearance() == .send(trial: true, generation: 0))
            let waiter = Task { await breaker.clearance() }
            await Self.parked(1, breaker)
            if ending == "transient" {
                let decision = await breaker.record(
                    .transient(reason: "503", retryAfter: nil), trial: true, generation: 0)
                #expect(decision == .proceed)
            } else {
                await breaker.abandon(trial: true)
            }
            #expect(await waiter.value == .send(trial: false, generation: 0), "\(ending)")
        }
    }

    @Test func a401MidRunMakesOneTrialAndTheOthersWaitForItsVerdict() async {
        for trialSucceeds in [true, false] {
            let breaker = CircuitBreaker(trialFirst: false)
            #expect(await breaker.clearance() == .send(trial: false, generation: 0))
            #expect(
                await breaker.record(Self.notEnabled, trial: false, generation: 0)
                    == .retryWithNewToken)
            let other = Task { await breaker.record(Self.notEnabled, trial: false, generation: 0) }
            let newcomer = Task { await breaker.clearance() }
            await Self.parked(2, breaker)
            if trialSucceeds {
                await breaker.succeeded(trial: true)
                #expect(await other.value == .retry, "no second renewal")
                #expect(await newcomer.value == .send(trial: false, generation: 1))
                // A late refusal of a request sent before the renewal: retry, no new trial.
                let late = await breaker.record(Self.notEnabled, trial: false, generation: 0)
                #expect(late == .retry)
                #expect(await breaker.clearance() == .send(trial: false, generation: 1))
                // A refusal of the renewed token itself starts a new trial.
                let fresh = await breaker.record(Self.notEnabled, trial: false, generation: 1)
                #expect(fresh == .retryWithNewToken)
                #expect(await breaker.generation == 2)
            } else {
                #expect(
                    await breaker.record(Self.notEnabled, trial: true, generation: 1)
                        == .stop(.notEnabled))
                #expect(await other.value == .stop(.notEnabled))
                #expect(await newcomer.value == .stop(.notEnabled))
            }
        }
    }

    @Test func overQuotaOpensAtOnce() async {
        let breaker = CircuitBreaker(trialFirst: false)
        #expect(await breaker.record(.overQuota, trial: false, generation: 0) == .stop(.overQuota))
        #expect(await breaker.reason == .overQuota)
        await breaker.open(.notEnabled)
        #expect(await breaker.reason == .overQuota)
    }

    @Test func otherErrorsLeaveItClosed() async {
        let breaker = CircuitBreaker(trialFirst: false)
        #expect(
            await breaker.record(
                .transient(reason: "503", retryAfter: nil), trial: false, generation: 0)
                == .proceed)
        #expect(
            await breaker.record(.badRequest(status: 400, detail: "x"), trial: false, generation: 0)
                == .proceed)
        #expect(!(await breaker.isOpen))
        #expect(await breaker.clearance() == .send(trial: false, generation: 0))
    }

    @Test func emptyUnauthorizedIsKeptAsOther() async {
        let breaker = CircuitBreaker()
        let empty = WeatherKitError.unauthorized(reason: "HTTP 401 with an empty body")
        #expect(await breaker.clearance() == .send(trial: true, generation: 0))
        #expect(await breaker.record(empty, trial: true, generation: 0) == .retryWithNewToken)
        #expect(
            await breaker.record(empty, trial: true, generation: 1)
                == .stop(.unauthorized("HTTP 401 with an empty body")))
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
