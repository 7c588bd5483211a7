import FleetTestSupport
import FleetWeather
import Foundation
import Testing

@testable import FleetReports

/// Condition icons (issue 11 item 8): a symbol for every condition, named by its text.
@Suite("Condition icons")
struct ConditionIconsTests {
    /// Every known code, a code this version does not know, and no code at all.
    static let codes: [ConditionCode?] =
        ConditionCode.known.values.sorted { $0.token < $1.token } + [.unknown("VolcanicAsh"), nil]

    @Test("every condition draws a defined symbol named exactly by the condition's text", arguments: codes)
    func everyCode(_ code: ConditionCode?) throws {
        let html = try VisualsFixtures.render { main in
            ConditionIcons.definitions(main)
            ConditionIcons.icon(main, code)
        }
        let name = code?.label ?? "Condition unknown"
        let escaped = name.replacingOccurrences(of: "&", with: "&amp;")
        let family = ConditionIcons.family(code).rawValue
        #expect(html.contains("<symbol id=\"wx-\(family)\""))
        #expect(html.contains("class=\"wx wx-\(family)\" role=\"img\" aria-label=\"\(escaped)\""))
        #expect(html.contains("<title>\(escaped)</title><use href=\"#wx-\(family)\">"))
    }

    @Test("families named in the issue are kept apart, and unknown codes fall into 'unknown'")
    func families() {
        #expect(ConditionIcons.family(.freezingDrizzle) == .freezing)
        #expect(ConditionIcons.family(.freezingDrizzle) != ConditionIcons.family(.drizzle))
        #expect(ConditionIcons.family(.blizzard) == .heavySnow)
        #expect(ConditionIcons.family(.hurricane) == .tropical)
        #expect(ConditionIcons.family(.strongStorms) == .thunder)
        #expect(ConditionIcons.family(.unknown("New")) == .unknown)
        #expect(ConditionIcons.family(nil) == .unknown)
        #expect(ConditionIcons.label(nil) == "Condition unknown")
        #expect(ConditionIcons.label(.freezingDrizzle) == "Freezing drizzle")
    }

    @Test("families differ in shape, not only in colour, and the symbol set stays small")
    func shapesDiffer() throws {
        let shapes = ConditionIcons.Family.allCases.map { ($0.strokes + $0.fills.map(\.path)).joined(separator: "|") }
        #expect(Set(shapes).count == ConditionIcons.Family.allCases.count)
        let html = try VisualsFixtures.render { ConditionIcons.definitions($0) }
        #expect(html.utf8.count < 6000, "\(html.utf8.count) bytes")
    }

    @Test("every page defines the symbol set once")
    func oncePerPage() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let model = try ReportFixtures.model(
            [TestFlights.flight("UA1", from: "JFK", to: "LHR")],
            weather: ["JFK": ReportFixtures.weather(), "LHR": ReportFixtures.weather()])
        let out = temporary.file("report")
        try ReportWriter(templates: ReportFixtures.templates()).write(model, to: out, updateLatest: false)
        for name in ["index.html", "routes/JFK-LHR.html"] {
            let html = try String(contentsOf: out.appendingPathComponent(name), encoding: .utf8)
            #expect(html.components(separatedBy: "class=\"wx-defs\"").count == 2, "\(name)")
            #expect(html.components(separatedBy: "<symbol id=\"wx-rain\"").count == 2, "\(name)")
        }
    }
}
