import FleetAirports
import FleetHTML
import FleetTestSupport
import Foundation
import Testing

/// The briefing issue's "done when", checked on the built binary's reports for the demo and
/// for a harder schedule (six flights an hour on one route, a route over four days, ends with
/// no recorded weather, a time past the recorded hours, alerts of every severity): each end's
/// daily outlook is its local day of the recorded `forecastDaily`, and no end without data
/// says anything reassuring.
@Suite("Dispatcher trust")
struct DispatcherTrustTests {
    static let schedules = ["Schedules/demo.csv", "Schedules/examples/dispatch.csv"]

    /// One report, with its flights and pages.
    struct Report {
        let directory: URL
        let flights: [[String: String]]

        func page(_ name: String) throws -> ParsedHTML {
            let html = String(decoding: try Data(contentsOf: directory.appendingPathComponent(name)), as: UTF8.self)
            return try ParsedHTML(html, name: name)
        }
    }

    static func run(_ schedule: String, in directory: TemporaryDirectory) async throws -> Report {
        let run = try BinaryRun.start(
            arguments: [
                "run", AppHarness.packageRoot.appendingPathComponent(schedule).path, "--replay",
                AppHarness.demoWeather.path, "--out", "report", "--state", "state.sqlite", "--now",
                "2026-11-30T05:00:00Z",
            ], environment: ["HOME": directory.url.path, "FLEETWX_TEMPLATES": AppHarness.templates.path],
            directory: directory)
        let result = try await run.wait()
        try #require(result.exitCode == 0 || result.exitCode == 2, "\(result.stderr)")
        let report = directory.file("report")
        let csv = String(decoding: try Data(contentsOf: report.appendingPathComponent("flights.csv")), as: UTF8.self)
        return Report(directory: report, flights: CSVTestReader.rows(csv))
    }

    /// A recorded day: local midnight to local midnight, with its values.
    struct Day {
        let start: Date
        let end: Date
        let high: Double?
        let low: Double?
        let sunrise: Date?
        let sunset: Date?
    }

    /// The recorded days of the demo weather by airport code.
    static let recordedDays: [String: [Day]] = byAirport { body in
        guard let daily = body["forecastDaily"] as? [String: Any], let list = daily["days"] as? [[String: Any]]
        else { return [] }
        return list.compactMap { day -> Day? in
            guard let start = (day["forecastStart"] as? String).map(WeatherFixtures.date),
                let end = (day["forecastEnd"] as? String).map(WeatherFixtures.date)
            else { return nil }
            return Day(
                start: start, end: end, high: (day["temperatureMax"] as? NSNumber)?.doubleValue,
                low: (day["temperatureMin"] as? NSNumber)?.doubleValue,
                sunrise: (day["sunrise"] as? String).map(WeatherFixtures.date),
                sunset: (day["sunset"] as? String).map(WeatherFixtures.date))
        }
    }

    /// Something read from each demo recording, by airport code (a recording named `BSL-MLH` is
    /// both airports').
    static func byAirport<Item>(_ read: ([String: Any]) -> [Item]) -> [String: [Item]] {
        var items: [String: [Item]] = [:]
        let folder = AppHarness.demoWeather
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names where name.hasSuffix(".json") {
            guard let data = try? Data(contentsOf: folder.appendingPathComponent(name)),
                let body = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
            else { continue }
            let read = read(body)
            for code in name.dropLast(5).split(separator: "-") { items[String(code)] = read }
        }
        return items
    }

    /// A recorded extreme or severe alert: its headline and the span it is in force.
    struct MajorAlert {
        let headline: String
        let start: Date?
        let end: Date?
    }

    /// The recorded extreme and severe alerts by airport code.
    static let recordedMajorAlerts: [String: [MajorAlert]] = byAirport { body in
        guard let collection = body["weatherAlerts"] as? [String: Any],
            let list = collection["alerts"] as? [[String: Any]]
        else { return [] }
        return list.compactMap { alert -> MajorAlert? in
            guard ["extreme", "severe"].contains(alert["severity"] as? String ?? ""),
                let headline = alert["description"] as? String
            else { return nil }
            func dates(_ keys: [String]) -> [Date] {
                keys.compactMap { alert[$0] as? String }.map(WeatherFixtures.date)
            }
            // In force from taking effect (or the weather's onset, if earlier) until the later
            // of its expiry and the weather's end.
            return MajorAlert(
                headline: headline,
                start: dates(["effectiveTime", "eventOnsetTime"]).min() ?? dates(["issuedTime"]).first,
                end: dates(["eventEndTime", "expireTime"]).max())
        }
    }

