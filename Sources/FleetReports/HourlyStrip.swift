internal import FleetAirports
internal import FleetBriefing
internal import FleetHTML
internal import FleetWeather
internal import Foundation

/// The hourly strip of one end (issue 11 item 6): twelve hours around a scheduled time, each
/// with its local hour (the UTC hour under it), condition icon, temperature, wind and gust, and
/// precipitation chance, the scheduled hour marked in text as well as style.
///
/// The twelve hours are the hour containing the scheduled time, the 5 before it and the 6
/// after it (WeatherKit's hours start on whole UTC hours, also where the local offset is not
/// whole, as at Kathmandu, +5:45). An hour the data lacks says "no data" in its cell: an
/// empty cell would read as a quiet hour.
enum HourlyStrip {
    /// Hours shown before the scheduled hour.
    static let hoursBefore = 5
    /// Hours shown after the scheduled hour.
    static let hoursAfter = 6

    /// The starts of the twelve hours around `time`, oldest first.
    static func hourStarts(around time: Date) -> [Date] {
        let scheduled = (time.timeIntervalSince1970 / 3600).rounded(.down) * 3600
        return (-hoursBefore...hoursAfter).map { Date(timeIntervalSince1970: scheduled + Double($0) * 3600) }
    }

    /// Adds the strip: a caption and an ordered list of twelve hours.
    ///
    /// - Parameters:
    ///   - parent: Where to add it.
    ///   - time: The scheduled time.
    ///   - airport: The end's airport (its zone gives the local hours).
    ///   - weather: The end's weather, or `nil` when the run has none.
    ///   - values: The run's cache of hour values, if the page has one.
    static func render(
        _ parent: HTMLNode, time: Date, airport: Airport, weather: CellWeather?, values: StripValueCache? = nil
    ) {
        let zone = airport.timeZone
        let starts = hourStarts(around: time)
        let block = parent.element("div", [("class", "hourly-strip")])
        let first = starts[0]
        let last = starts[starts.count - 1]
        block.element(
            "p", [("class", "strip-caption")],
            text: "\(airport.code), \(Timestamp.dayLabel(first, zone: zone)) "
                + "\(Timestamp.localClock(first, zone: zone))–\(Timestamp.localClock(last, zone: zone)) local "
                + "(\(Timestamp.utcClock(first))–\(Timestamp.utcClock(last))): local hour over UTC hour, "
                + "condition, °C, wind kt (G gust), precipitation chance. Scheduled: "
                + "\(Timestamp.localClock(time, zone: zone)) local, \(Timestamp.utcClock(time)) (sched.).")
        let list = block.element(
            "ol", [("class", "strip"), ("aria-label", "Hourly forecast at \(airport.code) around the scheduled time")])
        var previousDay: String?
        for (index, start) in starts.enumerated() {
            let isScheduled = index == hoursBefore
            hourCell(
                list, start: start, zone: zone, weather: weather, previousDay: &previousDay,
                mark: isScheduled ? (text: "sched.", extraClass: " strip-sched") : nil, isCurrent: isScheduled,
                values: values.map { ($0, airport.code) })
        }
    }

    /// One hour of a strip: its local hour over its UTC hour (the day named where it changes),
    /// then its values, or "no data".
    ///
    /// - Parameters:
    ///   - list: The strip.
    ///   - start: The hour's start.
    ///   - zone: The airport's zone.
    ///   - weather: The end's weather.
    ///   - previousDay: The local day of the cell before, updated.
    ///   - mark: For a marked hour (the scheduled one, an hour with flights), the word shown and
    ///     the class added.
    ///   - isCurrent: Whether the hour is the strip's one current time (`aria-current`), as the
    ///     scheduled hour of an end's strip is.
    ///   - values: The run's cache of hour values and the airport's code, if the page has one.
    static func hourCell(
        _ list: HTMLNode, start: Date, zone: String, weather: CellWeather?, previousDay: inout String?,
        mark: (text: String, extraClass: String)?, isCurrent: Bool = false,
        values cache: (StripValueCache, String)? = nil
    ) {
        // The hour is looked up first: a missing hour's class is on its start tag, written
        // before its children.
        let found = weather?.hour(containing: start).flatMap { $0.forecastStart == start ? $0 : nil }
        let itemClass = "strip-hour" + (mark?.extraClass ?? "") + (found == nil ? " strip-missing" : "")
        let item = list.element(
            "li", isCurrent ? [("class", itemClass), ("aria-current", "time")] : [("class", itemClass)])
        let plain = StripClockCache.entry(start: start, zone: zone, withDay: false)
        let showDay = plain.day != previousDay
        item.append(showDay ? StripClockCache.entry(start: start, zone: zone, withDay: true).clock : plain.clock)
        previousDay = plain.day
        if let mark { item.element("span", [("class", "strip-mark")], text: mark.text) }
        guard let hour = found else {
            item.element("span", [("class", "strip-nodata")], text: "no data")
            return
        }
        if let (cache, airport) = cache {
            item.append(
                cache.value(StripHour(airport: airport, start: start)) {
                    HTMLFragment(context: "li") { values($0, hour) }
                })
        } else {
            values(item, hour)
        }
    }

    /// The values of one hour; a value the hour lacks says "n/a".
    private static func values(_ item: HTMLNode, _ hour: HourWeather) {
        ConditionIcons.icon(item, hour.conditionCode)
        item.element(
            "span", [("class", "strip-temp")], text: hour.temperature.map { Fixed.whole($0) + " °C" } ?? "n/a °C")
        let wind = item.element("span", [("class", "strip-wind")])
        if let speed = hour.windSpeed {
            let knots = Units.knots(fromKmh: speed)
            wind.text(Fixed.whole(knots) + " kt")
            // As PageKit.wind: a gust is named when it is at least 5 kt over the mean wind.
            if let gust = hour.windGust, Units.knots(fromKmh: gust) >= knots + 5 {
                wind.element("span", [("class", "strip-gust")], text: "G" + Fixed.whole(Units.knots(fromKmh: gust)))
            }
        } else {
            wind.text("wind n/a")
        }
        item.element(
            "span", [("class", "strip-pop")],
            text: hour.precipitationChance.map { Fixed.whole($0 * 100) + "%" } ?? "n/a %")
    }
}
