internal import FleetAirports
internal import FleetBriefing
internal import FleetFetch
internal import FleetPlan
internal import FleetReports
internal import FleetSchedule
internal import FleetStore
internal import FleetWeatherKit
internal import Foundation

/// `fleetwx plan`: what a run would fetch, without sending anything.
struct PlanCommand {
    let options: RunOptions
    let environment: AppEnvironment

    func execute() async throws(AppError) -> Int32 {
        let now = options.now ?? environment.now()
        let airports = try Inputs.airports()
        let past = PastRows.screen(for: options, now: now)
        // Reading a big schedule is the one long step: a signal stops it, even when the parent
        // started this process with SIGTERM ignored (ignored signals are inherited).
        let interruption = RunInterruption()
        let trap = SignalTrap { interruption.received($0) }
        let read = Result { () throws(AppError) in
            try Inputs.schedule(
                options.schedule, airports: airports, past: past, interruption: interruption, input: options.input,
                now: now)
        }
        trap.remove()
        let schedule = try read.get()
        Inputs.report(warnings: schedule.warnings, path: options.scheduleArgument, console: environment.console)
        let plan = Planner(grid: options.grid, now: now, hoursEitherSide: options.config.hoursEitherSide)
            .plan(schedule.flights)
        var report = PlanReport(schedule: schedule, plan: plan, scheduleArgument: options.scheduleArgument)
        report.past = past
        if options.replay == nil { try await readState(plan: plan, into: &report) }
        if let pace = report.pace {
            report.paceCheck = PaceCheck(
                requests: report.toSend, maxRequests: options.maxRequests, pace: pace, allowed: options.allowOverPace)
            if let warning = pace.warning(for: report.toSend, what: "this run") {
                environment.console.err("fleetwx: warning: \(warning)\n")
            }
        }
        if options.json {
            environment.console.out(.json(try report.json()))
        } else {
            environment.console.out(report.table())
        }
        return 0
    }
}

/// The plan as `fleetwx plan` prints it.
struct PlanReport {
    let schedule: Schedule
    let plan: FetchPlan
    let scheduleArgument: String
    /// What the cache would serve (when a state database exists).
    var preview: CachePreview?
    /// The month's quota position (not for replayed runs).
    var pace: QuotaPace?
    /// Rows departing more than 7 days before the run (not for replayed runs).
    var past: PastRows?
    /// Whether a live run's requests fit the pace limit (not for replayed runs).
    var paceCheck: PaceCheck?
    /// Why the month's quota position is unknown (the ledger could not be read), instead of `pace`.
    var quotaUnknown: String?

    /// Requests a run would send now: all planned ones, less what the cache serves.
    var toSend: Int { preview?.requestsToSend ?? plan.requests.count }

    struct JSONCell: Encodable {
        let key: String
        let airports: [String]
        let timezone: String
        let country: String
        let flights: Int
        let windowStart: String?
        let windowEnd: String?
        let requests: Int

        enum CodingKeys: String, CodingKey {
            case key, airports, timezone, country, flights, requests
            case windowStart = "window_start"
            case windowEnd = "window_end"
        }
    }

    /// `past` in `plan --json`: rows departing before `before`.
    struct JSONPast: Encodable {
        let days: Int
        let before: String
        let rows: Int
        let rejected: Bool
    }

    struct JSONPlan: Encodable {
        let schedule: String
        let flights: [String: Int]
        let cells: Int
        let requests: [String: Int]
        let quota: QuotaPace?
        let past: JSONPast?
        let paceLimit: PaceCheck?
        let quotaUnknown: String?
        let scheduleFormat: RunSummary.ScheduleFormatFigures
        let cellList: [JSONCell]

        enum CodingKeys: String, CodingKey {
            case schedule, flights, cells, requests, quota, past
            case scheduleFormat = "schedule_format"
            case paceLimit = "pace_limit"
            case quotaUnknown = "quota_unknown"
            case cellList = "cell_list"
        }
    }

