internal import FleetAirports
internal import FleetBriefing
internal import FleetHTML
internal import FleetWeather
internal import Foundation

/// An inline SVG chart of the hourly forecast around scheduled times: temperature,
/// wind and gusts, and precipitation chance, with each scheduled time marked.
enum HourlyChart {
    static let width = 520.0
    static let height = 200.0
    static let left = 34.0
    static let right = 34.0
    static let top = 14.0
    static let bottom = 24.0

    static func render(_ parent: HTMLNode, airport: Airport, weather: CellWeather?, marks: [(Date, String)]) {
        let figure = parent.element("figure")
        guard let first = marks.map(\.0).min(), let last = marks.map(\.0).max(), let weather else {
            figure.element("figcaption", text: "\(airport.code): no hourly forecast in this run's data.")
            return
        }
        let from = first.addingTimeInterval(-3 * 3600)
        let to = last.addingTimeInterval(3 * 3600)
        let hours = weather.hours(from: from, to: to).filter { $0.forecastStart != nil }
        guard hours.count >= 2, let start = hours.first?.forecastStart, let end = hours.last?.forecastStart else {
            figure.element("figcaption", text: "\(airport.code): not enough hourly forecast to chart.")
            return
        }
        let scale = Scale(start: start, end: end, hours: hours)
        let svg = figure.element(
            "svg",
            [
                ("class", "chart"), ("viewBox", "0 0 \(Int(width)) \(Int(height))"), ("role", "img"),
                ("aria-label", "Hourly forecast at \(airport.code): temperature, wind, gusts and precipitation chance"),
                ("xmlns", "http://www.w3.org/2000/svg"),
            ])
        svg.element("title", text: "Hourly forecast at \(airport.code)")
        axes(svg, scale: scale, zone: airport.timeZone)
        bars(svg, hours: hours, scale: scale)
        line(svg, hours: hours, scale: scale, cssClass: "temp") { $0.temperature.map(scale.temperatureY) }
        line(svg, hours: hours, scale: scale, cssClass: "wind") {
            $0.windSpeed.map { scale.windY(Units.knots(fromKmh: $0)) }
        }
        line(svg, hours: hours, scale: scale, cssClass: "gust") {
            $0.windGust.map { scale.windY(Units.knots(fromKmh: $0)) }
        }
        for (time, label) in marks.sorted(by: { $0.0 < $1.0 })
        where time >= start && time <= end.addingTimeInterval(3600) {
            let x = scale.x(time)
            svg.element(
                "line", [("class", "sched"), ("x1", f(x)), ("x2", f(x)), ("y1", f(top)), ("y2", f(height - bottom))])
            svg.element("text", [("class", "sched-label"), ("x", f(x + 2)), ("y", f(top + 8))], text: label)
        }
        figure.element(
            "figcaption",
            text:
                "\(airport.code) (\(airport.timeZone)): temperature °C (solid orange, left axis), wind kt (solid blue) "
                + "and gusts kt (dashed blue, right axis), precipitation chance (bars); dashed lines mark scheduled times."
        )
    }

    private static func axes(_ svg: HTMLNode, scale: Scale, zone: String) {
        for fraction in [0.0, 0.5, 1.0] {
            let y = top + (height - top - bottom) * fraction
            svg.element(
                "line", [("class", "grid"), ("x1", f(left)), ("x2", f(width - right)), ("y1", f(y)), ("y2", f(y))])
            let temperature = scale.maxTemperature - (scale.maxTemperature - scale.minTemperature) * fraction
            svg.element("text", [("x", "2"), ("y", f(y + 3))], text: Fixed.whole(temperature) + "°")
            let wind = scale.maxWind * (1 - fraction)
            svg.element("text", [("x", f(width - right + 3)), ("y", f(y + 3))], text: Fixed.whole(wind) + "kt")
        }
        var tick = scale.start
        while tick <= scale.end {
            let x = scale.x(tick)
            svg.element("text", [("x", f(x - 10)), ("y", f(height - 8))], text: Timestamp.utcClock(tick))
            tick = tick.addingTimeInterval(3 * 3600)
        }
    }

    private static func bars(_ svg: HTMLNode, hours: [HourWeather], scale: Scale) {
        let barWidth = max(2, scale.hourWidth - 2)
        for hour in hours {
            guard let start = hour.forecastStart, let chance = hour.precipitationChance, chance > 0 else { continue }
            let barHeight = (height - top - bottom) * min(1, chance)
            let from = max(left, scale.x(start) - barWidth / 2)
            let to = min(width - right, scale.x(start) + barWidth / 2)
            guard to > from else { continue }
            svg.element(
                "rect",
                [
                    ("class", "precip"), ("x", f(from)), ("y", f(height - bottom - barHeight)), ("width", f(to - from)),
                    ("height", f(barHeight)),
                ])
        }
    }

    private static func line(
        _ svg: HTMLNode, hours: [HourWeather], scale: Scale, cssClass: String, value: (HourWeather) -> Double?
    ) {
        // One polyline per run of consecutive hours: across hours that were not fetched (or
        // lack the value) a line would draw data that does not exist.
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
        for points in runs where points.count >= 2 {
            svg.element("polyline", [("class", cssClass), ("points", points.joined(separator: " "))])
        }
    }

    static func f(_ value: Double) -> String { Fixed.text(value, decimals: 1) }

    /// Maps times and values to chart coordinates.
    struct Scale {
        let start: Date
        let end: Date
        let minTemperature: Double
        let maxTemperature: Double
        let maxWind: Double

        init(start: Date, end: Date, hours: [HourWeather]) {
            self.start = start
            self.end = end
            let temperatures = hours.compactMap(\.temperature)
            let low = (temperatures.min() ?? 0).rounded(.down) - 2
            let high = (temperatures.max() ?? 10).rounded(.up) + 2
            minTemperature = low
            maxTemperature = max(high, low + 5)
            let winds = hours.flatMap { [$0.windSpeed, $0.windGust].compactMap { $0 } }.map(Units.knots(fromKmh:))
            maxWind = max(20, ((winds.max() ?? 0) / 10).rounded(.up) * 10)
        }

        var hourWidth: Double {
            let span = max(3600, end.timeIntervalSince(start))
            return (HourlyChart.width - HourlyChart.left - HourlyChart.right) * 3600 / span
        }

        func x(_ date: Date) -> Double {
            let span = max(3600, end.timeIntervalSince(start))
            let fraction = date.timeIntervalSince(start) / span
            return HourlyChart.left + (HourlyChart.width - HourlyChart.left - HourlyChart.right) * fraction
        }

        func temperatureY(_ value: Double) -> Double {
            let fraction = (maxTemperature - value) / (maxTemperature - minTemperature)
            return HourlyChart.top + (HourlyChart.height - HourlyChart.top - HourlyChart.bottom) * fraction
        }

        func windY(_ knots: Double) -> Double {
            let fraction = 1 - min(1, knots / maxWind)
            return HourlyChart.top + (HourlyChart.height - HourlyChart.top - HourlyChart.bottom) * fraction
        }
    }
}
