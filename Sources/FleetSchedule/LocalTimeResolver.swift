internal import Foundation

/// Turns local wall-clock times into instants in an airport's IANA time zone.
///
/// Why not `Calendar.date(from:)`: around DST changes it silently picks an instant for a
/// time that does not exist and does not say when a time happens twice, and a schedule must
/// reject the first and warn about the second. Instead the wall time is read as if it were
/// UTC (`W`); each UTC offset the zone uses within a day of `W` gives a candidate `W − offset`,
/// which is real only if the zone really has that offset at that instant. No real candidate
/// means the clocks skipped the time; two mean it happened twice.
///
/// `TimeZone` objects are cached per identifier, since a schedule repeats a few zones.
struct LocalTimeResolver {
    /// Where a wall-clock time falls in a zone.
    enum Resolution: Equatable {
        /// Exactly one instant (seconds since 1970).
        case instant(Double)
        /// The time happened twice (clocks went back): both instants, and the earlier one's offset.
        case ambiguous(earlier: Double, later: Double, earlierOffset: Int)
        /// The clocks jumped over the time, from one offset to another.
        case gap(offsetBefore: Int, offsetAfter: Int)
        /// Foundation does not know the zone identifier.
        case unknownZone
    }

    private var zones: [String: TimeZone] = [:]
    private var unknownZones: Set<String> = []

    /// Places a wall-clock time in a zone.
    ///
    /// - Parameters:
    ///   - wall: The time as on the clock, already checked to be a real calendar time.
    ///   - identifier: An IANA zone name (`America/New_York`).
    /// - Returns: Where the time falls.
    mutating func resolve(_ wall: WallClock, zone identifier: String) -> Resolution {
        guard let zone = zone(identifier) else { return .unknownZone }
        let asIfUTC = wall.secondsAsIfUTC
        var offsets: [Int] = []
        for probe in [asIfUTC - 86_400, asIfUTC, asIfUTC + 86_400] {
            let offset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(probe)))
            if !offsets.contains(offset) { offsets.append(offset) }
        }
        let valid = offsets.filter { offset in
            zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(asIfUTC - offset))) == offset
        }
        .sorted(by: >)  // a larger offset means an earlier instant
        guard let first = valid.first, let last = valid.last else {
            let before = zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(asIfUTC - 86_400)))
            let after = zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(asIfUTC + 86_400)))
            return .gap(offsetBefore: before, offsetAfter: after)
        }
        let earlier = Double(asIfUTC - first) + wall.fraction
        if first == last { return .instant(earlier) }
        return .ambiguous(earlier: earlier, later: Double(asIfUTC - last) + wall.fraction, earlierOffset: first)
    }

    private mutating func zone(_ identifier: String) -> TimeZone? {
        if let cached = zones[identifier] { return cached }
        if unknownZones.contains(identifier) { return nil }
        guard !identifier.isEmpty, let zone = TimeZone(identifier: identifier) else {
            unknownZones.insert(identifier)
            return nil
        }
        zones[identifier] = zone
        return zone
    }
}
