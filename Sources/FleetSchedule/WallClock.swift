internal import FleetFiles

/// A date and time of day as read off a clock, without a time zone.
///
/// Kept as plain numbers so that calendar validation and the conversion to an instant need
/// neither `Calendar` nor a date formatter (both are slow per row and guess around DST gaps).
struct WallClock: Equatable {
    let year: Int
    let month: Int
    let day: Int
    let hour: Int
    let minute: Int
    let second: Int
    /// Fractional seconds, 0 ≤ fraction < 1.
    let fraction: Double

    /// The years a schedule time may be in: FleetFiles' ``FleetFiles/BriefedYears``, the range
    /// weather bodies and `--now` are held to too (see there for why).
    static let years = BriefedYears.range

    /// What is wrong with the calendar fields, or `nil` when this is a real date and time.
    var calendarProblem: TimeSyntaxError? {
        guard Self.years.contains(year) else { return .year(year) }
        guard (1...12).contains(month) else { return .month(month) }
        guard day >= 1, day <= CivilCalendar.days(inMonth: month, year: year) else {
            return .day(day, month: month, year: year)
        }
        guard hour < 24 else { return .hour(hour) }
        guard minute < 60 else { return .minute(minute) }
        guard second < 60 else { return .second(second) }
        return nil
    }

    /// The whole seconds since 1970 this clock reading would be if the clock showed UTC.
    var secondsAsIfUTC: Int {
        CivilCalendar.daysSince1970(year: year, month: month, day: day) * 86_400
            + hour * 3600 + minute * 60 + second
    }
}

/// Proleptic Gregorian calendar arithmetic on plain integers (also used by the reports to
/// format instants without a `DateFormatter`).
public enum CivilCalendar {
    /// True for Gregorian leap years.
    ///
    /// - Parameter year: The year.
    /// - Returns: Whether February has 29 days.
    static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    /// The number of days in a month.
    ///
    /// - Parameters:
    ///   - month: 1–12.
    ///   - year: The year.
    /// - Returns: 28–31.
    static func days(inMonth month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to a date (negative before it).
    ///
    /// Howard Hinnant's `days_from_civil`: <https://howardhinnant.github.io/date_algorithms.html>.
    ///
    /// - Parameters:
    ///   - year: The year.
    ///   - month: 1–12.
    ///   - day: 1–31.
    /// - Returns: The day number.
    static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date of a day number (Hinnant's `civil_from_days`).
    ///
    /// - Parameter days: Days since 1970-01-01.
    /// - Returns: Year, month (1–12) and day (1–31).
    public static func date(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// An instant as `2026-12-01T13:05:00Z` (whole seconds), the form reports use.
    ///
    /// - Parameter seconds: Seconds since 1970.
    /// - Returns: The UTC text.
    static func utcText(secondsSince1970 seconds: Double) -> String {
        // Clamped before the conversion, which would trap on a huge or non-finite value.
        let whole = seconds.isFinite ? Int(min(max(seconds, -1e12), 1e12).rounded(.down)) : 0
        return isoText(secondsSince1970: whole, offset: nil)
    }

    /// The first and last wall-clock seconds ``isoText(secondsSince1970:offset:)`` writes as
    /// themselves: 0000-01-01T00:00:00 and 9999-12-31T23:59:59, the four-digit years.
    static let formattable = -62_167_219_200...253_402_300_799

    /// An instant as ISO 8601 text: `2026-12-01T13:05:00Z` in UTC (`offset` nil), else the
    /// wall clock at `offset` seconds east of UTC with it, `2026-12-01T08:05:00-05:00`. The one
    /// formatter of the schedule's messages and the reports, locale-free. Wall clocks outside
    /// years 0000–9999 are written as the nearest end of that range (``formattable``), and an
    /// offset beyond ±99 h as ±99:59, so the text is always well-formed.
    ///
    /// - Parameters:
    ///   - seconds: Whole seconds since 1970.
    ///   - offset: Seconds east of UTC, or `nil` for UTC written as `Z`.
    /// - Returns: The text.
    public static func isoText(secondsSince1970 seconds: Int, offset: Int?) -> String {
        // The last guard, not the rule (times from outside are held to 2000–2100): an instant
        // beyond the four-digit years is written as the nearest one, so the text always has
        // the one shape readers parse, never `00-1-12-31` or a five-digit year.
        let (shifted, overflow) = seconds.addingReportingOverflow(offset ?? 0)
        let wall = overflow ? (seconds < 0 ? formattable.lowerBound : formattable.upperBound) : shifted
        let (days, secondOfDay) = dayAndSecond(
            secondsSince1970: min(max(wall, formattable.lowerBound), formattable.upperBound))
        let date = date(daysSince1970: days)
        let text =
            "\(pad(date.year, 4))-\(pad(date.month))-\(pad(date.day))T"
            + "\(pad(secondOfDay / 3600)):\(pad(secondOfDay / 60 % 60)):\(pad(secondOfDay % 60))"
        guard let offset else { return text + "Z" }
        let magnitude = Int(min(offset.magnitude, UInt(99 * 3600 + 59 * 60)))
        return text + (offset < 0 ? "-" : "+") + "\(pad(magnitude / 3600)):\(pad(magnitude / 60 % 60))"
    }

    /// Splits seconds since 1970 into whole days since 1970 (rounded down, also before 1970)
    /// and the second of that day.
    ///
    /// - Parameter seconds: Seconds since 1970.
    /// - Returns: The day and the second of the day (0…86,399).
    public static func dayAndSecond(secondsSince1970 seconds: Int) -> (days: Int, secondOfDay: Int) {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        return (days, seconds - days * 86_400)
    }

    /// A UTC offset as `UTC+05:30` / `UTC-04:00`.
    ///
    /// - Parameter seconds: Seconds east of UTC.
    /// - Returns: The text.
    static func offsetText(seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : "+"
        let minutes = abs(seconds) / 60
        return "UTC\(sign)\(pad(minutes / 60)):\(pad(minutes % 60))"
    }

    /// The English name of a month.
    ///
    /// - Parameter month: 1–12.
    /// - Returns: `January` … `December`, or the number for anything else.
    static func monthName(_ month: Int) -> String {
        let names = [
            "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
            "November", "December",
        ]
        return (1...12).contains(month) ? names[month - 1] : "month \(month)"
    }

    /// Zero-padded decimal text.
    ///
    /// - Parameters:
    ///   - value: A non-negative number.
    ///   - width: The least number of digits.
    /// - Returns: The text.
    public static func pad(_ value: Int, _ width: Int = 2) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
}
