internal import FleetFiles

/// A schedule time as written: either an absolute instant or a wall-clock time to be read in
/// an airport's zone.
///
/// Parsing is hand-written over bytes because a schedule can hold tens of thousands of
/// times and the accepted forms are few (docs/contract.md §3): `2026-12-01T13:05:00Z`,
/// `2026-12-01T08:05:00-05:00`, `+0530`, lowercase `t`/`z`, a space instead of `T`,
/// optional seconds and fractional seconds. Without an offset the time is local.
enum ScheduleTime: Equatable {
    /// A time with `Z` or a UTC offset: seconds since 1970 (with any fraction).
    case absolute(secondsSince1970: Double)
    /// A time without offset, to be placed in an airport's time zone.
    case local(WallClock)

    /// Parses a trimmed schedule time.
    ///
    /// - Parameter text: The value from a time column, surrounding spaces removed.
    /// - Returns: The time, or why it is not one.
    static func parse(_ text: String) -> Result<ScheduleTime, TimeSyntaxError> {
        var scanner = TimeScanner(Array(text.utf8))
        let wall: WallClock
        switch scanner.wallClockFields() {
        case .success(let fields): wall = fields
        case .failure(let problem): return .failure(problem)
        }
        if let problem = wall.calendarProblem { return .failure(problem) }
        if scanner.atEnd { return .success(.local(wall)) }
        guard let offset = scanner.offsetSeconds(), scanner.atEnd else { return .failure(.shape) }
        let seconds = Double(wall.secondsAsIfUTC - offset) + wall.fraction
        return .success(.absolute(secondsSince1970: seconds))
    }
}

/// Why a time value could not be read, phrased to follow "is not a valid time: ".
enum TimeSyntaxError: Error, Equatable, CustomStringConvertible {
    /// Not shaped like a date and time at all.
    case shape
    /// A year outside ``WallClock/years``.
    case year(Int)
    /// A month outside 1–12.
    case month(Int)
    /// A day that the month does not have.
    case day(Int, month: Int, year: Int)
    /// An hour outside 0–23.
    case hour(Int)
    /// A minute outside 0–59.
    case minute(Int)
    /// A second outside 0–59.
    case second(Int)

    var description: String {
        switch self {
        case .shape:
            "expected a date and time such as 2026-12-01T13:05Z, 2026-12-01T08:05:00-05:00 "
                + "or (local time at the airport) 2026-12-01 08:05"
        case .year(let year):
            "year \(CivilCalendar.pad(year, 4)) is outside \(BriefedYears.text)"
        case .month(let month):
            "there is no month \(month)"
        case .day(let day, let month, let year):
            "\(CivilCalendar.monthName(month)) \(year) has no day \(day)"
        case .hour(let hour):
            "there is no hour \(hour) (hours run 00–23)"
        case .minute(let minute):
            "there is no minute \(minute) (minutes run 00–59)"
        case .second(let second):
            "there is no second \(second) (seconds run 00–59)"
        }
    }
}

/// Reads the pieces of a time value from its bytes, left to right.
private struct TimeScanner {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    var atEnd: Bool { index == bytes.count }

    /// `YYYY-MM-DD(T|t| )HH:MM[:SS[.fff]]`, without range checks but one: a year of five to
    /// nine digits before its `-` (`10000-01-01T…`) is a year out of range whatever follows,
    /// not a shape error (say which year, as for 0000).
    mutating func wallClockFields() -> Result<WallClock, TimeSyntaxError> {
        let start = index
        var year = 0
        while index < bytes.count, index - start < 10, let digit = Self.digit(bytes[index]) {
            year = year * 10 + digit
            index += 1
        }
        let yearDigits = index - start
        if (5...9).contains(yearDigits), index < bytes.count, bytes[index] == UInt8(ascii: "-") {
            return .failure(.year(year))
        }
        guard yearDigits == 4, take("-"), let month = digits(2), take("-"), let day = digits(2),
            take("T") || take("t") || take(" "),
            let hour = digits(2), take(":"), let minute = digits(2)
        else { return .failure(.shape) }
        var second = 0
        var fraction = 0.0
        if take(":") {
            guard let value = digits(2) else { return .failure(.shape) }
            second = value
            if take(".") {
                guard let value = fractionDigits() else { return .failure(.shape) }
                fraction = value
            }
        }
        return .success(
            WallClock(
                year: year, month: month, day: day, hour: hour, minute: minute, second: second, fraction: fraction))
    }

    private static func digit(_ byte: UInt8) -> Int? {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? Int(byte - UInt8(ascii: "0")) : nil
    }

    /// `Z`, `z`, `±HH`, `±HHMM` or `±HH:MM`, as seconds east of UTC; offsets beyond ±18 h
    /// are not offsets any clock uses.
    mutating func offsetSeconds() -> Int? {
        if take("Z") || take("z") { return 0 }
        let sign: Int
        if take("+") {
            sign = 1
        } else if take("-") {
            sign = -1
        } else {
            return nil
        }
        guard let hours = digits(2) else { return nil }
        var minutes = 0
        if take(":") || !atEnd {
            guard let value = digits(2) else { return nil }
            minutes = value
        }
        guard minutes < 60, hours * 60 + minutes <= 18 * 60 else { return nil }
        return sign * (hours * 3600 + minutes * 60)
    }

    private mutating func take(_ character: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }

    private mutating func digits(_ count: Int) -> Int? {
        guard index + count <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[index..<index + count] {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        index += count
        return value
    }

    /// One or more digits after the decimal point, as a fraction of a second.
    private mutating func fractionDigits() -> Double? {
        var value = 0.0
        var scale = 1.0
        let start = index
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
            scale /= 10
            value += Double(bytes[index] - UInt8(ascii: "0")) * scale
            index += 1
        }
        return index > start ? value : nil
    }
}
