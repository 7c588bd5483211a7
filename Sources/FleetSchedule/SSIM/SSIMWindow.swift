/// The dates an SSIM season is expanded to: legs departing in [`from` 00:00Z, `from` + `days`).
public struct SSIMWindow: Sendable, Equatable {
    /// The first day, counted from 1970-01-01 (UTC).
    public let firstDay: Int
    /// How many days.
    public let days: Int

    /// The days `--days` accepts: up to a year, for planning a season ahead (past ten days the
    /// flights are briefed as beyond the forecast horizon, with nothing fetched for them).
    public static let dayLimit = 1...366
    /// Days when `--days` is not given.
    public static let defaultDays = 2

    /// Creates a window.
    ///
    /// - Parameters:
    ///   - firstDay: The first day, counted from 1970-01-01 (UTC).
    ///   - days: How many days, at least 1.
    public init(firstDay: Int, days: Int = SSIMWindow.defaultDays) {
        self.firstDay = firstDay
        self.days = max(1, days)
    }

    /// The window starting on the UTC day of an instant (`--from` not given: today in UTC).
    ///
    /// - Parameters:
    ///   - seconds: Seconds since 1970.
    ///   - days: How many days.
    public init(dayOf seconds: Double, days: Int = SSIMWindow.defaultDays) {
        self.init(firstDay: Int((seconds / 86_400).rounded(.down)), days: days)
    }

    /// Reads `YYYY-MM-DD` (years 2000–2100) as a day number.
    ///
    /// - Parameter text: The date as given to `--from`.
    /// - Returns: The day, or `nil` when it is not a real date in that form.
    public static func day(parsing text: String) -> Int? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            WallClock.years.contains(year), (1...12).contains(month),
            day >= 1, day <= CivilCalendar.days(inMonth: month, year: year)
        else { return nil }
        return CivilCalendar.daysSince1970(year: year, month: month, day: day)
    }

    /// The first instant in the window, seconds since 1970.
    var start: Int { firstDay * 86_400 }
    /// The first instant after the window.
    var end: Int { (firstDay + days) * 86_400 }

    /// `2026-12-01` (the first day).
    public var fromText: String { SSIMDate.iso(day: firstDay) }
    /// `2026-12-03` (the day after the last).
    public var untilText: String { SSIMDate.iso(day: firstDay + days) }
}
