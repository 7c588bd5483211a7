internal import FleetAirports
internal import FleetBriefing
internal import FleetHTML
internal import FleetWeather
internal import Foundation

/// Inline SVG charts of the hourly forecast around scheduled times at one end: temperature,
/// wind and gusts over a precipitation-chance band, each scheduled time marked.
///
/// One chart per local day of the end's scheduled times (a chart covers that day's times
/// ±3 h), so that a route flown on several days never draws a 30-hour axis; labels of close
/// times are grouped so that none overlaps (``groups(_:scale:)``); every axis carries its
/// unit; times are in UTC and local with dates; and the caption names only what is drawn.
enum HourlyChart {
    /// Hours charted before the first and after the last scheduled time of a day.
    static let margin: TimeInterval = 3 * 3600

    /// Adds the charts of one end in a `div.chart-end`, one `figure` per local day.
    ///
    /// - Parameters:
    ///   - parent: Where to add them.
    ///   - airport: The end's airport.
    ///   - weather: Its weather, or `nil` when the run has none.
    ///   - marks: Scheduled times with their labels (flight numbers).
    static func render(_ parent: HTMLNode, airport: Airport, weather: CellWeather?, marks: [(Date, String)]) {
        let block = parent.element("div", [("class", "chart-end")])
        guard !marks.isEmpty, let weather else {
            block.element("figure").element(
                "figcaption", text: "\(airport.code): no hourly forecast in this run's data.")
            return
        }
        for day in localDays(marks, zone: airport.timeZone) {
            chart(block.element("figure"), airport: airport, weather: weather, marks: day)
        }
    }

    /// Scheduled times split by local day, in order.
    static func localDays(_ marks: [(Date, String)], zone: String) -> [[(Date, String)]] {
        var days: [Int: [(Date, String)]] = [:]
        for mark in marks {
            let local = mark.0.timeIntervalSince1970 + Double(Timestamp.secondsFromGMT(mark.0, zone: zone))
            days[Int((local / 86400).rounded(.down)), default: []].append(mark)
        }
        return days.keys.sorted().compactMap { days[$0]?.sorted { $0.0 < $1.0 } }
    }

    private static func chart(_ figure: HTMLNode, airport: Airport, weather: CellWeather, marks: [(Date, String)]) {
        let zone = airport.timeZone
        guard let first = marks.first?.0, let last = marks.last?.0 else { return }
        let dayName = "\(airport.code), \(Timestamp.dayLabel(first, zone: zone)) local"
        let hours = Array(weather.hours(from: first - margin, to: last + margin).filter { $0.forecastStart != nil })
        guard hours.count >= 2, let firstHour = hours.first?.forecastStart, let lastHour = hours.last?.forecastStart
        else {
            figure.element("figcaption", text: "\(dayName): not enough hourly forecast to chart.")
            return
        }
        let start = min(firstHour, first)
        let end = max(lastHour, last)
        // Laid out once to learn how many label rows the marks need, then drawn in that frame
        // (the rows do not change the chart's width, so the grouping holds).
        let probe = Scale(start: start, end: end, hours: hours, frame: Frame(markRows: maxMarkRows))
        let rows = (groups(marks, scale: probe).map(\.row).max() ?? 0) + 1
        let frame = Frame(markRows: rows)
        let scale = Scale(start: start, end: end, hours: hours, frame: frame)
        let markGroups = groups(marks, scale: scale)
        let svg = figure.element(
            "svg",
            [
                ("class", "chart"), ("viewBox", "0 0 \(f(Frame.width)) \(f(frame.height))"), ("role", "img"),
                ("aria-label", "Hourly forecast at \(dayName): temperature, wind, gusts and precipitation chance"),
                ("xmlns", "http://www.w3.org/2000/svg"),
            ])
        svg.element("title", text: "Hourly forecast at \(dayName)")
        valueAxes(svg, scale: scale)
        timeAxes(svg, scale: scale, zone: zone)
        let midnight = dateAxis(svg, scale: scale, zone: zone)
        let drawnBars = bars(svg, hours: hours, scale: scale)
        var drawn: Set<String> = []
        var points = false
        for (cssClass, value) in [
            ("temp", { (hour: HourWeather) in hour.temperature.map(scale.temperatureY) }),
            ("wind", { $0.windSpeed.map { scale.windY(Units.knots(fromKmh: $0)) } }),
            ("gust", { $0.windGust.map { scale.windY(Units.knots(fromKmh: $0)) } }),
        ] {
            let result = line(svg, hours: hours, scale: scale, cssClass: cssClass, value: value)
            if result.line || result.points { drawn.insert(cssClass) }
            points = points || result.points
        }
        drawMarks(svg, groups: markGroups, scale: scale, zone: zone)
        figure.element(
            "figcaption",
            text: caption(
                dayName: dayName, zone: zone, drawn: drawn, points: points, bars: drawnBars, midnight: midnight,
                grouped: markGroups.contains { $0.marks.count > 1 }, marks: marks, scale: scale))
    }

