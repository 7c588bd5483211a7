import FleetAirports
import FleetBriefing
import FleetSchedule
import FleetTestSupport
import FleetWeather
import Foundation
import Testing

@testable import FleetReports

/// Station pages (issue 12 item 2): `stations/CODE.html` for every airport of the run, each
/// listing every flight departing and arriving there in time order, linking to route pages.
@Suite("Station pages")
struct StationPageTests {
    /// Three flights through LHR: two departures (out of time order in the schedule) and one
    /// arrival, with an extreme alert at JFK only.
    static func model() throws -> ReportModel {
        let flights = [
            TestFlights.flight(
                "BA9", from: "LHR", to: "JFK", departure: "2026-12-01T15:00:00Z", arrival: "2026-12-01T23:00:00Z",
                line: 2),
            TestFlights.flight(
                "BA2", from: "LHR", to: "CDG", departure: "2026-12-01T09:00:00Z", arrival: "2026-12-01T10:15:00Z",
                line: 3),
            TestFlights.flight(
                "UA1", from: "JFK", to: "LHR", departure: "2026-12-01T01:00:00Z", arrival: "2026-12-01T08:00:00Z",
                line: 4),
        ]
        let storm = WeatherFixtures.alert(
            id: "jfk-storm", severity: .extreme, description: "Blizzard Warning",
            from: WeatherFixtures.date("2026-11-30T20:00:00Z"), until: WeatherFixtures.date("2026-12-02T12:00:00Z"))
        let weather = [
            "JFK": ReportFixtures.weather(alerts: [storm]), "LHR": ReportFixtures.weather(),
            "CDG": ReportFixtures.weather(),
        ]
        return try ReportFixtures.model(flights, weather: weather)
    }

    /// The flight numbers a board lists, in page order.
    static func board(_ page: String, _ slot: String) -> [String] {
        guard let start = page.range(of: "data-slot=\"\(slot)\"") else { return [] }
        let rest = page[start.upperBound...]
        let section = rest[..<(rest.range(of: "</section>")?.lowerBound ?? rest.endIndex)]
        return section.components(separatedBy: "<th scope=\"row\">").dropFirst().compactMap { cell in
            guard let open = cell.range(of: "\">"), let close = cell.range(of: "</a>") else { return nil }
            return String(cell[open.upperBound..<close.lowerBound])
        }
    }

    @Test("a station's boards list its departures and arrivals in time order, linking routes and stations")
    func boards() throws {
        let model = try Self.model()
        let lhr = try #require(model.stations.first { $0.code == "LHR" })
        let page = try StationPage.render(lhr, model: model, templates: ReportFixtures.templates())
        #expect(Self.board(page, "departures") == ["BA2", "BA9"])
        #expect(Self.board(page, "arrivals") == ["UA1"])
        for link in [
            "href=\"../routes/LHR-CDG.html\">BA2<", "href=\"../routes/LHR-JFK.html\">BA9<",
            "href=\"../routes/JFK-LHR.html\">UA1<", "href=\"../stations/CDG.html\">CDG<",
            "href=\"../stations/JFK.html\">JFK<", "href=\"../index.html\"",
        ] {
            #expect(page.contains(link), "\(link)")
        }
        #expect(page.contains("Station LHR"))
        #expect(page.contains("2 departures and 1 arrival"))
        #expect(page.contains("strip-range"), "the hourly strip over the flights' hours")
    }

