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
    static func render(_ parent: HTMLNode, _ end: EndBriefing) {
        let zone = end.airport.timeZone
        let line = parent.element("p", [("class", "daily")])
        guard let day = end.day else {
            line.element("span", [("class", "day")], text: "\(Timestamp.dayLabel(end.time, zone: zone)) (local): ")
            line.element("span", [("class", "no-data")], text: "no daily forecast in this run's data.")
            return
        }
        line.element("span", [("class", "day")], text: "\(Timestamp.dayLabel(end.time, zone: zone)) (local): ")
        line.text(parts(day, zone: zone).joined(separator: " · "))
        if let dark = end.isDark {
            line.text(" · ")
            line.element(
                "span", [("class", dark ? "dark" : "light")],
                text: dark ? "scheduled time in darkness" : "scheduled time in daylight")
        }
    }

    /// The outlook's facts in order; an absent value says so rather than leaving a gap.
    static func parts(_ day: DayWeather, zone: String) -> [String] {
        var parts: [String] = []
        parts.append(
            "H " + (day.temperatureMax.map { Fixed.whole($0) + "°" } ?? "n/a") + " L "
                + (day.temperatureMin.map { Fixed.whole($0) + "°" } ?? "n/a"))
        if let chance = day.precipitationChance {
            var text = "precipitation " + Fixed.whole(chance * 100) + "%"
            if let type = day.precipitationType, type != .clear, chance > 0 { text += " " + type.token }
            parts.append(text)
        }
        switch (day.sunrise, day.sunset) {
        case (let sunrise?, let sunset?):
            parts.append("sunrise \(Timestamp.localClock(sunrise, zone: zone)) · sunset \(Timestamp.localClock(sunset, zone: zone)) local")
        case (let sunrise?, nil): parts.append("sunrise \(Timestamp.localClock(sunrise, zone: zone)) local, no sunset")
        case (nil, let sunset?): parts.append("no sunrise, sunset \(Timestamp.localClock(sunset, zone: zone)) local")
        case (nil, nil): parts.append("no sunrise or sunset this day")
        }
        return parts
    }
}