    /// The caption: what each line, bar and mark means (only those drawn), the times shown
    /// and every scheduled time charted, so that print and screen readers get all of it.
    private static func caption(
        dayName: String, zone: String, drawn: Set<String>, points: Bool, bars: Bool, midnight: Bool, grouped: Bool,
        marks: [(Date, String)], scale: Scale
    ) -> String {
        var parts: [String] = []
        if drawn.contains("temp") { parts.append("temperature °C: solid orange line, left scale") }
        if drawn.contains("wind") { parts.append("wind kt: solid blue line, right scale") }
        if drawn.contains("gust") { parts.append("gusts kt: dotted blue line, right scale") }
        if points { parts.append("a lone hour: a dot of its line's colour, hollow for gusts") }
        parts.append(
            bars
                ? "precipitation chance %: bars in the lower band, its own scale"
                : "precipitation chance %: lower band, none forecast")
        parts.append(
            "scheduled times: solid vertical lines labelled with the flight"
                + (grouped ? " (flights close in time share one label, \"+n\" counting the others)" : ""))
        if midnight { parts.append("dashed line: local midnight") }
        let scheduled = marks.map { "\($0.1) \(Timestamp.utcClock($0.0)) (\(Timestamp.localClock($0.0, zone: zone)))" }
        return "\(dayName) (\(zone)): " + parts.joined(separator: "; ")
            + ". Times in UTC (upper row) and local (lower row), from \(Timestamp.utcAndLocal(scale.start, zone: zone)) to \(Timestamp.utcAndLocal(scale.end, zone: zone)). "
            + "Scheduled: " + scheduled.joined(separator: ", ") + "."
    }

    /// Precipitation chance as bars in the band under the plot.
    ///
    /// - Returns: Whether any bar was drawn.
    private static func bars(_ svg: HTMLNode, hours: [HourWeather], scale: Scale) -> Bool {
        let frame = scale.frame
        let barWidth = max(2, scale.hourWidth - 2)
        var drawn = false
        for hour in hours {
            guard let start = hour.forecastStart, let chance = hour.precipitationChance, chance > 0 else { continue }
            let from = max(frame.plotLeft, scale.x(start) - barWidth / 2)
            let to = min(frame.plotRight, scale.x(start) + barWidth / 2)
            guard to > from else { continue }
            let top = scale.precipY(chance)
            svg.element(
                "rect",
                [
                    ("class", "precip"), ("x", f(from)), ("y", f(top)), ("width", f(to - from)),
                    ("height", f(frame.precipBottom - top)),
                ])
            drawn = true
        }
        return drawn
    }

    /// One polyline per run of consecutive hours: across hours that were not fetched (or
    /// lack the value) a line would draw data that does not exist.
    ///
    /// - Returns: Whether a line and whether a lone-hour dot was drawn.
    private static func line(
        _ svg: HTMLNode, hours: [HourWeather], scale: Scale, cssClass: String, value: (HourWeather) -> Double?
    ) -> (line: Bool, points: Bool) {
        var runs: [[String]] = [[]]
        var previous: Date?
        for hour in hours {
            guard let start = hour.forecastStart, let y = value(hour) else {
                runs.append([])
                continue
            }
            if let previous, start.timeIntervalSince(previous) > 3600 { runs.append([]) }
            runs[runs.count - 1].append("\(f(scale.x(start))),\(f(y))")
            previous = start
        }
        for points in runs where !points.isEmpty {
            if points.count >= 2 {
                svg.element("polyline", [("class", cssClass), ("points", points.joined(separator: " "))])
            } else if let point = points.first?.split(separator: ","), point.count == 2 {
                // A lone hour (a gust between calm hours) is a dot: no line joins it, and
                // leaving it out would hide it.
                svg.element(
                    "circle",
                    [
                        ("class", "point point-\(cssClass)"), ("cx", String(point[0])), ("cy", String(point[1])),
                        ("r", "2.5"),
                    ])
            }
        }
        return (runs.contains { $0.count >= 2 }, runs.contains { $0.count == 1 })
    }

    static func f(_ value: Double) -> String { Fixed.text(value, decimals: 1) }
}
