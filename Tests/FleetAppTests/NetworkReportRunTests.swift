import FleetHTML
import FleetTestSupport
import Foundation
import Testing

/// The fleet map, the station pages and the flight finder of the built binary's reports,
/// checked against each report's own `flights.csv` (issue 12, "Done when") on five schedules:
/// the demo, the messy one, the dispatcher's one, a trans-Pacific network (centred on the
/// Pacific, with airports that have no recorded weather and ICAO-only airports reached only by
/// arrivals) and a regional one (six airports in western Europe).
@Suite("Map, stations and finder against flights.csv")
struct NetworkReportRunTests {
    static let schedules = [
        "Schedules/demo.csv", "Schedules/examples/messy.csv", "Schedules/examples/dispatch.csv",
        "Schedules/examples/pacific.csv", "Schedules/examples/regional.csv",
    ]

    /// One report read back.
    struct Report {
        let directory: URL
        let rows: [[String: String]]

        func text(_ name: String) throws -> String {
            String(decoding: try Data(contentsOf: directory.appendingPathComponent(name)), as: UTF8.self)
        }

        func page(_ name: String) throws -> ParsedHTML {
            try ParsedHTML(try text(name), name: name)
        }

        /// The worst risk of each airport's ends (`dep_risk` at the origin, `arr_risk` at the
        /// destination), by code.
        var worstRisk: [String: String] {
            let order = ["red", "amber", "unknown", "green"]
            var worst: [String: String] = [:]
            for row in rows {
                for (code, risk) in [(row["origin"], row["dep_risk"]), (row["destination"], row["arr_risk"])] {
                    guard let code, let risk else { continue }
                    let current = worst[code].flatMap { order.firstIndex(of: $0) } ?? order.count
                    if (order.firstIndex(of: risk) ?? order.count) < current { worst[code] = risk }
                }
            }
            return worst
        }
    }

    static func run(_ schedule: String, in app: AppHarness) async throws -> Report {
        let result = await app.run([
            "run", AppHarness.packageRoot.appendingPathComponent(schedule).path, "--replay",
            AppHarness.demoWeather.path, "--out", "report", "--now", "2026-11-30T05:00:00Z",
        ])
        try #require(result.exitCode == 0 || result.exitCode == 2, "\(result.stderr)")
        let rows = try app.csvRows("report/flights.csv")
        try #require(!rows.isEmpty)
        return Report(directory: app.file("report"), rows: rows)
    }

    @Test("map, station pages and finder agree with flights.csv", arguments: schedules)
    func reportAgrees(schedule: String) async throws {
        // One run per schedule for all three checks: every run here is a whole demo-sized
        // report built in-process, on the 2 threads the test cases share.
        let app = try AppHarness()
        defer { app.remove() }
        let report = try await Self.run(schedule, in: app)
        try Self.mapMarkers(report, schedule)
        try Self.stationBoards(report, schedule)
        try Self.finderBlock(report, schedule)
    }

    /// One marker per airport, titled with its code, at its worst end's risk; land, a key, and a
    /// view fitted to the network.
    static func mapMarkers(_ report: Report, _ schedule: String) throws {
        let index = try report.page("index.html")
        let root = try #require(index.root)
        let svg = try #require(root.first { $0.tag == "svg" && ($0.attribute("class") ?? "").contains("map-svg") })
        let land = svg.all { ($0.attribute("class") ?? "") == "map-land" }
        #expect(!land.isEmpty && land.allSatisfy { ($0.attribute("d") ?? "").count > 20 }, "land outlines drawn")
        #expect(root.first { ($0.attribute("class") ?? "").contains("map-legend") } != nil, "a legend")
        var markers: [String: String] = [:]
        var points: [(Double, Double)] = []
        for group in svg.all(where: { ($0.attribute("class") ?? "").hasPrefix("stn risk-") }) {
            let risk = try #require(group.attribute("data-risk"))
            #expect(group.attribute("class") == "stn risk-\(risk)")
            for link in group.all(where: { $0.tag == "a" }) {
                let href = try #require(link.attribute("href"))
                let code = String(href.dropFirst("stations/".count).dropLast(".html".count))
                #expect(href == "stations/\(code).html")
                let title = try #require(link.first { $0.tag == "title" })
                #expect(title.textContent.hasPrefix(code + " "), "\(code): \(title.textContent)")
                #expect(markers[code] == nil, "one marker for \(code)")
                markers[code] = risk
                if let use = link.first(where: { $0.tag == "use" }), let x = use.attribute("x").flatMap(Double.init),
                    let y = use.attribute("y").flatMap(Double.init)
                {
                    points.append((x, y))
                }
            }
        }
        #expect(markers == report.worstRisk, "\(schedule)")
        // Fitted to the network: its markers spread over a good part of the view, regional or
        // global, and none lies outside it.
        let box = (svg.attribute("viewBox") ?? svg.attribute("viewbox") ?? "").split(separator: " ").compactMap {
            Double($0)
        }
        try #require(box.count == 4 && points.count == markers.count)
        let xs = points.map(\.0)
        let ys = points.map(\.1)
        #expect(xs.allSatisfy { (box[0]...(box[0] + box[2])).contains($0) })
        #expect(ys.allSatisfy { (box[1]...(box[1] + box[3])).contains($0) })
        let spread = max(((xs.max() ?? 0) - (xs.min() ?? 0)) / box[2], ((ys.max() ?? 0) - (ys.min() ?? 0)) / box[3])
        #expect(spread > 0.5, "\(schedule): markers span \(spread) of the view")
    }

