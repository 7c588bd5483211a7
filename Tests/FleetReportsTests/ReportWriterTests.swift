import FleetReports
import FleetSchedule
import FleetTestSupport
import Foundation
import Testing

/// Two routes (JFK-LHR both ways) with weather, and one rejected row.
func twoRouteModel(runID: String = "test-run") throws -> FleetReports.ReportModel {
    let flights = [
        TestFlights.flight("UA1", from: "JFK", to: "LHR"),
        TestFlights.flight(
            "BA2", from: "LHR", to: "JFK", departure: "2026-12-01T09:00:00Z", arrival: "2026-12-01T17:00:00Z"),
    ]
    let weather = ["JFK": ReportFixtures.weather(), "LHR": ReportFixtures.weather()]
    let rejects = [RejectedRow(line: 4, reason: "unknown origin airport \"QQQ\"", raw: "XX1,QQQ,LHR,x,y")]
    return try ReportFixtures.model(flights, weather: weather, rejects: rejects, runID: runID)
}

private func exists(_ url: URL) -> Bool { FileManager.default.fileExists(atPath: url.path) }

private func contents(_ directory: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
}

@Suite("ReportWriter")
struct ReportWriterTests {
    @Test("every docs/contract.md §8.1 file is written and latest points at the report")
    func allFiles() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let out = temporary.file("2026-12-01")
        try ReportWriter(templates: ReportFixtures.templates()).write(twoRouteModel(), to: out)
        for name in [
            "index.html", "flights.csv", "rejects.csv", "run.json", "routes/JFK-LHR.html", "routes/JFK-LHR.csv",
            "routes/LHR-JFK.html", "routes/LHR-JFK.csv",
        ] {
            #expect(exists(out.appendingPathComponent(name)), "\(name)")
        }
        let latest = temporary.file("latest")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: latest.path) == "2026-12-01")
        #expect(exists(latest.appendingPathComponent("index.html")))
        #expect(try contents(temporary.url) == ["2026-12-01", "latest"])
    }

    @Test("the CSVs and run.json hold the model")
    func fileContents() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let out = temporary.file("report")
        try ReportWriter(templates: ReportFixtures.templates()).write(twoRouteModel(), to: out)
        let flights = try ReportFixtures.table(ReportFixtures.text(out.appendingPathComponent("flights.csv")))
        #expect(Set(flights.compactMap { $0["flight"] }) == ["UA1", "BA2"])
        let route = try ReportFixtures.table(ReportFixtures.text(out.appendingPathComponent("routes/JFK-LHR.csv")))
        #expect(route.map { $0["flight"] } == ["UA1"])
        // A route file is the header and exactly its flights' rows of flights.csv, byte for byte.
        let flightLines = try ReportFixtures.text(out.appendingPathComponent("flights.csv")).components(
            separatedBy: "\r\n")
        let routeLines = try ReportFixtures.text(out.appendingPathComponent("routes/JFK-LHR.csv"))
            .components(separatedBy: "\r\n")
        #expect(routeLines.first == flightLines.first)
        #expect(routeLines.count == 3 && flightLines.contains(routeLines[1]) && routeLines[1].contains("UA1"))
        let rejects = try ReportFixtures.rows(ReportFixtures.text(out.appendingPathComponent("rejects.csv")))
        #expect(rejects == [["line", "reason", "raw"], ["4", "unknown origin airport \"QQQ\"", "XX1,QQQ,LHR,x,y"]])
        let run = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("run.json")))
        #expect((run as? [String: Any])?["schema_version"] as? Int == 1)
    }

    @Test("every data row ends up in flights.csv or rejects.csv")
    func nothingLost() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let out = temporary.file("report")
        let model = try twoRouteModel()
        try ReportWriter(templates: ReportFixtures.templates()).write(model, to: out)
        let flights = try ReportFixtures.rows(ReportFixtures.text(out.appendingPathComponent("flights.csv")))
        let rejects = try ReportFixtures.rows(ReportFixtures.text(out.appendingPathComponent("rejects.csv")))
        #expect(flights.count - 1 + rejects.count - 1 == model.summary.flights.rows)
    }

    @Test("writing again replaces the report and leaves no staging or retired directories")
    func rerunReplaces() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let out = temporary.file("report")
        let writer = ReportWriter(templates: try ReportFixtures.templates())
        try writer.write(twoRouteModel(runID: "first"), to: out)
        try Data("left over".utf8).write(to: out.appendingPathComponent("stray.txt"))
        let second = try ReportFixtures.model(
            [TestFlights.flight("QF1", from: "SYD", to: "NRT")],
            weather: ["SYD": ReportFixtures.weather(), "NRT": ReportFixtures.weather()], runID: "second")
        try writer.write(second, to: out)
        #expect(!exists(out.appendingPathComponent("stray.txt")))
        #expect(!exists(out.appendingPathComponent("routes/JFK-LHR.html")))
        #expect(exists(out.appendingPathComponent("routes/SYD-NRT.html")))
        let index = try ReportFixtures.text(out.appendingPathComponent("index.html"))
        #expect(index.contains("SYD-NRT") && !index.contains("JFK-LHR"), "the index is the second run's")
        #expect(try contents(temporary.url) == ["latest", "report"])
    }

    @Test("a newer report elsewhere takes latest; the older one stays")
    func latestMoves() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let writer = ReportWriter(templates: try ReportFixtures.templates())
        try writer.write(twoRouteModel(), to: temporary.file("2026-12-01"))
        try writer.write(twoRouteModel(), to: temporary.file("2026-12-02"))
        #expect(
            try FileManager.default.destinationOfSymbolicLink(atPath: temporary.file("latest").path) == "2026-12-02")
        #expect(exists(temporary.file("2026-12-01/index.html")))
        #expect(try contents(temporary.url) == ["2026-12-01", "2026-12-02", "latest"])
    }

    @Test("latest is left alone when asked")
    func noLatest() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        try ReportWriter(templates: ReportFixtures.templates())
            .write(twoRouteModel(), to: temporary.file("report"), updateLatest: false)
        #expect(try contents(temporary.url) == ["report"])
    }

    @Test("a report with no flights still has every top-level file")
    func emptyReport() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let out = temporary.file("report")
        try ReportWriter(templates: ReportFixtures.templates()).write(ReportFixtures.model([], weather: [:]), to: out)
        for name in ["index.html", "flights.csv", "rejects.csv", "run.json"] {
            #expect(exists(out.appendingPathComponent(name)), "\(name)")
        }
        #expect(try ReportFixtures.text(out.appendingPathComponent("rejects.csv")) == "line,reason,raw\r\n")
    }

    @Test("a route to an airport without an IATA code is named by ICAO")
    func icaoRouteName() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let out = temporary.file("report")
        let model = try ReportFixtures.model(
            [TestFlights.flight("UA9", from: "JFK", to: "00AA")], weather: ["JFK": ReportFixtures.weather()])
        try ReportWriter(templates: ReportFixtures.templates()).write(model, to: out)
        #expect(exists(out.appendingPathComponent("routes/JFK-00AA.html")))
        #expect(exists(out.appendingPathComponent("routes/JFK-00AA.csv")))
        #expect(try ReportFixtures.text(out.appendingPathComponent("index.html")).contains("routes/JFK-00AA.html"))
    }

    @Test("an unwritable destination is a write error and leaves nothing behind")
    func unwritable() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        try temporary.write("a file, not a directory", to: "blocker")
        let out = temporary.file("blocker/report")
        #expect(throws: ReportError.self) {
            try ReportWriter(templates: ReportFixtures.templates()).write(twoRouteModel(), to: out)
        }
        #expect(try contents(temporary.url) == ["blocker"])
    }

    @Test("missing templates are reported with the path")
    func missingTemplates() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let error = try #require(throws: ReportError.self) { try ReportTemplates.load(from: temporary.url) }
        guard case .templateUnreadable(let path, _) = error else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(path.hasSuffix("index.html"))
    }

    @Test("a template with one data-slot inside another is refused when the templates are loaded")
    func nestedSlotTemplate() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        for name in ReportTemplates.files {
            let original = try String(
                contentsOf: ReportFixtures.templatesDirectory.appendingPathComponent(name), encoding: .utf8)
            let text =
                name == "route.html"
                ? original.replacingOccurrences(
                    of: "<footer data-slot=\"footer\"></footer>",
                    with: "<footer data-slot=\"footer\"><small data-slot=\"attribution-top\"></small></footer>")
                : original
            try temporary.write(text, to: name)
        }
        let error = try #require(throws: ReportError.self) { try ReportTemplates.load(from: temporary.url) }
        #expect(error.description.contains("route.html"), "\(error)")
        #expect(error.description.contains("attribution-top") && error.description.contains("footer"), "\(error)")
    }
}
