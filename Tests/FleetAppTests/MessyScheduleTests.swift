import FleetTestSupport
import Foundation
import Testing

@Suite("A messy schedule end to end")
struct MessyScheduleTests {
    /// `Schedules/examples/messy.csv`: header aliases, BOM, CRLF, quoted fields with commas,
    /// quotes and a line break, local and offset times, DST gap and overlap, ICAO and IATA in any
    /// case, unknown airport, duplicate, broken rows, a blank line, formula-looking text and
    /// markup-looking text.
    static let schedule = AppHarness.packageRoot.appendingPathComponent("Schedules/examples/messy.csv")

    static let acceptedFlights: Set = ["UA1545", "BA178", "AA100", "QF1", "DL2", "AF11", "SQ321"]
    static let rejectedLines: Set = [7, 8, 9, 11, 12, 13, 15, 16]

    @Test("every data row lands in exactly one of flights.csv and rejects.csv, and run.json agrees")
    func everyRowAccountedFor() async throws {
        let app = try AppHarness()
        defer { app.remove() }
        try FileManager.default.copyItem(at: Self.schedule, to: app.file("messy.csv"))
        let result = await app.run(["run", "messy.csv", "--replay", AppHarness.demoWeather.path, "--out", "r"])
        #expect(result.exitCode == 2, "\(result.stderr)")
        let flights = try app.csvRows("r/flights.csv")
        let rejects = try app.csvRows("r/rejects.csv")
        #expect(Set(flights.compactMap { $0["flight"] }) == Self.acceptedFlights)
        #expect(flights.count == Self.acceptedFlights.count)
        #expect(Set(rejects.compactMap { $0["line"].flatMap(Int.init) }) == Self.rejectedLines)
        #expect(rejects.count == Self.rejectedLines.count)
        let counts = try #require(try app.runJSON("r")["flights"] as? [String: Int])
        #expect(counts["rows"] == 15)
        #expect(counts["briefed"] == 7)
        #expect(counts["rejected"] == 8)
        #expect(result.stderr.contains("Notes"), "ignored column named in a warning")
        #expect(result.stderr.contains("ambiguous") || result.stderr.contains("earlier"), "DST overlap warned")
        // run.json keeps the schedule's warnings too, with their lines, for the morning's review.
        let warnings = try #require(try app.runJSON("r")["warnings"] as? [String])
        #expect(warnings.contains { $0.contains("Notes") && $0.contains(".csv:1: warning:") }, "\(warnings)")
        #expect(warnings.contains { $0.contains("ambiguous") || $0.contains("earlier") }, "\(warnings)")
    }

    @Test("times become the right UTC instants, local ones in each airport's zone")
    func utcTimes() async throws {
        let app = try AppHarness()
        defer { app.remove() }
        try FileManager.default.copyItem(at: Self.schedule, to: app.file("messy.csv"))
        _ = await app.run(["run", "messy.csv", "--replay", AppHarness.demoWeather.path, "--out", "r"])
        let rows = Dictionary(
            try app.csvRows("r/flights.csv").map { ($0["flight"] ?? "", $0) }, uniquingKeysWith: { first, _ in first })
        let expected: [String: (String, String)] = [
            "UA1545": ("2026-12-01T13:05:00Z", "2026-12-01T15:15:00Z"),
            "BA178": ("2026-12-01T14:15:00Z", "2026-12-01T17:25:00Z"),
            "AA100": ("2026-12-01T23:30:00Z", "2026-12-02T06:25:00Z"),
            "QF1": ("2026-12-01T04:55:00Z", "2026-12-01T13:00:00Z"),
            "DL2": ("2026-11-01T05:30:00Z", "2026-11-01T13:00:00Z"),
            "SQ321": ("2026-12-01T15:35:00Z", "2026-12-02T05:35:00Z"),
        ]
        for (flight, (departure, arrival)) in expected {
            #expect(rows[flight]?["departure_utc"] == departure, "\(flight)")
            #expect(rows[flight]?["arrival_utc"] == arrival, "\(flight)")
        }
        #expect(rows["UA1545"]?["departure_local"] == "2026-12-01T07:05:00-06:00")
        #expect(rows["QF1"]?["departure_local"] == "2026-12-01T15:55:00+11:00")
        #expect(rows["BA178"]?["origin"] == "LHR")
    }

    @Test("no data reaches HTML as markup and no CSV cell can start a formula")
    func injectionSafe() async throws {
        let app = try AppHarness()
        defer { app.remove() }
        try FileManager.default.copyItem(at: Self.schedule, to: app.file("messy.csv"))
        _ = await app.run(["run", "messy.csv", "--replay", AppHarness.demoWeather.path, "--out", "r"])
        let flights = try app.csvRows("r/flights.csv")
        #expect(flights.first { $0["flight"] == "AF11" }?["aircraft"] == "'=SUM(A1)")
        let rejects = try app.csvRows("r/rejects.csv")
        #expect(rejects.first { $0["line"] == "16" }?["raw"]?.hasPrefix("'=cmd") == true)
        for name in ["r/flights.csv", "r/rejects.csv"] {
            for record in CSVTestReader.records(try String(contentsOf: app.file(name), encoding: .utf8)) {
                for cell in record {
                    let risky = cell.first.map { "=+@\t\r".contains($0) } ?? false
                    let negativeNumber = cell.hasPrefix("-") && Double(cell) != nil
                    #expect(!risky && (!cell.hasPrefix("-") || negativeNumber), "\(name): \(cell)")
                }
            }
        }
        let index = try String(contentsOf: app.file("r/index.html"), encoding: .utf8)
        #expect(!index.contains("<script>alert"))
        #expect(!index.lowercased().contains("onerror="))
    }
}