    static func degrees(_ value: Double) -> String {
        let whole = Int(value.rounded(.toNearestOrEven))
        return "\(whole)°"
    }

    static func clock(_ date: Date, zone: String) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone) ?? TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }

    /// The card of one flight at one end of its route page.
    static func card(_ page: ParsedHTML, role: String, flight: String) -> ParsedHTML.Element? {
        page.root?.first { $0.tag == "div" && $0.attribute("data-role") == role }?
            .first { node in
                node.tag == "article"
                    && (node.attribute("data-flights") ?? "").split(separator: " ").contains { $0 == flight }
            }
    }

    @Test(
        "every end's daily outlook is the recorded local day: H and L rounded, sunrise and sunset local",
        arguments: schedules)
    func dailyOutlook(schedule: String) async throws {
        let directory = try TemporaryDirectory(prefix: "fleetwx-trust")
        defer { directory.remove() }
        let report = try await Self.run(schedule, in: directory)
        try #require(!report.flights.isEmpty)
        var checked = 0
        for row in report.flights {
            let route = try #require(row["origin"]).appending("-").appending(try #require(row["destination"]))
            let page = try report.page("routes/\(route).html")
            for (role, code, time) in [
                ("origin", row["origin"], row["departure_utc"]),
                ("destination", row["destination"], row["arrival_utc"]),
            ] {
                let code = try #require(code)
                let when = WeatherFixtures.date(try #require(time))
                let flight = try #require(row["flight"])
                let card = try #require(
                    Self.card(page, role: role, flight: flight), "\(route) \(role) card of \(flight)")
                let daily = try #require(
                    card.first { $0.tag == "p" && $0.attribute("class") == "daily" }, "\(flight) \(role): no outlook"
                ).textContent
                let zone = TestFlights.airport(code).timeZone
                guard let day = Self.recordedDays[code]?.first(where: { $0.start <= when && when < $0.end }) else {
                    #expect(daily.contains("no daily forecast"), "\(flight) \(role) \(code): \(daily)")
                    continue
                }
                let high = day.high.map(Self.degrees) ?? "n/a"
                let low = day.low.map(Self.degrees) ?? "n/a"
                #expect(daily.contains("H \(high) L \(low)"), "\(flight) \(role) \(code): \(daily)")
                if let sunrise = day.sunrise, let sunset = day.sunset {
                    let sun =
                        "sunrise \(Self.clock(sunrise, zone: zone)) · sunset \(Self.clock(sunset, zone: zone)) local"
                    #expect(daily.contains(sun), "\(flight) \(role) \(code): \(daily)")
                    let light = when < sunrise || when >= sunset ? "darkness" : "daylight"
                    let shared = (card.attribute("data-flights") ?? "").contains(" ")
                    let said =
                        shared
                        ? daily.contains("scheduled times in \(light)") || daily.contains("\(flight) in \(light)")
                        : daily.contains("scheduled time in \(light)")
                    #expect(said, "\(flight) \(role) should be in \(light): \(daily)")
                }
                checked += 1
            }
        }
        #expect(checked >= report.flights.count, "most ends have a recorded day")
    }

    /// Words that would tell a dispatcher all is well.
    static let reassuring = ["No weather alert", "no alert", "No hazard", "no hazard", "none", "VFR"]

    @Test("an end without data says no data, and nothing reassuring", arguments: schedules)
    func missingIsNeverGood(schedule: String) async throws {
        let directory = try TemporaryDirectory(prefix: "fleetwx-trust")
        defer { directory.remove() }
        let report = try await Self.run(schedule, in: directory)
        var missingEnds = 0
        for row in report.flights {
            let detail = row["status_detail"] ?? ""
            let route = (row["origin"] ?? "") + "-" + (row["destination"] ?? "")
            let page = try report.page("routes/\(route).html")
            for (role, side) in [("origin", "departure"), ("destination", "arrival")]
            where detail.contains("\(side): no") || detail.contains("\(side): beyond") {
                missingEnds += 1
                let flight = row["flight"] ?? ""
                let card = try #require(Self.card(page, role: role, flight: flight))
                let text = card.textContent
                #expect(text.contains("No data"), "\(flight) \(role): \(text)")
                for phrase in Self.reassuring {
                    #expect(!text.contains(phrase), "\(flight) \(role) says \(phrase): \(text)")
                }
            }
        }
        if schedule.hasSuffix("dispatch.csv") { #expect(missingEnds >= 5) }
    }

    @Test(
        "every extreme or severe alert in force within an hour of a scheduled time is in the banner of the index and its route",
        arguments: schedules)
    func severeAlertsInBanners(schedule: String) async throws {
        let directory = try TemporaryDirectory(prefix: "fleetwx-trust")
        defer { directory.remove() }
        let report = try await Self.run(schedule, in: directory)
        let index = try report.page("index.html")
        func banner(_ page: ParsedHTML) -> String? {
            page.root?.first { $0.attribute("role") == "alert" }?.textContent
        }
        var expected = 0
        for row in report.flights {
            let route = (row["origin"] ?? "") + "-" + (row["destination"] ?? "")
            for (code, time) in [(row["origin"], row["departure_utc"]), (row["destination"], row["arrival_utc"])] {
                guard let code, let time else { continue }
                let when = WeatherFixtures.date(time)
                for alert in Self.recordedMajorAlerts[code] ?? []
                where (alert.start ?? .distantPast) <= when + 3600 && (alert.end ?? .distantFuture) >= when - 3600 {
                    expected += 1
                    let top = try #require(banner(index), "index has no role=alert banner for \(alert.headline)")
                    #expect(top.contains(alert.headline) && top.contains(code), "index banner: \(top)")
                    let page = try report.page("routes/\(route).html")
                    let routeBanner = try #require(banner(page), "\(route) has no banner for \(alert.headline)")
                    #expect(routeBanner.contains(alert.headline), "\(route) banner: \(routeBanner)")
                }
            }
        }
        #expect(expected > 0, "the schedules put flights under a severe alert")
        // The banner is at the top: before the run summary on the index.
        let html = String(
            decoding: try Data(contentsOf: report.directory.appendingPathComponent("index.html")), as: UTF8.self)
        let bannerAt = try #require(html.range(of: "role=\"alert\""))
        let summaryAt = try #require(html.range(of: "aria-label=\"Run summary\""))
        #expect(bannerAt.lowerBound < summaryAt.lowerBound)
    }

    @Test(
        "every card has a 12-hour strip with its scheduled hour marked, and every icon is named", arguments: schedules)
    func stripsAndIcons(schedule: String) async throws {
        let directory = try TemporaryDirectory(prefix: "fleetwx-trust")
        defer { directory.remove() }
        let report = try await Self.run(schedule, in: directory)
        let routes = Set(report.flights.map { ($0["origin"] ?? "") + "-" + ($0["destination"] ?? "") })
        var cards = 0
        for route in routes.sorted() {
            let page = try report.page("routes/\(route).html")
            let root = try #require(page.root)
            for card in root.all(where: { $0.tag == "article" && $0.attribute("data-flights") != nil }) {
                cards += 1
                let hours = card.all { $0.tag == "li" && ($0.attribute("class") ?? "").contains("strip-hour") }
                #expect(
                    hours.count == 12, "\(route) card \(card.attribute("data-flights") ?? ""): \(hours.count) hours")
                let marked = hours.filter { $0.attribute("aria-current") != nil }
                #expect(marked.count == 1, "\(route): \(marked.count) scheduled hours marked")
                #expect(marked.first?.textContent.lowercased().contains("sched.") == true)
            }
            for icon in root.all(where: { $0.tag == "svg" && ($0.attribute("class") ?? "").hasPrefix("wx ") }) {
                let name = icon.attribute("aria-label") ?? ""
                #expect(!name.isEmpty && icon.attribute("role") == "img", "\(route): an icon without a name")
                #expect(
                    icon.first { $0.tag == "title" }?.textContent == name, "\(route): icon title differs from \(name)")
            }
            // Every hour line with values starts with its condition's icon.
            for line in root.all(where: { ($0.attribute("class") ?? "").hasPrefix("hour-line") }) {
                let hasValues = line.textContent.contains("°C")
                let icon = line.first { $0.tag == "svg" }
                #expect(!hasValues || icon != nil, "\(route): an hour line without an icon: \(line.textContent)")
            }
        }
        #expect(cards >= routes.count * 2)
    }
}
