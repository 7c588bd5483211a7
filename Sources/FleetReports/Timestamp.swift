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

    /// `2026-12-01T13:05:00Z`.
    ///
    /// - Parameter date: An instant.
    /// - Returns: The UTC text.
    public static func utc(_ date: Date) -> String {
        format(seconds: Int(date.timeIntervalSince1970.rounded(.down)), offset: 0, utc: true)
    }

    /// `2026-12-01T08:05:00-05:00` in an IANA zone (UTC when the zone is unknown).
    ///
    /// - Parameters:
    ///   - date: An instant.
    ///   - zone: An IANA zone name.
    /// - Returns: The local text with its offset.
    public static func local(_ date: Date, zone: String) -> String {
        let offset = timeZone(zone).secondsFromGMT(for: date)
        return format(seconds: Int(date.timeIntervalSince1970.rounded(.down)), offset: offset, utc: false)
    }

    /// `13:05Z`.
    ///
    /// - Parameter date: An instant.
    /// - Returns: Hours and minutes in UTC.
    public static func utcClock(_ date: Date) -> String {
        let text = utc(date)
        let start = text.index(text.startIndex, offsetBy: 11)
        return String(text[start..<text.index(start, offsetBy: 5)]) + "Z"
    }

    /// `08:05` local time.
    ///
    /// - Parameters:
    ///   - date: An instant.
    ///   - zone: An IANA zone name.
    /// - Returns: Hours and minutes, local.
    public static func localClock(_ date: Date, zone: String) -> String {
        let text = local(date, zone: zone)
        let start = text.index(text.startIndex, offsetBy: 11)
        return String(text[start..<text.index(start, offsetBy: 5)])
    }

    /// `Tue 1 Dec` in the given zone, for grouping in pages.
    ///
    /// - Parameters:
    ///   - date: An instant.
    ///   - zone: An IANA zone name, or `UTC`.
    /// - Returns: A short day label.
    public static func dayLabel(_ date: Date, zone: String = "UTC") -> String {
        let offset = zone == "UTC" ? 0 : timeZone(zone).secondsFromGMT(for: date)
        let seconds = Int(date.timeIntervalSince1970.rounded(.down)) + offset
        let days = floorDiv(seconds, 86_400)
        let (_, month, day) = CivilCalendar.date(daysSince1970: days)
        let weekday = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"][((days % 7) + 7) % 7]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return "\(weekday) \(day) \(months[month - 1])"
    }

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

    private static func format(seconds: Int, offset: Int, utc: Bool) -> String {
        let local = seconds + offset
        let days = floorDiv(local, 86_400)
        let secondOfDay = local - days * 86_400
        let (year, month, day) = CivilCalendar.date(daysSince1970: days)
        var text = "\(CivilCalendar.pad(year, 4))-\(CivilCalendar.pad(month))-\(CivilCalendar.pad(day))T"
        text +=
            "\(CivilCalendar.pad(secondOfDay / 3600)):\(CivilCalendar.pad(secondOfDay / 60 % 60)):\(CivilCalendar.pad(secondOfDay % 60))"
        if utc { return text + "Z" }
        let sign = offset < 0 ? "-" : "+"
        let magnitude = abs(offset)
        return text + "\(sign)\(CivilCalendar.pad(magnitude / 3600)):\(CivilCalendar.pad(magnitude / 60 % 60))"
    }

    private static func floorDiv(_ value: Int, _ divisor: Int) -> Int {
        value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
    }

}
