internal import FleetFetch
internal import FleetPlan
internal import FleetReports
internal import FleetSchedule
internal import FleetStore
internal import Foundation
internal import Synchronization

/// Rows of a live run's schedule whose flight left long ago: rejected unless `--allow-past`.
///
/// Why: a schedule that still holds old rows (an export of the whole history, a year typed
/// wrong) was planned and fetched in full: 100 rows back to 1949 sent 200 requests. A
/// briefing for a flight a week gone helps nobody, while the calls come out of the month's
/// quota. A replay spends nothing, so it is not screened at all.
final class PastRows: Sendable {
    /// How far back a departure may lie before its row is rejected.
    static let days = 7

    /// Departures before this instant are past the limit.
    let cutoff: Date
    /// The run's time the cutoff is counted from (`--now` or the clock).
    let now: Date
    /// False with `--allow-past`: such rows are counted but briefed.
    let rejects: Bool
    private let found = Mutex(0)

    /// Creates the screen.
    ///
    /// - Parameters:
    ///   - now: The run's time.
    ///   - rejects: Whether rows past the limit are rejected (no `--allow-past`).
    init(now: Date, rejects: Bool) {
        self.now = now
        self.cutoff = now.addingTimeInterval(-Double(Self.days) * 86_400)
        self.rejects = rejects
    }

    /// The screen for a live run or its plan; `nil` for a replay, which spends nothing.
    static func screen(for options: RunOptions, now: Date) -> PastRows? {
        options.replay == nil ? PastRows(now: now, rejects: !options.allowPast) : nil
    }

    /// Rows seen departing before the cutoff (rejected or, with `--allow-past`, kept).
    var count: Int { found.withLock { $0 } }

    /// What a live run says about the rows it rejected this way, or `nil` when there were none.
    var note: String? {
        let count = self.count
        guard rejects, count > 0 else { return nil }
        return "\(count) row(s) depart more than \(Self.days) days before the run and were rejected, "
            + "sending nothing for them (reasons in rejects.csv; --allow-past briefs them)"
    }

    /// Why a flight's row is rejected, or `nil` to keep it (counting it if past the limit).
    ///
    /// - Parameter flight: A flight that passed every other check.
    /// - Returns: The reason for `rejects.csv`.
    func reason(for flight: Flight) -> String? {
        guard flight.departure < cutoff else { return nil }
        found.withLock { $0 += 1 }
        guard rejects else { return nil }
        return "departs \(Timestamp.utc(flight.departure)), more than \(Self.days) days before the run "
            + "(\(Timestamp.utc(now))); pass --allow-past to brief it"
    }
}

/// Whether a live run's requests fit a few days of the month's remaining pace, so one run
/// cannot spend what was meant to last the rest of the month. Refused unless
/// `--allow-over-pace`, before anything is sent.
struct PaceCheck: Encodable, Equatable {
    /// A run may spend this many days' worth of the daily pace.
    static let factor = 3

    /// Requests the run would send (planned, less cache hits, capped by `--max-requests`).
    let requests: Int
    /// `factor` × the daily pace.
    let limit: Int
    /// How far the requests exceed the limit (0 when they fit).
    let overBy: Int
    /// `--allow-over-pace` was given.
    let allowed: Bool
    /// The pace figures the limit comes from.
    let pace: QuotaPace

    enum CodingKeys: String, CodingKey {
        case requests, limit, allowed, factor
        case overBy = "over_by"
        case exceeded
    }

    init(requests: Int, maxRequests: Int?, pace: QuotaPace, allowed: Bool) {
        self.requests = maxRequests.map { min($0, requests) } ?? requests
        // From the exact pace: the whole-call one is 0 with fewer calls left than days.
        self.limit = pace.remaining == 0 ? 0 : max(1, Int((Double(Self.factor) * pace.exactDailyPace).rounded(.down)))
        self.overBy = max(0, self.requests - limit)
        self.allowed = allowed
        self.pace = pace
    }

    /// The requests exceed the limit.
    var exceeded: Bool { overBy > 0 }
    /// A live run would be refused.
    var refuses: Bool { exceeded && !allowed }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(requests, forKey: .requests)
        try container.encode(limit, forKey: .limit)
        try container.encode(overBy, forKey: .overBy)
        try container.encode(exceeded, forKey: .exceeded)
        try container.encode(allowed, forKey: .allowed)
        try container.encode(Self.factor, forKey: .factor)
    }

    /// The figures in words: requests against the limit and where the limit comes from.
    var figures: String {
        "\(requests) requests against a limit of \(limit) (\(Self.factor) × the daily pace of \(pace.dailyPace) calls: "
            + "\(pace.remaining) of \(pace.limit) left in \(pace.month) over \(pace.daysLeft) day(s), today included)"
    }

    /// Why a live run is refused (exit 1; nothing sent).
    var refusal: String {
        "this run would send \(figures), \(overBy) over; nothing was sent. Pass --allow-over-pace to send them "
            + "anyway, or lower the spend with --max-requests"
    }

    /// The check for a live run, before anything is sent: the cache preview is worked out only
    /// when the whole plan would exceed the limit, so a run that fits pays no second lookup.
    ///
    /// - Parameters:
    ///   - plan: The run's plan.
    ///   - options: The run's options.
    ///   - store: The state database.
    ///   - now: The clock reading (the ledger's month and days left).
    /// - Returns: The check.
    /// - Throws: ``AppError/fatal(_:)`` when the ledger cannot be read (the spend is unknown).
    static func live(
        plan: FetchPlan, options: RunOptions, store: StateStore, now: Date
    ) async throws(AppError) -> PaceCheck {
        let used: Int
        do {
            used = try await store.usage(month: UTCCalendar.month(of: now))
        } catch {
            throw .fatal(StateAccess.message(error, location: options.state))
        }
        let pace = QuotaPace(limit: options.monthlyQuota, used: used, now: now)
        let whole = PaceCheck(
            requests: plan.requests.count, maxRequests: options.maxRequests, pace: pace,
            allowed: options.allowOverPace)
        guard whole.exceeded, !options.allowOverPace else { return whole }
        let preview = await CachePreview.make(plan: plan, store: store, now: now)
        return PaceCheck(
            requests: preview.requestsToSend, maxRequests: options.maxRequests, pace: pace, allowed: false)
    }
}
