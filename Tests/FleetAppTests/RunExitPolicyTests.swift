import FleetPlan
import FleetSchedule
import FleetTestSupport
import Testing

@testable import FleetApp

/// The exit code of a published run is decided by `RunExitPolicy` alone: 0 only when nothing
/// was noted, 2 for any reason (docs/contract.md §2.3).
@Suite("Run exit policy")
struct RunExitPolicyTests {
    @Test("nothing noted is a clean 0; each reason alone makes it 2", arguments: RunExitPolicy.Attention.allCases)
    func eachReason(_ reason: RunExitPolicy.Attention) {
        var policy = RunExitPolicy()
        #expect(policy.code == 0)
        policy.note(reason, if: false)
        #expect(policy.code == 0)
        policy.note(reason)
        #expect(policy.code == 2)
        #expect(policy.attention == [reason])
    }

    @Test("after briefing: an empty schedule, rejected rows and an interruption are each noted")
    func afterBriefing() {
        let empty = RunExitPolicy.afterBriefing(
            schedule: Schedule(), briefings: [], fetch: FetchReport(), interrupted: false)
        #expect(empty.attention == [.nothingToBrief])
        let rejected = RunExitPolicy.afterBriefing(
            schedule: Schedule(rejectedCount: 2), briefings: [], fetch: FetchReport(), interrupted: true)
        #expect(rejected.attention == [.nothingToBrief, .rejectedRows, .interrupted])
        var skipped = FetchReport()
        skipped.counters.skippedForQuota = 1
        skipped.stateWriteFailures = 1
        let quota = RunExitPolicy.afterBriefing(
            schedule: Schedule(), briefings: [], fetch: skipped, interrupted: false)
        #expect(quota.attention == [.nothingToBrief, .quotaStop, .stateNotWritten])
    }

    @Test("a cell left unfetched for the quota or by a signal is noted from its outcome alone")
    func fromOutcomes() {
        let key = CellKey(latitude: 1, longitude: 2, text: "1,2")
        for (status, reason) in [
            (CellStatus.notFetchedQuota, RunExitPolicy.Attention.quotaStop), (.interrupted, .interrupted),
        ] {
            var fetch = FetchReport()
            fetch.outcomes[key] = CellOutcome(key: key, weather: nil, status: status)
            let policy = RunExitPolicy.afterBriefing(
                schedule: Schedule(), briefings: [], fetch: fetch, interrupted: false)
            #expect(policy.attention == [.nothingToBrief, reason])
        }
    }
}
