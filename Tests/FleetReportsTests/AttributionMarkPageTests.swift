import FleetHTML
import FleetReports
import FleetTestSupport
import FleetWeather
import Foundation
import Testing

/// The attribution block of every page: stored marks as `data:` URIs, else the text mark and no
/// `<img>`; the sentence, the legal link and the planning-aid note either way.
@Suite("Reports: the Apple Weather mark")
struct AttributionMarkPageTests {
    static func pages(marks: AttributionMarks?) throws -> [String: String] {
        let flight = TestFlights.flight(departure: "2026-12-01T13:05:00Z", arrival: "2026-12-01T20:50:00Z")
        let base = try ReportFixtures.model(
            [flight], weather: ["JFK": ReportFixtures.weather(), "LHR": ReportFixtures.weather()])
        let model = ReportModel(
            summary: base.summary, startedAt: base.startedAt, briefings: base.briefings, rejects: base.rejects,
            weatherByAirport: base.weatherByAirport, attributionURL: base.attributionURL, marks: marks)
        let temporary = try TemporaryDirectory(prefix: "fleetwx-marks")
        defer { temporary.remove() }
        let out = temporary.file("report")
        try ReportWriter(templates: ReportFixtures.templates()).write(model, to: out, updateLatest: false)
        return try ReportFixtures.files(in: out).filter { $0.key.hasSuffix(".html") }
            .mapValues { String(decoding: $0, as: UTF8.self) }
    }

    @Test("stored marks are embedded, light and dark, as data: URIs of their own bytes")
    func marksAreEmbedded() throws {
        let marks = try AttributionMarks(
            serviceName: "Apple Weather", light: FakeBranding.lightPNG, dark: FakeBranding.darkPNG,
            fetchedAt: ReportFixtures.now)
        let pages = try Self.pages(marks: marks)
        #expect(pages.count >= 2)
        let light = "data:image/png;base64," + FakeBranding.lightPNG.base64EncodedString()
        let dark = "data:image/png;base64," + FakeBranding.darkPNG.base64EncodedString()
        for (name, page) in pages {
            #expect(page.components(separatedBy: "class=\"mark-light\" src=\"\(light)\"").count == 3, "\(name)")
            #expect(page.components(separatedBy: "class=\"mark-dark\" src=\"\(dark)\"").count == 3, "\(name)")
            #expect(!page.contains("src=\"http"), "\(name) loads an image from the network")
            #expect(!page.contains("class=\"mark-text\""), "\(name) shows the text mark beside the images")
        }
    }

    @Test("without marks: the text mark, no <img>; the sentence, legal link and note stay")
    func textMarkWithoutMarks() throws {
        for (name, page) in try Self.pages(marks: nil) {
            #expect(!page.contains("<img"), "\(name)")
            #expect(
                page.components(separatedBy: "<span class=\"mark-text\">Apple Weather</span>").count == 3, "\(name)")
            #expect(page.contains("Weather data provided by Apple Weather."), "\(name)")
            #expect(page.contains(ReportFixtures.attributionURL), "\(name)")
            #expect(page.contains("This report is a planning aid"), "\(name)")
        }
    }

    @Test("only PNG data URIs of base64 text pass as a mark's src")
    func pngDataURIs() {
        #expect(SafeURL.isPNGDataURI("data:image/png;base64,iVBORw0KGgo="))
        for refused in [
            "https://weatherkit.apple.com/x.png", "data:image/svg+xml;base64,PHN2Zz4=", "data:image/png;base64,",
            "data:image/png;base64,iVBO\"><script>", "data:image/png,iVBORw0KGgo=", "data:image/png;base64,abc",
        ] {
            #expect(!SafeURL.isPNGDataURI(refused), "\(refused)")
        }
    }

    @Test("a mark that is not a small PNG is refused")
    func onlySmallPNGs() {
        #expect(throws: WeatherDataError.self) {
            try AttributionMarks(
                serviceName: nil, light: Data("GIF89a".utf8), dark: FakeBranding.darkPNG, fetchedAt: Date())
        }
        let huge = FakeBranding.lightPNG + Data(count: AttributionMarks.maximumBytes)
        #expect(throws: WeatherDataError.self) {
            try AttributionMarks(serviceName: nil, light: FakeBranding.lightPNG, dark: huge, fetchedAt: Date())
        }
    }
}
