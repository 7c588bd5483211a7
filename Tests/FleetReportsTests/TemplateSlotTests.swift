import FleetReports
import FleetTestSupport
import Foundation
import Testing

@testable import FleetReports

/// A template without a slot its page fills is refused when the templates are loaded, before a
/// run sends anything (issue 9, item 8), and the list of slots checked is the pages' own.
@Suite("Template slots")
struct TemplateSlotTests {
    /// Every (page, slot) of the shipped templates.
    static var shippedSlots: [String] {
        ["index.html", "route.html", "station.html"].flatMap { page in
            (ReportTemplates.requiredSlots[page] ?? []).map { "\(page) \($0)" }
        }
    }

    /// Copies the shipped templates into `directory`, with `page` changed by `change`.
    static func templates(
        in directory: TemporaryDirectory, page: String, change: (String) -> String
    ) throws -> URL {
        for name in ReportTemplates.files {
            let text = try String(
                contentsOf: ReportFixtures.templatesDirectory.appendingPathComponent(name), encoding: .utf8)
            try directory.write(name == page ? change(text) : text, to: name)
        }
        return directory.url
    }

    @Test("a page without one of its slots is refused at load, naming the page and the slot", arguments: shippedSlots)
    func missingSlot(_ pageAndSlot: String) throws {
        let parts = pageAndSlot.split(separator: " ").map(String.init)
        let (page, slot) = (parts[0], parts[1])
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = try Self.templates(in: directory, page: page) { text in
            text.replacingOccurrences(of: "data-slot=\"\(slot)\"", with: "data-note=\"\(slot)\"")
        }
        let error = try #require(throws: ReportError.self) { try ReportTemplates.load(from: url) }
        #expect(error.description.contains(page), "\(error)")
        #expect(error.description.contains("data-slot=\"\(slot)\""), "\(error)")
    }

    @Test("the shipped templates hold every slot, and a page with only the listed slots renders")
    func listIsComplete() throws {
        for page in ["index.html", "route.html", "station.html"] {
            let shipped = try String(
                contentsOf: ReportFixtures.templatesDirectory.appendingPathComponent(page), encoding: .utf8)
            let slots = ReportTemplates.requiredSlots[page] ?? []
            #expect(!slots.isEmpty, "\(page) has no slots listed")
            for slot in slots {
                #expect(shipped.contains("data-slot=\"\(slot)\""), "\(page) \(slot)")
            }
        }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        for page in ["index.html", "route.html", "station.html"] {
            let body = (ReportTemplates.requiredSlots[page] ?? []).map { "<div data-slot=\"\($0)\"></div>" }
            try directory.write("<!doctype html><html><body>\(body.joined())</body></html>", to: page)
        }
        for name in ["style.css", "table.js"] { try directory.write("", to: name) }
        let templates = try ReportTemplates.load(from: directory.url)
        let out = directory.file("out/report")
        try ReportWriter(templates: templates).write(try twoRouteModel(), to: out, updateLatest: false)
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("routes/JFK-LHR.html").path))
    }

    @Test("an index template made before the map, finder and station table still gets all three")
    func olderIndexTemplate() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = try Self.templates(in: directory, page: "index.html") { text in
            text.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { line in !["map", "lookup", "stations"].contains { line.contains("data-slot=\"\($0)\"") } }
                .joined(separator: "\n")
        }
        let index = try String(contentsOf: url.appendingPathComponent("index.html"), encoding: .utf8)
        try #require(!index.contains("data-slot=\"map\"") && !index.contains("data-slot=\"stations\""))
        let templates = try ReportTemplates.load(from: url)
        let out = directory.file("out/report")
        try ReportWriter(templates: templates).write(try twoRouteModel(), to: out, updateLatest: false)
        let page = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(page.contains("class=\"fleet-map\""), "the map")
        #expect(page.contains("id=\"flight-index\""), "the finder")
        #expect(page.contains("<table class=\"stations\""), "the station table")
        // Where they read well: the map after the counts, the finder before the flights table,
        // the station table after the airports most affected.
        let order = [
            "Flights by risk", "class=\"fleet-map\"", "id=\"flight-index\"", "class=\"flights\"",
            "Airports most affected", "<table class=\"stations\"",
        ].map { page.range(of: $0)?.lowerBound }
        #expect(order.allSatisfy { $0 != nil } && order.compactMap { $0 } == order.compactMap { $0 }.sorted())
    }
}
