internal import FleetHTML
internal import Foundation

/// The time of each hour of a strip (the local day where it changes, the local hour, the UTC
/// hour) as a fragment, built once per zone and hour of a process.
///
/// It depends on nothing but the zone and the hour, so every strip of every airport in a zone
/// shares it: a strip's twelve cells spent a large share of writing a route page in building
/// these nodes and the clock texts again (docs/performance.md). A few hundred zones by the
/// hours of a run's days are a few thousand small fragments; the form with the day's name
/// (a strip's first hour, a local midnight) is made only where one is drawn.
enum StripClockCache {
    private struct Key: Hashable {
        let zone: String
        let hour: Double
        let withDay: Bool
    }

    /// One hour in one zone: its local day (``Timestamp/dayLabel(_:zone:)``) and its time,
    /// with the day's name or without it.
    struct Entry: Sendable {
        let day: String
        let clock: HTMLFragment
    }

    private static let table = SharedTable<Key, Entry>()

    /// The entry of the hour starting at `start` in `zone`, with the day's name or without,
    /// made the first time it is asked for.
    static func entry(start: Date, zone: String, withDay: Bool) -> Entry {
        table.value(Key(zone: zone, hour: start.timeIntervalSince1970, withDay: withDay)) {
            let day = Timestamp.dayLabel(start, zone: zone)
            return Entry(
                day: day,
                clock: HTMLFragment(context: "li") { draw($0, start: start, zone: zone, day: withDay ? day : nil) })
        }
    }

    /// The hour's time: `<span class="strip-time">`, with the day (`Tue 1`) when `day` is given.
    static func draw(_ item: HTMLNode, start: Date, zone: String, day: String?) {
        let clock = item.element("span", [("class", "strip-time")])
        if let day {
            clock.element(
                "span", [("class", "strip-day")],
                text: String(day.split(separator: " ").prefix(2).joined(separator: " ")))
        }
        clock.element("b", text: Timestamp.localClock(start, zone: zone))
        clock.element("span", [("class", "strip-utc")], text: String(Timestamp.utcClock(start).prefix(2)) + "Z")
    }
}
