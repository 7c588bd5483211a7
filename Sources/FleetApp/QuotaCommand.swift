internal import FleetFiles
internal import FleetReports
internal import FleetStore
internal import Foundation

/// `fleetwx quota`: this month's use, what is left, the daily pace, recent runs.
struct QuotaCommand {
    let state: StateLocation
    let monthlyQuota: Int
    let json: Bool
    let environment: AppEnvironment

    struct RunUse: Encodable {
        let id: String
        let startedAt: String
        /// Requests the run sent; `nil` (`null`) when its stored summary cannot be read.
        let requests: Int?

        /// Writes `requests` as `null` when unknown, rather than leaving it out.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(startedAt, forKey: .startedAt)
            try container.encode(requests, forKey: .requests)
        }

        enum CodingKeys: String, CodingKey {
            case id, requests
            case startedAt = "started_at"
        }
    }

    /// This month's ledger rows that have no known end.
    struct Unfinished: Encodable, Equatable {
        /// Requests of runs still going.
        let pending: Int
        /// Requests of runs that died before recording their end: perhaps sent, so counted.
        let unknown: Int
    }

    struct Report: Encodable {
        let quota: QuotaPace
        let byDay: [String: Int]
        let recentRuns: [RunUse]
        var ledger = Unfinished(pending: 0, unknown: 0)
        let warnings: [String]

        enum CodingKeys: String, CodingKey {
            case quota, warnings, ledger
            case byDay = "by_day"
            case recentRuns = "recent_runs"
        }
    }

    func execute() async throws(AppError) -> Int32 {
        let now = environment.now()
        // A damaged file is still read (what can be read is better than nothing), with a warning.
        guard let store = try StateAccess.openExisting(state, environment: environment, damaged: .report) else {
            let report = Report(
                quota: QuotaPace(limit: monthlyQuota, used: 0, now: now), byDay: [:], recentRuns: [],
                warnings: [StateAccess.missingWarning(state)])
            return try output(report)
        }
        let month = UTCCalendar.month(of: now)
        let damage = StateAccess.damageWarning(store)
        if damage == nil { await StateAccess.settleAbandoned(store, console: environment.console) }
        let report: Report
        do {
            let pace = QuotaPace(limit: monthlyQuota, used: try await store.usage(month: month), now: now)
            let byDay = try await store.usageByDay(month: month)
            var warnings = damage.map { [$0] } ?? []
            var runs: [RunUse] = []
            for run in try await store.recentRuns(limit: 5) {
                let sent: Int?
                do throws(AppError) {
                    let stored = try StoredSummary.read(
                        run, path: store.path, consequence: "its requests are shown as unknown")
                    sent = stored.requests?.sent ?? 0
                } catch {
                    sent = nil
                    warnings.append(error.description)
                }
                runs.append(RunUse(id: run.id, startedAt: Timestamp.utc(run.startedAt), requests: sent))
            }
            if let last = runs.first, let sent = last.requests,
                let warning = pace.warning(for: sent, what: "the last run")
            {
                warnings.append(warning)
            }
            if pace.remaining == 0 { warnings.append("this month's quota is used up") }
            let outcomes = try await store.outcomeCounts(month: month)
            report = Report(
                quota: pace, byDay: Dictionary(byDay.map { ($0.day, $0.requests) }, uniquingKeysWith: +),
                recentRuns: runs,
                ledger: Unfinished(pending: outcomes["pending"] ?? 0, unknown: outcomes["unknown"] ?? 0),
                warnings: warnings)
        } catch {
            throw .fatal(StateAccess.message(error, location: state))
        }
        return try output(report)
    }

    private func output(_ report: Report) throws(AppError) -> Int32 {
        environment.console.out(json ? .json(try JSONText.encode(report)) : Self.table(report))
        for warning in report.warnings { environment.console.err("fleetwx: warning: \(warning)\n") }
        return 0
    }

    static func table(_ report: Report) -> ConsoleText {
        let quota = report.quota
        var lines = [
            "month (UTC):   \(quota.month)",
            "limit:         \(quota.limit)",
            "used:          \(quota.used)",
            "remaining:     \(quota.remaining)",
            "days left:     \(quota.daysLeft) (today included)",
            "daily pace:    \(quota.dailyPace) calls/day",
        ]
        if report.ledger.pending > 0 {
            lines.append("in flight:     \(report.ledger.pending) (requests of runs still going; counted in used)")
        }
        if report.ledger.unknown > 0 {
            lines.append(
                "unknown:       \(report.ledger.unknown) (requests of runs that died before recording the end; "
                    + "counted in used)")
        }
        if !report.byDay.isEmpty {
            lines.append("")
            lines += TextTable.render(
                header: ["DAY", "CALLS"],
                rows: report.byDay.sorted { $0.key < $1.key }.map { [$0.key, String($0.value)] })
        }
        if !report.recentRuns.isEmpty {
            lines.append("")
            lines += TextTable.render(
                header: ["RUN", "STARTED", "REQUESTS"],
                rows: report.recentRuns.map { [$0.id, $0.startedAt, $0.requests.map(String.init) ?? "unknown"] })
        }
        return .lines(lines)
    }
}

/// Pretty, key-sorted JSON for command output.
enum JSONText {
    static func encode(_ value: some Encodable) throws(AppError) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            // Printed through ConsoleText.json, which escapes the controls JSONEncoder leaves raw.
            return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
        } catch {
            throw .fatal("cannot encode output: \(error)")
        }
    }
}