    @Test("the banner shows a severe alert of the station's own ends only")
    func bannerOwnEndsOnly() throws {
        let model = try Self.model()
        let templates = try ReportFixtures.templates()
        let jfk = try StationPage.render(
            try #require(model.stations.first { $0.code == "JFK" }), model: model, templates: templates)
        #expect(jfk.contains("class=\"alert-banner\""))
        #expect(jfk.contains("Blizzard Warning"))
        let lhr = try StationPage.render(
            try #require(model.stations.first { $0.code == "LHR" }), model: model, templates: templates)
        #expect(!lhr.contains("class=\"alert-banner\""), "JFK's alert on LHR's page")
        #expect(!lhr.contains("Blizzard Warning <"), "JFK's alert listed on LHR's page")
        #expect(lhr.contains("No weather alert overlaps a scheduled time here."))
    }

    @Test("the writer writes one page per station, and refuses a code that could leave stations/")
    func writerAndUnsafeCode() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let model = try Self.model()
        let writer = ReportWriter(templates: try ReportFixtures.templates())
        try writer.writeStations(model, into: directory.file("stations"), shouldStop: { false })
        let written = try FileManager.default.contentsOfDirectory(atPath: directory.file("stations").path).sorted()
        #expect(written == ["CDG.html", "JFK.html", "LHR.html"])
        let lhr = TestFlights.airport("LHR")
        let odd = Airport(
            icao: "../X", iata: nil, name: "Nowhere", city: "Nowhere", country: "GB", elevationFeet: nil,
            latitude: lhr.latitude, longitude: lhr.longitude, timeZone: "Europe/London")
        let flight = TestFlights.flight(
            "XX1", from: odd, to: lhr, departure: WeatherFixtures.date("2026-12-01T09:00:00Z"),
            arrival: WeatherFixtures.date("2026-12-01T10:00:00Z"))
        let unsafe = try ReportFixtures.model([flight], weather: ["LHR": ReportFixtures.weather()])
        let error = try #require(throws: ReportError.self) {
            try writer.writeStations(unsafe, into: directory.file("unsafe/stations"), shouldStop: { false })
        }
        #expect(error == .unsafeFileName("../X"))
        #expect(!FileManager.default.fileExists(atPath: directory.file("unsafe/X.html").path))
    }

    @Test("a stop asked for while station pages are written stops them")
    func stop() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let error = try #require(throws: ReportError.self) {
            try ReportWriter(templates: try ReportFixtures.templates())
                .writeStations(try Self.model(), into: directory.file("stations"), shouldStop: { true })
        }
        #expect(error == .stopped)
    }

    @Test("a templates folder made before station pages is told to copy station.html")
    func olderTemplatesFolder() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        for name in ReportTemplates.files where name != "station.html" {
            let text = try String(
                contentsOf: ReportFixtures.templatesDirectory.appendingPathComponent(name), encoding: .utf8)
            try directory.write(text, to: name)
        }
        let error = try #require(throws: ReportError.self) { try ReportTemplates.load(from: directory.url) }
        #expect(error.description.contains("station.html"), "\(error)")
        #expect(error.description.contains("copy station.html from fleetwx's Templates folder"), "\(error)")
    }

    @Test("a station's alerts are listed up to the alerts section's cap, the rest counted")
    func alertsCapped() throws {
        let extra = 5
        let alerts = (0..<(AlertsSection.listCap + extra)).map { index in
            WeatherFixtures.alert(
                id: "lhr-\(index)", severity: .moderate, description: "Wind Advisory \(index)",
                from: WeatherFixtures.date("2026-11-30T20:00:00Z"), until: WeatherFixtures.date("2026-12-02T12:00:00Z"))
        }
        let flight = TestFlights.flight(
            "BA2", from: "LHR", to: "CDG", departure: "2026-12-01T09:00:00Z", arrival: "2026-12-01T10:15:00Z")
        let model = try ReportFixtures.model(
            [flight], weather: ["LHR": ReportFixtures.weather(alerts: alerts), "CDG": ReportFixtures.weather()])
        let page = try StationPage.render(
            try #require(model.stations.first { $0.code == "LHR" }), model: model, templates: ReportFixtures.templates()
        )
        #expect(page.components(separatedBy: "class=\"alert-moderate\"").count - 1 == AlertsSection.listCap)
        #expect(
            page.contains(
                "\(extra) more alert(s) not listed here (\(AlertsSection.listCap + extra) in all, the most severe "
                    + "listed first)."))
        #expect(page.contains("Weather alerts at LHR"))
    }

    @Test("the range strip runs from the first to the last hour used, capped at two days")
    func rangeHours() {
        let start = WeatherFixtures.date("2026-12-01T09:40:00Z")
        let hours = HourlyStrip.hourStarts(from: start, through: WeatherFixtures.date("2026-12-01T12:05:00Z"))
        #expect(hours.map(Timestamp.utcClock) == ["09:00Z", "10:00Z", "11:00Z", "12:00Z"])
        let long = HourlyStrip.hourStarts(from: start, through: WeatherFixtures.date("2026-12-09T00:00:00Z"))
        #expect(long.count == HourlyStrip.maximumRangeHours)
    }
}
