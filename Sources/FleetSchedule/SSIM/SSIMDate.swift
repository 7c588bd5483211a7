/// SSIM dates: `DDMMMYY` (`01DEC26`), and `00XXX00` for an open end of a period.
enum SSIMDate {
    /// A period end as written.
    enum End: Equatable {
        /// A day, counted from 1970-01-01.
        case day(Int)
        /// `00XXX00`: no end (the period runs on until the file is replaced).
        case open
    }

    private static let months = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"]

    /// Reads `DDMMMYY` or `00XXX00`; two-digit years are 2000–2099 (fleetwx briefs no other).
    ///
    /// - Parameter text: Seven characters from the record.
    /// - Returns: The end, or `nil` when the text is neither form or names no real day.
    static func parse(_ text: String) -> End? {
        if text == "00XXX00" { return .open }
        let bytes = Array(text.utf8)
        guard bytes.count == 7, let day = digits(bytes[0...1]), let year = digits(bytes[5...6]) else { return nil }
        let name = String(decoding: bytes[2...4], as: UTF8.self)
        guard let index = months.firstIndex(of: name) else { return nil }
        let month = index + 1
        guard day >= 1, day <= CivilCalendar.days(inMonth: month, year: 2000 + year) else { return nil }
        return .day(CivilCalendar.daysSince1970(year: 2000 + year, month: month, day: day))
    }

    /// A day as SSIM writes it (`01DEC26`), for messages.
    static func text(day: Int) -> String {
        let date = CivilCalendar.date(daysSince1970: day)
        return CivilCalendar.pad(date.day) + months[date.month - 1] + CivilCalendar.pad(date.year % 100)
    }

    /// A day as ISO 8601 (`2026-12-01`), for messages.
    static func iso(day: Int) -> String {
        let date = CivilCalendar.date(daysSince1970: day)
        return "\(date.year)-\(CivilCalendar.pad(date.month))-\(CivilCalendar.pad(date.day))"
    }

    /// The ISO weekday of a day: 1 is Monday, 7 Sunday (1970-01-01 was a Thursday).
    static func weekday(day: Int) -> Int {
        ((day % 7) + 7 + 3) % 7 + 1
    }

    private static func digits(_ slice: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for byte in slice {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }
}

/// The dates an SSIM season is expanded to: legs departing in [`from` 00:00Z, `from` + `days`).
public struct SSIMWindow: Sendable, Equatable {
    /// The first day, counted from 1970-01-01 (UTC).
    public let firstDay: Int
    /// How many days.
    public let days: Int

    /// The most days a window may span (a year: beyond ten days WeatherKit has no forecast).
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
