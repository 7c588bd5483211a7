internal import FleetSchedule
public import Foundation
internal import Synchronization

/// Formats instants for reports: UTC as `2026-12-01T13:05:00Z`, local with the offset as
/// `2026-12-01T08:05:00-05:00`.
///
/// Hand-written civil-date arithmetic rather than a `DateFormatter` per call: reports format
/// tens of thousands of times for a large schedule, and this output must be identical on
/// every machine whatever its locale.
public enum Timestamp {
    /// Zones by identifier; a Mutex because reports may be rendered from several tasks.
    private static let zoneCache = Mutex<[String: TimeZone]>([:])

    /// A zone's hour: the UTC hour (whole hours since 1970) of an instant in a zone.
    private struct ZoneHour: Hashable, Sendable {
        let zone: String
        let hour: Int
    }

    /// Each zone's offset by UTC hour, for the hours with one offset throughout; ``mixedHour``
    /// for an hour in which the offset changes. Pages ask for the same few hundred zones' same
    /// hours a million times at 100,000 flights, and Foundation's lookup (ICU) was a large
    /// share of writing them (docs/performance.md).
    private static let offsetCache = SharedTable<ZoneHour, Int>()
    private static let mixedHour = Int.min

    /// `2026-12-01T13:05:00Z`.
    ///
    /// - Parameter date: An instant.
    /// - Returns: The UTC text.
    public static func utc(_ date: Date) -> String {
        CivilCalendar.isoText(secondsSince1970: wholeSeconds(date), offset: nil)
    }

    /// `2026-12-01T08:05:00-05:00` in an IANA zone (UTC when the zone is unknown).
    ///
    /// - Parameters:
    ///   - date: An instant.
    ///   - zone: An IANA zone name.
    /// - Returns: The local text with its offset.
    public static func local(_ date: Date, zone: String) -> String {
        CivilCalendar.isoText(secondsSince1970: wholeSeconds(date), offset: secondsFromGMT(date, zone: zone))
    }

    /// `13:05Z`.
    ///
    /// - Parameter date: An instant.
    /// - Returns: Hours and minutes in UTC.
    public static func utcClock(_ date: Date) -> String {
        clock(wholeSeconds(date)) + "Z"
    }

    /// `08:05` local time.
    ///
    /// - Parameters:
    ///   - date: An instant.
    ///   - zone: An IANA zone name.
    /// - Returns: Hours and minutes, local.
    public static func localClock(_ date: Date, zone: String) -> String {
        clock(wholeSeconds(date) + secondsFromGMT(date, zone: zone))
    }

    /// `Tue 1 Dec` in the given zone, for grouping in pages.
    ///
    /// - Parameters:
    ///   - date: An instant.
    ///   - zone: An IANA zone name, or `UTC`.
    /// - Returns: A short day label.
    public static func dayLabel(_ date: Date, zone: String = "UTC") -> String {
        let days = localDay(date, zone: zone)
        let (_, month, day) = CivilCalendar.date(daysSince1970: days)
        return "\(weekdays[((days % 7) + 7) % 7]) \(day) \(months[month - 1])"
    }

    /// The local day of an instant in a zone, as days since 1970: two instants have the same
    /// ``dayLabel(_:zone:)`` within a year exactly when they have the same local day, and a
    /// number is compared without making the label's text.
    ///
    /// - Parameters:
    ///   - date: An instant.
    ///   - zone: An IANA zone name, or `UTC`.
    /// - Returns: Days since 1970-01-01 on the local calendar.
    static func localDay(_ date: Date, zone: String) -> Int {
        let offset = zone == "UTC" ? 0 : secondsFromGMT(date, zone: zone)
        return CivilCalendar.dayAndSecond(secondsSince1970: wholeSeconds(date) + offset).days
    }

    /// `Tue 1 Dec 09:05Z (10:05 local)`: the UTC day and time, then the local time, naming
    /// the local day only when it differs (`Tue 1 Dec 23:30Z (Wed 2 Dec 10:30 local)`). The one
    /// form every section uses for an instant at an airport.
    ///
    /// - Parameters:
    ///   - date: An instant.
    ///   - zone: The airport's IANA zone.
    /// - Returns: The text.
    public static func utcAndLocal(_ date: Date, zone: String) -> String {
        let utcDay = dayLabel(date)
        let localDay = dayLabel(date, zone: zone)
        let local = (localDay == utcDay ? "" : localDay + " ") + localClock(date, zone: zone)
        return "\(utcDay) \(utcClock(date)) (\(local) local)"
    }

    /// How long before the run's time something was (`1 h before this run`, `25 min before
    /// this run`), or after it (`2 h after this run's time`): the age pages give data.
    ///
    /// - Parameter seconds: The run's time minus the instant.
    /// - Returns: The text.
    public static func age(_ seconds: TimeInterval) -> String {
        let minutes = Int((abs(seconds) / 60).rounded())
        let amount = minutes < 60 ? "\(minutes) min" : "\(Int((Double(minutes) / 60).rounded())) h"
        return seconds >= 0 ? "\(amount) before this run" : "\(amount) after this run's time"
    }

    /// Weekdays from 1 January 1970, a Thursday.
    private static let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The time zone for an identifier, cached (Foundation's lookup is not free).
    ///
    /// - Parameter identifier: An IANA name.
    /// - Returns: The zone, or UTC when unknown.
    public static func timeZone(_ identifier: String) -> TimeZone {
        zoneCache.withLock { cache in
            if let cached = cache[identifier] { return cached }
            let zone = TimeZone(identifier: identifier) ?? TimeZone(secondsFromGMT: 0) ?? .current
            cache[identifier] = zone
            return zone
        }
    }

    /// The offset of `zone` at `date` in seconds east of UTC, as
    /// `timeZone(zone).secondsFromGMT(for: date)` gives it, looked up once per zone and hour.
    ///
    /// An hour is cached only when its first and last whole seconds have the same offset: a
    /// zone changes offset at whole seconds and never twice within an hour, so the offset is
    /// then the same throughout; an hour with a change asks Foundation each time.
    ///
    /// - Parameters:
    ///   - date: An instant.
    ///   - zone: An IANA zone name.
    /// - Returns: Seconds east of UTC.
    static func secondsFromGMT(_ date: Date, zone: String) -> Int {
        let seconds = date.timeIntervalSince1970
        guard seconds.isFinite, abs(seconds) < 1e12 else { return timeZone(zone).secondsFromGMT(for: date) }
        let key = ZoneHour(zone: zone, hour: Int((seconds / 3600).rounded(.down)))
        let cached = offsetCache.value(key) {
            let timeZone = timeZone(zone)
            let start = Double(key.hour) * 3600
            let first = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: start))
            let last = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: start + 3599))
            return first == last ? first : mixedHour
        }
        return cached == mixedHour ? timeZone(zone).secondsFromGMT(for: date) : cached
    }

    /// Whole seconds since 1970, clamped to ±30,000 years first: the instant may come from a
    /// WeatherKit body, and an integer conversion must not be able to trap on it.
    private static func wholeSeconds(_ date: Date) -> Int {
        let seconds = date.timeIntervalSince1970
        guard seconds.isFinite else { return 0 }
        return Int(min(max(seconds, -1e12), 1e12).rounded(.down))
    }

    /// `HH:MM` of a wall clock given as seconds since 1970.
    private static func clock(_ seconds: Int) -> String {
        let secondOfDay = CivilCalendar.dayAndSecond(secondsSince1970: seconds).secondOfDay
        return CivilCalendar.pad(secondOfDay / 3600) + ":" + CivilCalendar.pad(secondOfDay / 60 % 60)
    }
}
