public import Foundation

/// Quota months and days in UTC, whatever the machine's time zone.
///
/// WeatherKit's quota is counted per calendar month; counting in UTC keeps two machines in
/// different zones (or a cron job across a DST change) agreeing on which month a request was in.
public enum UTCCalendar {
    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        return calendar
    }()

    /// The UTC month of `date` as "YYYY-MM".
    ///
    /// - Parameter date: An instant.
    /// - Returns: For example "2026-12".
    public static func month(of date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month], from: date)
        return "\(pad(parts.year ?? 0, width: 4))-\(pad(parts.month ?? 0, width: 2))"
    }

    /// Days left in the UTC month of `date`, that day included (1 on the last day).
    ///
    /// - Parameter date: An instant.
    /// - Returns: The count.
    public static func daysLeftInMonth(from date: Date) -> Int {
        let day = calendar.component(.day, from: date)
        let days = calendar.range(of: .day, in: .month, for: date)?.count ?? 30
        return max(1, days - day + 1)
    }

    /// The first instant of the UTC month after the one `date` is in.
    ///
    /// - Parameter date: An instant.
    /// - Returns: Midnight UTC on the first day of the next month.
    public static func startOfNextMonth(after date: Date) -> Date {
        let start = calendar.dateInterval(of: .month, for: date)
        return start?.end ?? date.addingTimeInterval(86_400)
    }

    private static func pad(_ number: Int, width: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
