import FleetSchedule
import FleetTestSupport
import FleetWeather
import Foundation
import Testing

@testable import FleetReports

/// Hourly charts that hold up with many flights (issue 11 item 7).
@Suite("Hourly charts")
struct HourlyChartTests {
    /// Four days of hourly weather from 30 Nov, with some gusts and precipitation.
    static let weather = WeatherFixtures.weather(
        hours: WeatherFixtures.hours(from: WeatherFixtures.date("2026-11-30T00:00:00Z"), count: 96) { index, hour in
            hour.temperature = Double(index % 24) - 8
            hour.windGust = index % 5 < 2 ? 60 : nil
            hour.precipitationChance = Double(index % 4) / 4
        })

    /// `count` scheduled times from `start`, `spacing` minutes apart.
    static func marks(_ count: Int, from start: String, every spacing: Double) -> [(Date, String)] {
        (0..<count).map { index in
            (WeatherFixtures.date(start).addingTimeInterval(Double(index) * spacing * 60), "LH\(400 + index)")
        }
    }

    static func chart(_ marks: [(Date, String)], at code: String = "ORD") throws -> String {
        try VisualsFixtures.render {
            HourlyChart.render($0, airport: TestFlights.airport(code), weather: Self.weather, marks: marks)
        }
    }

    /// Schedules from one flight to twenty, clustered, spread over a day, and across days.
    static let schedules: [(String, [(Date, String)])] = [
        ("1 flight", marks(1, from: "2026-12-01T13:05:00Z", every: 0)),
        ("5 flights within 40 min", marks(5, from: "2026-12-01T13:05:00Z", every: 10)),
        ("5 flights 2 h apart", marks(5, from: "2026-12-01T12:00:00Z", every: 120)),
        ("5 flights 45 min apart", marks(5, from: "2026-12-01T12:00:00Z", every: 45)),
        ("20 flights every 20 min", marks(20, from: "2026-12-01T12:00:00Z", every: 20)),
        ("20 flights every 70 min", marks(20, from: "2026-12-01T06:00:00Z", every: 70)),
        ("20 flights across days", marks(20, from: "2026-11-30T20:00:00Z", every: 150)),
    ]

    @Test(
        "no two texts of any chart overlap, at any airport, for 1, 5 and 20 flights",
        arguments: ["ORD", "KTM", "SIN", "FRA"])
    func noOverlaps(_ code: String) throws {
        for (name, marks) in Self.schedules {
            let html = try Self.chart(marks, at: code)
            let charts = VisualsFixtures.charts(html)
            #expect(!charts.isEmpty, "\(name)")
            for chart in charts {
                let boxes = try VisualsFixtures.textBoxes(chart)
                #expect(boxes.count > 10, "\(name)")
                #expect(try VisualsFixtures.overlaps(chart) == [], "\(name) at \(code)")
                #expect(boxes.allSatisfy { $0.minX >= 0 && $0.maxX <= 360 && $0.minY >= 0 }, "\(name): \(boxes)")
            }
        }
    }

    @Test("five close flights share one label that names them all")
    func grouped() throws {
        let html = try Self.chart(Self.marks(5, from: "2026-12-01T13:05:00Z", every: 10))
        #expect(html.contains(">LH400 +4</text>"))
        #expect(html.contains("<title>Scheduled: LH400 13:05Z (07:05 local), LH401 13:15Z"))
        #expect(html.components(separatedBy: "class=\"sched-label\"").count == 2)
    }

    @Test("every axis has its unit: °C, kt and a % precipitation scale; times in UTC and local")
    func units() throws {
        let html = try Self.chart(Self.marks(1, from: "2026-12-01T13:05:00Z", every: 0))
        let texts = try VisualsFixtures.textBoxes(try #require(VisualsFixtures.charts(html).first)).map(\.content)
        #expect(texts.filter { $0.hasSuffix("°C") }.count == 3)
        #expect(texts.filter { $0.hasSuffix("kt") }.count == 3)
        #expect(texts.filter { $0.hasSuffix("%") } == ["100%", "50%", "0%"])
        #expect(texts.contains("UTC") && texts.contains("local"))
        #expect(texts.contains("12Z") && texts.contains("06"), "12Z is 06 local at ORD: \(texts)")
        #expect(texts.contains("Tue 1 Dec"))
        #expect(html.contains("gusts kt: dotted blue line"))
        #expect(html.contains("scheduled times: solid vertical lines"))
        #expect(!html.contains("dashed lines mark scheduled times"))
        let lone = try VisualsFixtures.render {
            HourlyChart.render(
                $0, airport: TestFlights.airport("ORD"),
                weather: ReportFixtures.weather { index, hour in hour.windGust = index == 14 ? 80 : nil },
                marks: Self.marks(1, from: "2026-12-01T13:05:00Z", every: 0))
        }
        #expect(lone.contains("<circle class=\"point point-gust\""), "a gust in one hour is drawn")
        #expect(lone.contains("a lone hour: a dot"))
        let calm = try VisualsFixtures.render {
            HourlyChart.render(
                $0, airport: TestFlights.airport("ORD"), weather: ReportFixtures.weather(),
                marks: Self.marks(1, from: "2026-12-01T13:05:00Z", every: 0))
        }
        #expect(!calm.contains("<circle") && !calm.contains("a lone hour"), "no dot drawn, none described")
    }

    @Test("one chart per local day of the end's scheduled times, each ±3 h around that day's times")
    func oneChartPerLocalDay() throws {
        // 23:30Z on 30 Nov is 17:30 on Mon 30 Nov at ORD; 02:00Z on 2 Dec is 20:00 on Tue 1 Dec.
        let marks = [
            (WeatherFixtures.date("2026-11-30T23:30:00Z"), "AA1"),
            (WeatherFixtures.date("2026-12-01T14:00:00Z"), "AA2"),
            (WeatherFixtures.date("2026-12-02T02:00:00Z"), "AA3"),
        ]
        let html = try Self.chart(marks)
        #expect(VisualsFixtures.charts(html).count == 2)
        #expect(html.contains("ORD, Mon 30 Nov local"))
        #expect(html.contains("ORD, Tue 1 Dec local"))
        #expect(html.contains("from Tue 1 Dec 11:00Z (05:00 local) to Wed 2 Dec 05:00Z"))
    }

    @Test("text stays at 11 px or more in a 342 px column (a 390 px phone)")
    func textSize() throws {
        let html = try Self.chart(Self.marks(1, from: "2026-12-01T13:05:00Z", every: 0))
        let chart = try #require(VisualsFixtures.charts(html).first)
        let width = try #require(
            chart.components(separatedBy: "viewBox=\"0 0 ").dropFirst().first?.split(separator: " ").first)
        let viewBoxWidth = try #require(Double(width))
        let sizes = try VisualsFixtures.textBoxes(chart).map { ($0.maxY - $0.minY) / 0.95 }
        #expect(sizes.allSatisfy { $0 * 342 / viewBoxWidth >= 11 }, "viewBox \(viewBoxWidth), sizes \(Set(sizes))")
    }
}
