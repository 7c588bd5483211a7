import FleetTestSupport
import FleetWeather
import Foundation
import Testing

@testable import FleetReports

/// The hourly strip (issue 11 item 6): twelve hours around a scheduled time, the scheduled one
/// marked, local hours right in any zone, and "no data" where the data has no hour.
@Suite("Hourly strip")
struct HourlyStripTests {
    /// The `<li>` items of a rendered strip.
    static func items(_ html: String) -> [String] {
        html.components(separatedBy: "<li class=\"strip-hour").dropFirst().map {
            $0.components(separatedBy: "</li>")[0]
        }
    }

    /// The local clock (`<b>`) of each item.
    static func localHours(_ html: String) -> [String] {
        items(html).map { $0.components(separatedBy: "<b>")[1].components(separatedBy: "</b>")[0] }
    }

    @Test("twelve hours: the scheduled hour, 5 before and 6 after; only the scheduled one marked")
    func twelveHours() throws {
        let time = WeatherFixtures.date("2026-12-01T13:05:00Z")
        let html = try VisualsFixtures.render {
            HourlyStrip.render(
                $0, time: time, airport: TestFlights.airport("JFK"), weather: ReportFixtures.weather())
        }
        let items = Self.items(html)
        #expect(items.count == 12)
        #expect(Self.localHours(html) == (3...14).map { String(format: "%02d:00", $0) })
        let marked = items.enumerated().filter { $0.element.contains("aria-current=\"time\"") }.map(\.offset)
        #expect(marked == [5])
        #expect(items[5].hasPrefix(" strip-sched"))
        #expect(items[5].contains("sched."))
        #expect(items.filter { $0.contains("sched.") }.count == 1)
        #expect(items[0].contains(">08Z<") && items[11].contains(">19Z<"))
        #expect(items[5].contains("<span class=\"strip-utc\">13Z</span>"))
        #expect(items[5].contains("15 °C") && items[5].contains("5 kt") && items[5].contains("0%"))
        #expect(items[5].contains("aria-label=\"Clear\""))
    }

    @Test("local hours hold across a DST change (New York, 1 Nov 2026) and at Kathmandu (+5:45)")
    func zones() throws {
        let fall = WeatherFixtures.date("2026-11-01T06:30:00Z")
        let newYork = try VisualsFixtures.render {
            HourlyStrip.render($0, time: fall, airport: TestFlights.airport("JFK"), weather: nil)
        }
        // 01Z–12Z: EDT (−4) until 06Z, then EST (−5): 01:00 local twice.
        #expect(
            Self.localHours(newYork) == [
                "21:00", "22:00", "23:00", "00:00", "01:00", "01:00", "02:00", "03:00", "04:00", "05:00", "06:00",
                "07:00",
            ])
        let kathmandu = try VisualsFixtures.render {
            HourlyStrip.render(
                $0, time: WeatherFixtures.date("2026-12-01T13:05:00Z"), airport: TestFlights.airport("KTM"),
                weather: nil)
        }
        #expect(Self.localHours(kathmandu).first == "13:45")
        #expect(Self.localHours(kathmandu)[5] == "18:45")
        #expect(Self.localHours(kathmandu).last == "00:45")
        #expect(Self.items(kathmandu)[11].contains("strip-day"), "the local day changes: \(Self.items(kathmandu)[11])")
    }

    @Test("an hour absent from the data says no data in its cell; no weather at all says so in every cell")
    func missingHours() throws {
        let time = WeatherFixtures.date("2026-12-01T13:05:00Z")
        let gap = WeatherFixtures.weather(
            hours: WeatherFixtures.hours(from: ReportFixtures.now, count: 48).enumerated().filter { $0.offset != 15 }
                .map(\.element))
        let html = try VisualsFixtures.render {
            HourlyStrip.render($0, time: time, airport: TestFlights.airport("JFK"), weather: gap)
        }
        let items = Self.items(html)
        #expect(items.count == 12)
        #expect(items[7].contains("no data") && !items[7].contains("°C"))
        #expect(items.filter { $0.contains("no data") }.count == 1)
        let none = try VisualsFixtures.render {
            HourlyStrip.render($0, time: time, airport: TestFlights.airport("JFK"), weather: nil)
        }
        #expect(Self.items(none).count == 12)
        #expect(Self.items(none).allSatisfy { $0.contains("no data") })
    }
}