    /// Every airport has a station page whose boards list each of its flights once, in time
    /// order, and route pages link both station pages.
    static func stationBoards(_ report: Report, _ schedule: String) throws {
        let codes = Set(report.rows.flatMap { [$0["origin"] ?? "", $0["destination"] ?? ""] })
        let pages = try FileManager.default.contentsOfDirectory(
            atPath: report.directory.appendingPathComponent("stations").path)
        #expect(Set(pages) == Set(codes.map { "\($0).html" }))
        var listed = 0
        for code in codes {
            let page = try report.text("stations/\(code).html")
            for (slot, end, time) in [
                ("departures", "origin", "departure_utc"), ("arrivals", "destination", "arrival_utc"),
            ] {
                let expected = report.rows.filter { $0[end] == code }
                    .sorted { ($0[time] ?? "", $0["flight"] ?? "") < ($1[time] ?? "", $1["flight"] ?? "") }
                    .map { "../routes/\($0["origin"] ?? "")-\($0["destination"] ?? "").html \($0["flight"] ?? "")" }
                #expect(StationPagesRunTests.board(page, slot) == expected, "\(schedule) \(code) \(slot)")
                listed += expected.count
            }
        }
        #expect(listed == 2 * report.rows.count)
        for row in report.rows {
            let route = "\(row["origin"] ?? "")-\(row["destination"] ?? "")"
            let page = try report.text("routes/\(route).html")
            for code in [row["origin"] ?? "", row["destination"] ?? ""] {
                #expect(page.contains("href=\"../stations/\(code).html\""), "\(route) links \(code)")
            }
        }
    }

    /// The finder's block on the index holds every flight with its route page.
    static func finderBlock(_ report: Report, _ schedule: String) throws {
        let index = try report.page("index.html")
        let block = try #require(index.root?.first { $0.attribute("id") == "flight-index" }).textContent
        var found: Set<String> = []
        for line in block.split(separator: "\n") {
            let words = line.split(separator: " ").map(String.init)
            guard let route = words.first else { continue }
            #expect(FileManager.default.fileExists(atPath: report.directory.path + "/routes/\(route).html"), "\(route)")
            var airline = ""
            for word in words.dropFirst() {
                // A bare number (1–4 digits and an optional letter) carries on the airline code
                // of the number before it: three letters (ICAO) or two characters (IATA).
                let digits = word.last?.isLetter == true ? word.dropLast() : Substring(word)
                let bare = (1...4).contains(digits.count) && digits.allSatisfy(\.isNumber)
                let number = bare ? airline + word : word
                found.insert("\(route) \(number)")
                let three = number.prefix(3)
                airline = three.allSatisfy(\.isLetter) && number.count > 3 ? String(three) : String(number.prefix(2))
            }
        }
        let expected = Set(report.rows.map { "\($0["origin"] ?? "")-\($0["destination"] ?? "") \($0["flight"] ?? "")" })
        #expect(found == expected, "\(schedule)")
    }
}
