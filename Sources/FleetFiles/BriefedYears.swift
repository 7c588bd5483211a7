/// The years fleetwx briefs, one range for every module that holds outside times to it: the
/// schedule's times (FleetSchedule's `WallClock`), a weather body's instants (FleetWeatherKit's
/// `ValueBounds`) and `--now` (FleetApp).
///
/// Why a range at all: fleetwx briefs flights against a ten-day forecast, so a time decades
/// away is a broken export or body, and holding times to these years keeps every instant well
/// inside what the reports can write (year 0000 once came out as `00-1-12-31…`).
public enum BriefedYears {
    /// The years, inclusive.
    public static let range = 2000...2100

    /// The years for messages: `2000–2100, the years fleetwx briefs`.
    public static let text = "\(range.lowerBound)–\(range.upperBound), the years fleetwx briefs"

    /// The instants of those years in whole seconds since 1970 (UTC): from the first second of
    /// the first year up to, not including, the first second of the year after the last.
    public static let secondsSince1970 = startOfYear(range.lowerBound)..<startOfYear(range.upperBound + 1)

    /// 00:00:00 UTC on 1 January of a year from 1970 on, in seconds since 1970 (Gregorian leap
    /// years: every fourth, but not centuries other than every fourth one).
    private static func startOfYear(_ year: Int) -> Int {
        let days = (year - 1970) * 365 + (year - 1969) / 4 - (year - 1901) / 100 + (year - 1601) / 400
        return days * 86_400
    }
}
