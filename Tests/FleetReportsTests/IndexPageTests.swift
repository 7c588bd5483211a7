import FleetReports
import FleetSchedule
import FleetTestSupport
import FleetWeather
import Foundation
import Testing

/// The index of issue 11: the severe-alert banner, missing data never read as good news,
/// dated and linked hazards at a glance, risk pills and downloads.
@Suite("Index page")
struct IndexPageTests {
    static let tornado = WeatherFixtures.alert(
        id: "tornado", severity: .severe, description: "Tornado Watch",
        from: WeatherFixtures.date("2026-12-01T12:00:00Z"), until: WeatherFixtures.date("2026-12-01T18:00:00Z"),
        detailsUrl: "https://weatherkit.apple.com/alertDetails/index.html?ids=tornado")
    static let hurricane = WeatherFixtures.alert(
        id: "hurricane", severity: .extreme, description: "Hurricane Warning",
        from: WeatherFixtures.date("2026-12-01T10:00:00Z"), until: WeatherFixtures.date("2026-12-02T10:00:00Z"))
    static let flood = WeatherFixtures.alert(
        id: "flood", severity: .moderate, description: "Flood Watch",
        from: WeatherFixtures.date("2026-12-01T00:00:00Z"), until: WeatherFixtures.date("2026-12-02T00:00:00Z"))

    /// Writes the report of `model` and returns its pages by relative path.
    static func pages(_ model: ReportModel, templates: ReportTemplates? = nil) throws -> [String: String] {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let out = temporary.file("report")
        try ReportWriter(templates: templates ?? ReportFixtures.templates()).write(model, to: out, updateLatest: false)
        return try ReportFixtures.files(in: out).filter { $0.key.hasSuffix(".html") }
            .mapValues { String(decoding: $0, as: UTF8.self) }
    }

    /// UA1 JFK→LHR at 13:05Z under a severe and an extreme alert at JFK (and a moderate one).
    static func alertModel() throws -> ReportModel {
        try ReportFixtures.model(
            [TestFlights.flight("UA1", from: "JFK", to: "LHR")],
            weather: [
                "JFK": ReportFixtures.weather(alerts: [tornado, hurricane, flood]), "LHR": ReportFixtures.weather(),
            ])
    }

    /// The text of the banner section, or `nil` when the page has none.
    static func banner(_ html: String) -> String? {
        guard let start = html.range(of: "<section role=\"alert\" class=\"alert-banner\">") else { return nil }
        guard let end = html.range(of: "</section>", range: start.upperBound..<html.endIndex) else { return nil }
        return String(html[start.lowerBound..<end.upperBound])
    }

    @Test("the banner at the top of the index lists each extreme and severe alert with airport, span, agency, link")
    func bannerListsSevereAlerts() throws {
        let index = try #require(try Self.pages(Self.alertModel())["index.html"])
        let banner = try #require(Self.banner(index))
        #expect(banner.contains("2 extreme or severe weather alerts"))
        #expect(banner.contains("<strong>Hurricane Warning</strong>"))
        #expect(banner.contains("<strong>Tornado Watch</strong>"))
        #expect(
            try #require(banner.range(of: "Hurricane"))
                .lowerBound < #require(banner.range(of: "Tornado")).lowerBound, "extreme first")
        #expect(banner.contains(" — <a href=\"stations/JFK.html\">JFK</a>"))
        #expect(banner.contains("Tue 1 Dec 12:00Z (07:00 local) – Tue 1 Dec 18:00Z (13:00 local)"))
        #expect(banner.contains("Issued by National Weather Service"))
        #expect(banner.contains("href=\"https://weatherkit.apple.com/alertDetails/index.html?ids=tornado\""))
        #expect(banner.contains("UA1 dep JFK"))
        #expect(!banner.contains("Flood Watch"), "moderate alerts are not in the banner")
        let top = try #require(index.range(of: "role=\"alert\"")).lowerBound
        #expect(top < (try #require(index.range(of: "Run (UTC)")).lowerBound), "the banner comes before the summary")
    }

    @Test("no extreme or severe alert: no banner element at all")
    func noBanner() throws {
        let all = try Self.pages(twoRouteModel())
        for (name, html) in all {
            #expect(!html.contains("role=\"alert\""), "\(name)")
            #expect(!html.contains("class=\"alert-banner\""), "\(name)")
        }
    }

