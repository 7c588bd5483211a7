internal import FleetBriefing
internal import FleetPlan
internal import FleetSchedule

/// The exit code of a run that published its reports, decided in this one place
/// (docs/contract.md §2.3; README, Exit codes): 0 only for a clean night, 2 when anything needs
/// a person's attention. A run that publishes nothing throws instead and exits 1.
struct RunExitPolicy: Equatable {
    /// What can keep a published run from a clean 0.
    enum Attention: Hashable, CaseIterable {
        /// Rows of the schedule were rejected (`rejects.csv`).
        case rejectedRows
        /// A flight was briefed with stale, partial or no weather.
        case weatherNotFresh
        /// The month's or the run's budget stopped requests.
        case quotaStop
        /// A signal stopped the run early.
        case interrupted
        /// No row of the schedule could be briefed (`latest` keeps the previous report).
        case nothingToBrief
        /// Writes to the state database failed: what was fetched is paid for again next night.
        case stateNotWritten
        /// The month's quota use could not be read, so what is left is unknown.
        case quotaUnknown
        /// The run's history could not be recorded.
        case historyNotRecorded
        /// `--metrics-file` could not be written: monitoring would see the night before.
        case metricsNotWritten
    }

    /// Everything noted so far.
    private(set) var attention: Set<Attention> = []

    /// The exit code: 0 when nothing needs attention, else 2.
    var code: Int32 { attention.isEmpty ? 0 : 2 }

    /// Notes a reason for exit 2.
    ///
    /// - Parameters:
    ///   - reason: What needs attention.
    ///   - condition: Whether it applies.
    mutating func note(_ reason: Attention, if condition: Bool = true) {
        if condition { attention.insert(reason) }
    }

    /// The policy after briefing: what the schedule, the fetch and the briefings say.
    ///
    /// - Parameters:
    ///   - schedule: The schedule read.
    ///   - briefings: Its flights, briefed.
    ///   - fetch: What the fetch obtained.
    ///   - interrupted: Whether a signal arrived.
    /// - Returns: The policy so far.
    static func afterBriefing(
        schedule: Schedule, briefings: [FlightBriefing], fetch: FetchReport, interrupted: Bool
    ) -> RunExitPolicy {
        var policy = RunExitPolicy()
        policy.note(.rejectedRows, if: schedule.rejectedCount > 0)
        policy.note(.weatherNotFresh, if: !briefings.allSatisfy { $0.status == .ok })
        policy.note(
            .quotaStop,
            if: fetch.counters.skippedForQuota > 0 || fetch.outcomes.values.contains { $0.status == .notFetchedQuota })
        policy.note(.interrupted, if: interrupted || fetch.outcomes.values.contains { $0.status == .interrupted })
        policy.note(.nothingToBrief, if: schedule.flights.isEmpty)
        policy.note(.stateNotWritten, if: fetch.stateWriteFailures > 0)
        return policy
    }
}
