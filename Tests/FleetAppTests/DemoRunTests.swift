import FleetTestSupport
import Foundation
import Testing

@Suite("Demo run")
struct DemoRunTests {
    @Test("the README's demo command writes every docs/contract.md §8.1 output and exits 0")
    func demoWritesEverything() async throws {
        let app = try AppHarness()
        defer { app.remove() }
        let result = await app.run([
            "run", AppHarness.demoSchedule.path, "--replay", AppHarness.demoWeather.path, "--out", "Output/demo",
        ])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        for name in ["index.html", "flights.csv", "rejects.csv", "run.json"] {
            #expect(FileManager.default.fileExists(atPath: app.file("Output/demo/\(name)").path), "\(name)")
        }
        let routes = try FileManager.default.contentsOfDirectory(atPath: app.file("Output/demo/routes").path)
        let summary = try app.runJSON("Output/demo")
        #expect(routes.filter { $0.hasSuffix(".html") }.count == summary["routes"] as? Int)
        #expect(routes.filter { $0.hasSuffix(".csv") }.count == summary["routes"] as? Int)
        let latest = try FileManager.default.destinationOfSymbolicLink(atPath: app.file("Output/latest").path)
        #expect(latest == "demo")
        let flights = try app.csvRows("Output/demo/flights.csv")
        let counts = try #require(summary["flights"] as? [String: Int])
        #expect(counts["briefed"] == flights.count)
        #expect(counts["rows"] == 44)
        #expect(counts["rejected"] == 0)
        #expect(summary["exit_code"] as? Int == 0)
        #expect(summary["source"] as? String == "replay")
        let requests = try #require(summary["requests"] as? [String: Int])
        #expect(requests["sent"] == 0)
    }

    @Test("the demo's index lists all 44 flights, with no cap note, and finds each by its number")
    func demoIndexListsAll() async throws {
        let app = try AppHarness()
        defer { app.remove() }
        let result = await app.run([
            "run", AppHarness.demoSchedule.path, "--replay", AppHarness.demoWeather.path, "--out", "Output/demo",
        ])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let index = String(decoding: try Data(contentsOf: app.file("Output/demo/index.html")), as: UTF8.self)
        #expect(index.components(separatedBy: "<tr data-risk=\"").count - 1 == 44)
        #expect(index.contains("<caption>44 flights; departure and arrival weather at the scheduled hour</caption>"))
        #expect(!index.contains("Not listed:"))
        let block = try #require(
            index.components(separatedBy: "<template id=\"flight-index\">").dropFirst().first?
                .components(separatedBy: "</template>").first)
        for row in try app.csvRows("Output/demo/flights.csv") {
            let number = try #require(row["flight"])
            let route = try #require(row["origin"]) + "-" + (try #require(row["destination"]))
            let line = block.split(separator: "\n").first { $0.hasPrefix(route + " ") }
            // The demo flies one number per route, so no number is shortened.
            #expect(line?.split(separator: " ").contains { $0 == number } == true, "\(number)")
        }
    }

    @Test("a replayed run's flights.csv carries the recorded hour's values, converted")
    func recordedValuesReachTheCSV() async throws {
        let app = try AppHarness()
        defer { app.remove() }
        let result = await app.run([
            "run", AppHarness.demoSchedule.path, "--replay", AppHarness.demoWeather.path, "--out", "r",
        ])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let rows = try app.csvRows("r/flights.csv")
        let recording =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: AppHarness.demoWeather.appendingPathComponent("ORD.json"))) as? [String: Any]
        let hours = try #require((recording?["forecastHourly"] as? [String: Any])?["hours"] as? [[String: Any]])
        var checked = 0
        for row in rows where row["origin"] == "ORD" {
            let departure = try #require(row["departure_utc"])
            let hourStart = String(departure.prefix(13)) + ":00:00Z"
            let hour = try #require(hours.first { $0["forecastStart"] as? String == hourStart })
            let temperature = try #require(hour["temperature"] as? Double)
            let wind = try #require(hour["windSpeed"] as? Double)
            let visibility = try #require(hour["visibility"] as? Double)
            let csvTemperature = try #require(row["dep_temperature_c"].flatMap(Double.init))
            let csvWind = try #require(row["dep_wind_kt"].flatMap(Double.init))
            let csvVisibility = try #require(row["dep_visibility_m"].flatMap(Double.init))
            #expect(abs(csvTemperature - temperature) <= 0.05 + 1e-9, "°C, one decimal")
            #expect(abs(csvWind - wind / 1.852) <= 0.5 + 1e-9, "km/h → kt, whole")
            #expect(abs(csvVisibility - visibility) <= 0.5 + 1e-9, "metres, whole")
            #expect(row["dep_condition"] == hour["conditionCode"] as? String)
            #expect(row["dep_forecast_hour_utc"] == hourStart)
            checked += 1
        }
        #expect(checked >= 3)
    }

    @Test("the demo covers what the issue asks: 40+ flights, 15+ airports, a shared cell, a severe alert")
    func demoShape() async throws {
        let app = try AppHarness()
        defer { app.remove() }
        let result = await app.run(["plan", AppHarness.demoSchedule.path, "--json"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let plan = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let cells = try #require(plan["cell_list"] as? [[String: Any]])
        let shared = cells.first { ($0["airports"] as? [String])?.count ?? 0 > 1 }
        #expect(shared?["airports"] as? [String] == ["BSL", "MLH"])
        #expect(cells.count >= 15)
        let flights = try #require(plan["flights"] as? [String: Int])
        #expect(flights["accepted"] ?? 0 >= 40)
        let run = await app.run([
            "run", AppHarness.demoSchedule.path, "--replay", AppHarness.demoWeather.path, "--out", "r",
        ])
        #expect(run.exitCode == 0)
        let rows = try app.csvRows("r/flights.csv")
        #expect(
            rows.contains {
                ($0["dep_alerts"] ?? "").hasPrefix("severe") || ($0["arr_alerts"] ?? "").hasPrefix("severe")
            })
        let summary = try app.runJSON("r")
        #expect(summary["cells"] as? Int == cells.count)
        #expect((summary["requests"] as? [String: Int])?["planned"] == (plan["requests"] as? [String: Int])?["planned"])
    }
}