    @Test("a custom template without the banner slot still loads, and the banner opens the summary slot")
    func templateWithoutBannerSlot() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = try TemplateSlotTests.templates(in: directory, page: "index.html") { text in
            text.replacingOccurrences(of: "<div data-slot=\"banner\"></div>", with: "")
        }
        let templates = try ReportTemplates.load(from: url)
        #expect(!templates.index.contains("banner"))
        let index = try #require(try Self.pages(Self.alertModel(), templates: templates)["index.html"])
        let slot = try #require(index.range(of: "data-slot=\"summary\"")).lowerBound
        let banner = try #require(index.range(of: "role=\"alert\"")).lowerBound
        let summary = try #require(index.range(of: "Run (UTC)")).lowerBound
        #expect(slot < banner && banner < summary)
    }

    @Test("moderate alerts are shown, not folded; folds print open")
    func moderateAlertsVisible() throws {
        let index = try #require(try Self.pages(Self.alertModel())["index.html"])
        let alerts = try #require(index.range(of: "<h2>Weather alerts</h2>")).upperBound
        let section = index[alerts...]
        let flood = try #require(section.range(of: "Flood Watch")).lowerBound
        #expect(section[..<flood].hasSuffix("<strong>"))
        #expect(!section[..<flood].contains("<details"), "the moderate alert sits outside any fold")
        #expect(section.contains("<div class=\"alert-moderate\">"))
        let templates = try ReportFixtures.templates()
        #expect(templates.style.contains("details::details-content { content-visibility: visible; }"))
        #expect(templates.script.contains("beforeprint"))
        #expect(templates.script.contains("afterprint"))
    }

    @Test("an index whose ends have no data says unknown, never none or no alert")
    func noReassuranceWithoutData() throws {
        let none = try #require(
            try Self.pages(ReportFixtures.model([TestFlights.flight("UA1", from: "JFK", to: "LHR")], weather: [:]))[
                "index.html"])
        #expect(!none.contains("No weather alert overlaps a scheduled time"))
        #expect(!none.contains("<td>none</td>"))
        #expect(!none.contains("No airport has"))
        #expect(none.contains("Alerts are unknown at 2 flight ends without data; 0 of 2 flight ends had data."))
        #expect(none.contains("Weather, hazards and alerts unknown."))
        #expect(
            none.contains(
                "Unknown at 2 flight ends without complete data (see No or incomplete weather); none found at the others."
            ))
        #expect(none.contains("no data at 1 flight end (risk unknown)"))

        let half = try #require(
            try Self.pages(
                ReportFixtures.model(
                    [TestFlights.flight("UA1", from: "JFK", to: "LHR")], weather: ["JFK": ReportFixtures.weather()]))[
                    "index.html"])
        #expect(!half.contains("No weather alert overlaps a scheduled time"))
        #expect(
            half.contains(
                "Alerts are unknown at 1 flight end without data; 1 of 2 flight ends had data, "
                    + "and no alert overlaps a scheduled time at those."))
    }

    @Test("airports most affected names an alert as the reason when the weather is calm")
    func airportsNameAlerts() throws {
        let model = try ReportFixtures.model(
            [TestFlights.flight("UA1", from: "JFK", to: "LHR")],
            weather: ["JFK": ReportFixtures.weather(alerts: [Self.tornado]), "LHR": ReportFixtures.weather()])
        let index = try #require(try Self.pages(model)["index.html"])
        let airports = try #require(index.range(of: "<h2>Airports most affected</h2>")).upperBound
        let row = try #require(
            index[airports...].components(separatedBy: "</tr>").first {
                $0.contains("<strong><a href=\"stations/JFK.html\">JFK</a>")
            })
        #expect(row.contains("<td>alert (severe): Tornado Watch</td>"))
    }

    @Test("hazards at a glance: dated entries in time order, linked to their route, the rest in a fold")
    func glanceEntries() throws {
        // JFK has thunderstorms 10:00–16:00Z. BA2 LHR→JFK lands at 14:05Z and departs first,
        // so worst-first puts it before UA1 (JFK 11:05Z); time order puts UA1 first.
        let storm = ReportFixtures.weather { index, hour in
            if (10...16).contains(index) { hour.conditionCode = .thunderstorms }
        }
        var flights = [
            TestFlights.flight(
                "BA2", from: "LHR", to: "JFK", departure: "2026-12-01T06:00:00Z", arrival: "2026-12-01T14:05:00Z"),
            TestFlights.flight(
                "UA1", from: "JFK", to: "LHR", departure: "2026-12-01T11:05:00Z", arrival: "2026-12-01T18:00:00Z"),
        ]
        flights += (0..<12).map { TestFlights.flight("DL\($0)", from: "JFK", to: "LHR", line: $0 + 10) }
        let model = try ReportFixtures.model(flights, weather: ["JFK": storm, "LHR": ReportFixtures.weather()])
        let index = try #require(try Self.pages(model)["index.html"])
        let row = try #require(
            index.components(separatedBy: "<tr>").first { $0.contains("<th scope=\"row\">Thunderstorms</th>") })
        let first =
            "<a href=\"routes/JFK-LHR.html\">UA1 dep</a> <a href=\"stations/JFK.html\">JFK</a> Tue 1 Dec 11:05Z (06:05 local)"
        let second =
            "<a href=\"routes/LHR-JFK.html\">BA2 arr</a> <a href=\"stations/JFK.html\">JFK</a> Tue 1 Dec 14:05Z (09:05 local)"
        let one = try #require(row.range(of: first)).lowerBound
        let two = try #require(row.range(of: second)).lowerBound
        #expect(one < two)
        let fold = try #require(row.range(of: "<details class=\"glance-more\"><summary>2 more flight ends</summary>"))
        #expect(row[..<fold.lowerBound].components(separatedBy: "<li>").count - 1 == 12)
        #expect(row[fold.upperBound...].components(separatedBy: "<li>").count - 1 == 2)
        #expect(row[fold.upperBound...].contains("DL9 dep</a> <a href=\"stations/JFK.html\">JFK</a> Tue 1 Dec 13:05Z"))
    }

    @Test("risk pills name their risk for the script, the data files are linked, sortable headers show it")
    func pillsAndDownloads() throws {
        let index = try #require(try Self.pages(twoRouteModel())["index.html"])
        for risk in ["red", "amber", "unknown", "green"] {
            #expect(index.contains("data-risk-pill=\"\(risk)\""), "\(risk)")
        }
        #expect(index.contains("<ul class=\"counts\" data-filter=\"filter-flights\">"))
        for file in ["flights.csv", "rejects.csv", "run.json"] {
            #expect(index.contains("<a href=\"\(file)\">\(file)</a>"), "\(file)")
        }
        #expect(index.contains("data-label=\"Departure weather\""))
        let templates = try ReportFixtures.templates()
        #expect(templates.script.contains("aria-pressed"))
        #expect(templates.style.contains("th[aria-sort=\"none\"]::after"))
        #expect(templates.style.contains("content: attr(data-label)"))
    }
}
