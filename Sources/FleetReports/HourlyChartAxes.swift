internal import FleetHTML
internal import FleetWeather
internal import Foundation

extension HourlyChart {
    /// The value scales: °C on the left and kt on the right of the plot, % on the left of the
    /// precipitation band under it, each with its unit in every label.
    static func valueAxes(_ svg: HTMLNode, scale: Scale) {
        let frame = scale.frame
        for fraction in [0.0, 0.5, 1.0] {
            let y = frame.plotTop + Frame.plotHeight * fraction
            svg.element(
                "line",
                [("class", "grid"), ("x1", f(frame.plotLeft)), ("x2", f(frame.plotRight)), ("y1", f(y)), ("y2", f(y))])
            let temperature = scale.maxTemperature - (scale.maxTemperature - scale.minTemperature) * fraction
            text(svg, frame.plotLeft - 4, y + 4, Fixed.whole(temperature) + "°C", anchor: "end", cssClass: "axis-temp")
            text(
                svg, frame.plotRight + 4, y + 4, Fixed.whole(scale.maxWind * (1 - fraction)) + "kt",
                cssClass: "axis-wind")
        }
        for chance in [1.0, 0.5, 0.0] {
            let y = scale.precipY(chance)
            svg.element(
                "line",
                [("class", "grid"), ("x1", f(frame.plotLeft)), ("x2", f(frame.plotRight)), ("y1", f(y)), ("y2", f(y))])
            text(
                svg, frame.plotLeft - 4, y + 4, Fixed.whole(chance * 100) + "%", anchor: "end", cssClass: "axis-precip")
        }
    }

    /// A local tick label: `07` on a whole local hour, `11:45` where the offset is not whole.
    static func localTick(_ date: Date, zone: String) -> String {
        let clock = Timestamp.localClock(date, zone: zone)
        return clock.hasSuffix(":00") ? String(clock.prefix(2)) : clock
    }

    /// Two rows of time ticks at the same instants, UTC (`06Z`) over local (`07`), each row
    /// named in the left margin, with a faint line up through the plot at each tick. The
    /// step (1–12 h) is the smallest at which the widest label fits between two ticks.
    static func timeAxes(_ svg: HTMLNode, scale: Scale, zone: String) {
        let frame = scale.frame
        text(svg, frame.plotLeft - 4, frame.utcRow, "UTC", anchor: "end", cssClass: "axis-title")
        text(svg, frame.plotLeft - 4, frame.localRow, "local", anchor: "end", cssClass: "axis-title")
        let firstHour = (scale.start.timeIntervalSince1970 / 3600).rounded(.up) * 3600
        let hours = stride(from: firstHour, through: scale.end.timeIntervalSince1970, by: 3600).map {
            Date(timeIntervalSince1970: $0)
        }
        // Each hour's local label made once: the widest sets the step, then the ticks use them.
        let ticks = hours.map { localTick($0, zone: zone) }
        let widest = ticks.map { Frame.textWidth($0) }.max() ?? Frame.textWidth("00Z")
        let step =
            [1, 2, 3, 4, 6, 12].first { Double($0) * scale.hourWidth >= max(widest, Frame.textWidth("00Z")) + 6 } ?? 24
        for (hour, tick) in zip(hours, ticks) where Int(hour.timeIntervalSince1970 / 3600) % step == 0 {
            let x = scale.x(hour)
            let half = max(Frame.textWidth(tick), Frame.textWidth("00Z")) / 2
            guard x - half >= frame.plotLeft - 2, x + half <= Frame.width - 1 else { continue }
            svg.element(
                "line",
                [
                    ("class", "grid-v"), ("x1", f(x)), ("x2", f(x)), ("y1", f(frame.plotTop)),
                    ("y2", f(frame.precipBottom)),
                ])
            text(svg, x, frame.utcRow, String(Timestamp.utcClock(hour).prefix(2)) + "Z", anchor: "middle")
            text(svg, x, frame.localRow, tick, anchor: "middle")
        }
    }

    /// The local date under the time rows: the chart's first local day at its left edge and
    /// each new local day at its midnight, where a dashed line crosses the chart. Where two
    /// dates would overlap the later one stays.
    ///
    /// - Returns: Whether a midnight line was drawn (the caption says so only then).
    @discardableResult
    static func dateAxis(_ svg: HTMLNode, scale: Scale, zone: String) -> Bool {
        let frame = scale.frame
        var labels: [(x: Double, text: String)] = [(frame.plotLeft, Timestamp.dayLabel(scale.start, zone: zone))]
        var midnight = false
        for midnightDate in localMidnights(from: scale.start, to: scale.end, zone: zone) {
            let x = scale.x(midnightDate)
            midnight = true
            svg.element(
                "line",
                [
                    ("class", "midnight"), ("x1", f(x)), ("x2", f(x)), ("y1", f(frame.plotTop)),
                    ("y2", f(frame.dateRow - 10)),
                ])
            let label = Timestamp.dayLabel(midnightDate, zone: zone)
            let start = min(x + 2, Frame.width - 1 - Frame.textWidth(label))
            if let previous = labels.last, previous.x + Frame.textWidth(previous.text) + 6 > start {
                labels.removeLast()
            }
            labels.append((start, label))
        }
        for label in labels { text(svg, label.x, frame.dateRow, label.text, cssClass: "axis-date") }
        return midnight
    }

    /// Local midnights in `(from, to]`, found hour by hour (zones change offset, and some
    /// are not whole hours: the local clock is read at each candidate).
    static func localMidnights(from: Date, to: Date, zone: String) -> [Date] {
        var found: [Date] = []
        // Days compared as numbers: a quarter hour apart they differ by at most one, and then
        // their labels differ too.
        var previous = Timestamp.localDay(from, zone: zone)
        var minute = (from.timeIntervalSince1970 / 900).rounded(.down) * 900 + 900
        while minute <= to.timeIntervalSince1970 {
            let date = Date(timeIntervalSince1970: minute)
            let day = Timestamp.localDay(date, zone: zone)
            if day != previous { found.append(date) }
            previous = day
            minute += 900
        }
        return found
    }
}
