internal import FleetBriefing
internal import FleetWeather
internal import Foundation

extension HourlyChart {
    /// The chart's frame in SVG user units.
    ///
    /// Why so narrow a viewBox (360 wide, 12-unit text): the figure is drawn at the width of
    /// its column, so text shrinks with it; at a 390 px viewport the column is about 342 px,
    /// which keeps 12-unit text at 11 px or more (the old 520-unit chart rendered 6.5 px text).
    /// Templates/style.css caps the figure's width so that text stays moderate on a desktop.
    struct Frame {
        static let width = 360.0
        static let left = 40.0
        static let right = 40.0
        static let font = 12.0
        static let rowStep = 14.0
        static let plotHeight = 110.0
        static let precipHeight = 40.0
        /// Width used for laying text out: a little more than the 0.6 em average, as mark
        /// labels are bold.
        static func textWidth(_ text: String) -> Double { Double(text.count) * font * 0.66 }

        /// Rows of scheduled-time labels above the plot.
        let markRows: Int
        var plotTop: Double { Self.rowStep * Double(markRows) + 9 }
        var plotBottom: Double { plotTop + Self.plotHeight }
        var precipTop: Double { plotBottom + 16 }
        var precipBottom: Double { precipTop + Self.precipHeight }
        var utcRow: Double { precipBottom + 19 }
        var localRow: Double { utcRow + Self.rowStep }
        var dateRow: Double { localRow + Self.rowStep }
        var height: Double { dateRow + 6 }
        var plotLeft: Double { Self.left }
        var plotRight: Double { Self.width - Self.right }

        /// The baseline of mark-label row `row`, 0 being the one next to the plot.
        func markBaseline(_ row: Int) -> Double { plotTop - 11 - Self.rowStep * Double(row) }
    }

    /// Maps times and values to chart coordinates.
    struct Scale {
        let start: Date
        let end: Date
        let minTemperature: Double
        let maxTemperature: Double
        let maxWind: Double
        let frame: Frame

        init(start: Date, end: Date, hours: [HourWeather], frame: Frame) {
            self.start = start
            self.end = end
            self.frame = frame
            let temperatures = hours.compactMap(\.temperature)
            let low = (temperatures.min() ?? 0).rounded(.down) - 2
            var high = max((temperatures.max() ?? 10).rounded(.up) + 2, low + 6)
            // An even span puts the middle tick on a whole degree: its label is then exact.
            if Int(high - low) % 2 != 0 { high += 1 }
            minTemperature = low
            maxTemperature = high
            let winds = hours.flatMap { [$0.windSpeed, $0.windGust].compactMap { $0 } }.map(Units.knots(fromKmh:))
            maxWind = max(20, ((winds.max() ?? 0) / 10).rounded(.up) * 10)
        }

        var span: TimeInterval { max(3600, end.timeIntervalSince(start)) }

        var hourWidth: Double { (frame.plotRight - frame.plotLeft) * 3600 / span }

        func x(_ date: Date) -> Double {
            frame.plotLeft + (frame.plotRight - frame.plotLeft) * date.timeIntervalSince(start) / span
        }

        func temperatureY(_ value: Double) -> Double {
            let fraction = (maxTemperature - value) / (maxTemperature - minTemperature)
            return frame.plotTop + Frame.plotHeight * fraction
        }

        func windY(_ knots: Double) -> Double {
            frame.plotTop + Frame.plotHeight * (1 - min(1, knots / maxWind))
        }

        func precipY(_ chance: Double) -> Double {
            frame.precipBottom - Frame.precipHeight * min(1, max(0, chance))
        }
    }
}
