internal import FleetAirports
internal import FleetHTML
internal import FleetPlan
internal import FleetWeather
internal import Foundation

/// The hourly strip over a span of hours rather than around one time: a station page's strip
/// runs from the first to the last scheduled hour of its flight ends, each hour with flights
/// marked with how many, so a hub's morning bank and its evening storm read in one row.
extension HourlyStrip {
    /// The most hours a range strip shows: two days, the span a run briefs. A schedule that
    /// spans longer keeps its strip (and its page) small and says where it stops.
    static let maximumRangeHours = 48

    /// The hour starts from the hour holding `first` to the hour holding `last`, at most
    /// ``maximumRangeHours`` of them.
    static func hourStarts(from first: Date, through last: Date) -> [Date] {
        let start = (first.timeIntervalSince1970 / 3600).rounded(.down)
        let end = max(start, (last.timeIntervalSince1970 / 3600).rounded(.down))
        let count = min(Int(end - start) + 1, maximumRangeHours)
        return (0..<count).map { Date(timeIntervalSince1970: (start + Double($0)) * 3600) }
    }

    /// Adds a strip over the hours of `times`: a caption, then one cell per hour from the first
    /// time's hour to the last's (capped), the hours holding times marked with their count.
    ///
    /// - Parameters:
    ///   - parent: Where to add it.
    ///   - times: The scheduled times (any order; none renders nothing).
    ///   - airport: The station (its zone gives the local hours).
    ///   - weather: Its weather, or `nil` when the run has none.
    ///   - values: The run's cache of hour values, if the page has one.
    static func render(
        _ parent: HTMLNode, spanning times: [Date], airport: Airport, weather: CellWeather?,
        values: StripValueCache? = nil
    ) {
        guard let earliest = times.min(), let latest = times.max() else { return }
        let zone = airport.timeZone
        let starts = hourStarts(from: earliest, through: latest)
        var counts: [Date: Int] = [:]
        for time in times { counts[TimeMath.floorHour(time), default: 0] += 1 }
        let first = starts[0]
        let last = starts[starts.count - 1]
        let block = parent.element("div", [("class", "hourly-strip strip-range")])
        var caption =
            "\(airport.code), \(Timestamp.dayLabel(first, zone: zone)) \(Timestamp.localClock(first, zone: zone)) – "
            + "\(Timestamp.dayLabel(last, zone: zone)) \(Timestamp.localClock(last, zone: zone)) local "
            + "(\(Timestamp.dayLabel(first)) \(Timestamp.utcClock(first)) – \(Timestamp.dayLabel(last)) "
            + "\(Timestamp.utcClock(last))), the hours its flights use: local hour "
            + "over UTC hour, condition, °C, wind kt (G gust), precipitation chance; an hour with flights here "
            + "says how many."
        let lastShown = last.addingTimeInterval(3600)
        let beyond = times.count(where: { $0 >= lastShown })
        if beyond > 0 {
            caption +=
                " Only the first \(maximumRangeHours) hours are shown: \(beyond) later flight time(s), "
                + "from \(Timestamp.dayLabel(lastShown)) \(Timestamp.utcClock(lastShown)), are on the boards below."
        }
        block.element("p", [("class", "strip-caption")], text: caption)
        let list = block.element(
            "ol", [("class", "strip"), ("aria-label", "Hourly forecast at \(airport.code) over its flights' hours")])
        var previousDay: String?
        for start in starts {
            let count = counts[start] ?? 0
            hourCell(
                list, start: start, zone: zone, weather: weather, previousDay: &previousDay,
                mark: count > 0 ? (text: count == 1 ? "1 flight" : "\(count) flights", extraClass: " strip-busy") : nil,
                values: values.map { ($0, airport.code) })
        }
    }
}
