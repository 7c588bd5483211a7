internal import FleetAirports
internal import FleetBriefing
internal import FleetHTML
internal import FleetWeather
internal import Foundation

/// The daily outlook of the local day of a scheduled time, from `forecastDaily`: high and low
/// (`H 8° L -2°`), precipitation chance, sunrise and sunset in local time, and whether the
/// scheduled time is in darkness.
enum DailyOutlook {
    /// Renders the outlook line.
    ///
    /// - Parameters:
    ///   - parent: The card.
    ///   - end: The end, with its day.
    ///   - flights: The flights sharing the card with their ends, when there are several: each
    ///     is said to be in darkness or daylight, since one may leave before sunrise and the next
    ///     after it.
    static func render(_ parent: HTMLNode, _ end: EndBriefing, flights: [(number: String, end: EndBriefing)] = []) {
        let zone = end.airport.timeZone
        guard let line = line(parent, Timestamp.dayLabel(end.time, zone: zone), end.day, zone: zone) else { return }
        let darkness = flights.count > 1 ? flights.map { ($0.number + " ", $0.end.isDark) } : [("", end.isDark)]
        let known = darkness.compactMap { $0.1 }
        if known.count == darkness.count, let first = known.first, known.allSatisfy({ $0 == first }) {
            line.text(" · ")
            let times = darkness.count > 1 ? "scheduled times" : "scheduled time"
            line.element(
                "span", [("class", first ? "dark" : "light")], text: "\(times) in \(first ? "darkness" : "daylight")")
        } else {
            for (number, dark) in darkness {
                guard let dark else { continue }
                line.text(" · ")
                line.element(
                    "span", [("class", dark ? "dark" : "light")], text: number + (dark ? "in darkness" : "in daylight"))
            }
        }
    }

    /// One day's outlook line, `Tue 1 Dec (local): H 8° L -2° · precipitation 20% · sunrise …`,
    /// or the day's label and that the data has no daily forecast.
    ///
    /// - Parameters:
    ///   - parent: The card.
    ///   - label: The local day (``Timestamp/dayLabel(_:zone:)``).
    ///   - day: The day's forecast, `nil` when the data lacks it.
    ///   - zone: The airport's time zone, for sunrise and sunset.
    /// - Returns: The line, for more facts after the day's, or `nil` without a forecast.
    @discardableResult
    static func line(_ parent: HTMLNode, _ label: String, _ day: DayWeather?, zone: String) -> HTMLNode? {
        let line = parent.element("p", [("class", "daily")])
        line.element("span", [("class", "day")], text: "\(label) (local): ")
        guard let day else {
            line.element("span", [("class", "no-data")], text: "no daily forecast in this run's data.")
            return nil
        }
        line.text(parts(day, zone: zone).joined(separator: " · "))
        return line
    }

    /// The short form for a table cell: `H 8° L -2° · dark`, or nothing when the day is not in
    /// the data (the cell already says what is missing).
    static func compact(_ parent: HTMLNode, _ end: EndBriefing) {
        guard let day = end.day else { return }
        var text = "Day " + highLow(day)
        if let dark = end.isDark { text += dark ? " · dark" : " · daylight" }
        parent.element("span", [("class", "daily-compact")], text: text)
    }

    /// `H 8° L -2°`: the day's high and low, rounded; `n/a` for one the data lacks.
    static func highLow(_ day: DayWeather) -> String {
        "H " + (day.temperatureMax.map { Fixed.whole($0) + "°" } ?? "n/a") + " L "
            + (day.temperatureMin.map { Fixed.whole($0) + "°" } ?? "n/a")
    }

    /// The outlook's facts in order; an absent value says so rather than leaving a gap.
    static func parts(_ day: DayWeather, zone: String) -> [String] {
        var parts: [String] = []
        parts.append(highLow(day))
        if let chance = day.precipitationChance {
            var text = "precipitation " + Fixed.whole(chance * 100) + "%"
            if let type = day.precipitationType, type != .clear, chance > 0 { text += " " + type.token }
            parts.append(text)
        }
        switch (day.sunrise, day.sunset) {
        case (let sunrise?, let sunset?):
            parts.append(
                "sunrise \(Timestamp.localClock(sunrise, zone: zone)) · sunset \(Timestamp.localClock(sunset, zone: zone)) local"
            )
        case (let sunrise?, nil): parts.append("sunrise \(Timestamp.localClock(sunrise, zone: zone)) local, no sunset")
        case (nil, let sunset?): parts.append("no sunrise, sunset \(Timestamp.localClock(sunset, zone: zone)) local")
        case (nil, nil): parts.append("no sunrise or sunset this day")
        }
        return parts
    }
}
