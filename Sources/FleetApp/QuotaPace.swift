internal import FleetStore
internal import Foundation

/// The month's quota position and the daily pace that keeps a month inside it.
struct QuotaPace: Encodable, Equatable {
    let month: String
    let limit: Int
    let used: Int
    let remaining: Int
    /// Days left in the UTC month, today included.
    let daysLeft: Int
    /// Calls a day that spend what is left evenly over the days left.
    let dailyPace: Int

    enum CodingKeys: String, CodingKey {
        case month, limit, used, remaining
        case daysLeft = "days_left"
        case dailyPace = "daily_pace"
    }

    init(limit: Int, used: Int, now: Date) {
        self.month = UTCCalendar.month(of: now)  // the ledger's month
        self.limit = limit
        self.used = used
        self.remaining = max(0, limit - used)
        self.daysLeft = UTCCalendar.daysLeftInMonth(from: now)
        self.dailyPace = remaining / daysLeft
    }

    /// What is left per day, not rounded: with fewer calls left than days, the whole-call
    /// ``dailyPace`` is 0, and a one-call run is still within the pace.
    var exactDailyPace: Double { Double(remaining) / Double(daysLeft) }

    /// A warning when `calls` would spend more than the daily pace, else `nil`.
    func warning(for calls: Int, what: String) -> String? {
        if calls > remaining {
            return "\(what) needs \(calls) calls but only \(remaining) are left this month (\(month))"
        }
        if Double(calls) > exactDailyPace.rounded(.up) {
            return "\(what) needs \(calls) calls, more than the daily pace of \(dailyPace) "
                + "(\(remaining) left over \(daysLeft) day(s))"
        }
        return nil
    }
}
