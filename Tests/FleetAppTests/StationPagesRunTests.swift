import FleetTestSupport
import Foundation
import Testing

/// The demo's station pages against its `flights.csv` (issue 12, "Done when"): every airport
/// has `stations/CODE.html`, listing every flight that departs or arrives there, in time order,
/// linking to its route page; route pages link to both station pages.
@Suite("Station pages of the demo")
struct StationPagesRunTests {
    /// (route page link, flight number) of each row of a board, in page order.
    static func board(_ page: String, _ slot: String) -> [String] {
        guard let start = page.range(of: "data-slot=\"\(slot)\"") else { return [] }
        let rest = page[start.upperBound...]
        let section = rest[..<(rest.range(of: "</section>")?.lowerBound ?? rest.endIndex)]
        return section.components(separatedBy: "<th scope=\"row\"><a href=\"").dropFirst().map { cell in
            String(cell.prefix { $0 != "<" }).replacingOccurrences(of: "\">", with: " ")
        }
    }

    @Test("every airport of flights.csv has a station page whose boards list its flights in time order")
    func boardsMatchFlightsCSV() async throws {
        let app = try AppHarness()
        defer { app.remove() }
        let result = await app.run([
            "run", AppHarness.demoSchedule.path, "--replay", AppHarness.demoWeather.path, "--out", "demo",
            "--now", "2026-11-30T05:00:00Z",
        ])
        try #require(result.exitCode == 0, "\(result.stderr)")
        let rows = try app.csvRows("demo/flights.csv")
        try #require(rows.count == 44)
        let codes = Set(rows.flatMap { [$0["origin"] ?? "", $0["destination"] ?? ""] })
        let pages = try FileManager.default.contentsOfDirectory(atPath: app.file("demo/stations").path)
        #expect(Set(pages) == Set(codes.map { "\($0).html" }))
        var listed = 0
        for code in codes.sorted() {
            let page = try String(contentsOf: app.file("demo/stations/\(code).html"), encoding: .utf8)
            for (slot, end, time) in [
                ("departures", "origin", "departure_utc"), ("arrivals", "destination", "arrival_utc"),
            ] {
                let expected = rows.filter { $0[end] == code }
                    .sorted { ($0[time] ?? "", $0["flight"] ?? "") < ($1[time] ?? "", $1["flight"] ?? "") }
                    .map { "../routes/\($0["origin"] ?? "")-\($0["destination"] ?? "").html \($0["flight"] ?? "")" }
                #expect(Self.board(page, slot) == expected, "\(code) \(slot)")
                listed += expected.count
            }
        }
        #expect(listed == 2 * rows.count, "each flight on one departure and one arrival board")
        for row in rows {
            let (origin, destination) = (row["origin"] ?? "", row["destination"] ?? "")
            let route = try String(contentsOf: app.file("demo/routes/\(origin)-\(destination).html"), encoding: .utf8)
            for code in [origin, destination] {
                #expect(route.contains("href=\"../stations/\(code).html\""), "route \(origin)-\(destination) → \(code)")
            }
        }
        let index = try String(contentsOf: app.file("demo/index.html"), encoding: .utf8)
        for code in codes { #expect(index.contains("href=\"stations/\(code).html\""), "index → \(code)") }
        let ord = try String(contentsOf: app.file("demo/stations/ORD.html"), encoding: .utf8)
        #expect(ord.contains("class=\"alert-banner\"") && ord.contains("Winter Storm Warning"))
    }
}