    func json() throws(AppError) -> String {
        let requestsByCell = Dictionary(grouping: plan.requests, by: \.cell).mapValues(\.count)
        let cells = plan.cells.map { cell in
            JSONCell(
                key: cell.key.text, airports: cell.airports.map(\.code), timezone: cell.timeZone, country: cell.country,
                flights: cell.flightCount, windowStart: cell.window.map { Timestamp.utc($0.start) },
                windowEnd: cell.window.map { Timestamp.utc($0.end) }, requests: requestsByCell[cell.key] ?? 0)
        }
        let body = JSONPlan(
            schedule: scheduleArgument,
            flights: [
                "rows": schedule.dataRows, "accepted": schedule.flights.count, "rejected": schedule.rejectedCount,
            ],
            cells: plan.cells.count,
            requests: [
                "planned": plan.requests.count, "cache_hits": preview?.cacheHits ?? 0, "to_send": toSend,
            ], quota: pace,
            past: past.map {
                JSONPast(days: PastRows.days, before: Timestamp.utc($0.cutoff), rows: $0.count, rejected: $0.rejects)
            }, paceLimit: paceCheck, quotaUnknown: quotaUnknown, scheduleFormat: ScheduleInput.figures(schedule),
            cellList: cells)
        return try JSONText.encode(body)
    }

    func table() -> ConsoleText {
        var lines = [
            "schedule: \(scheduleArgument)"
        ]
        if let line = ScheduleInput.line(schedule) { lines.append(line) }
        lines += [
            "flights: \(schedule.flights.count) accepted, \(schedule.rejectedCount) rejected",
            "cells: \(plan.cells.count)",
            "requests planned: \(plan.requests.count)",
            "cells served by the cache: \(preview?.cacheHits ?? 0)",
            "requests to send now: \(toSend)",
        ]
        if let pace {
            lines.append(
                "quota \(pace.month): \(pace.remaining) of \(pace.limit) left, daily pace \(pace.dailyPace) calls")
        } else if let quotaUnknown {
            lines.append("quota: unknown (\(quotaUnknown))")
        }
        lines += limitLines()
        lines.append("")
        let requestsByCell = Dictionary(grouping: plan.requests, by: \.cell).mapValues(\.count)
        let rows = plan.cells.map { cell -> [String] in
            let window = cell.window.map { "\(Timestamp.utc($0.start)) → \(Timestamp.utc($0.end))" } ?? "beyond horizon"
            return [
                cell.key.text, cell.airports.map(\.code).joined(separator: " "), String(cell.flightCount), window,
                String(requestsByCell[cell.key] ?? 0),
            ]
        }
        lines += TextTable.render(header: ["CELL", "AIRPORTS", "FLIGHTS", "WINDOW (UTC)", "REQUESTS"], rows: rows)
        return .lines(lines)
    }
}

extension PlanReport {
    /// The two guards of a live run, in words: rows long past, and the pace limit.
    func limitLines() -> [String] {
        var lines: [String] = []
        if let past {
            let verdict = past.rejects ? "rejected; --allow-past briefs them" : "kept: --allow-past"
            lines.append(
                "rows departing more than \(PastRows.days) days before the run: \(past.count) (\(verdict))")
        }
        if let check = paceCheck {
            let verdict =
                !check.exceeded
                ? "within it"
                : check.allowed
                    ? "\(check.overBy) over, allowed by --allow-over-pace"
                    : "\(check.overBy) over: a run would be refused (--allow-over-pace sends it)"
            lines.append("pace limit: \(check.figures); \(verdict)")
        }
        return lines
    }
}

/// Plain aligned text tables for terminal output.
enum TextTable {
    static func render(header: [String], rows: [[String]]) -> [String] {
        var widths = header.map(\.count)
        for row in rows {
            for (index, cell) in row.enumerated() where index < widths.count {
                widths[index] = max(widths[index], cell.count)
            }
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in
                index == cells.count - 1 ? cell : cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }
        return [line(header)] + rows.map(line)
    }
}
