import FleetTestSupport
import Foundation
import Testing

/// Issue 15: `run` and `plan` read an SSIM season as they read a CSV.
@Suite("SSIM runs")
struct SSIMRunTests {
    static let demoSeason = AppHarness.packageRoot.appendingPathComponent("Schedules/demo.ssim")

    /// What makes a flight the same flight in both reports.
    static func flights(_ app: AppHarness, _ directory: String) throws -> [String] {
        try app.csvRows("\(directory)/flights.csv").map { row in
            ["flight", "origin", "destination", "departure_utc", "arrival_utc", "risk", "status"]
                .map { row[$0] ?? "?" }.joined(separator: " ")
        }
        .sorted()
    }

    @Test("the demo season briefs the CSV demo's flights, instants and risks; run.json says what it expanded")
    func demoSeasonMatchesCSV() async throws {
        let app = try AppHarness()
        defer { app.remove() }
        let csv = await app.run([
            "run", AppHarness.demoSchedule.path, "--replay", AppHarness.demoWeather.path, "--out", "Output/csv",
        ])
        #expect(csv.exitCode == 0, "\(csv.stderr)")
        let ssim = await app.run([
            "run", Self.demoSeason.path, "--replay", AppHarness.demoWeather.path, "--out", "Output/ssim",
            "--from", "2026-11-30", "--days", "4", "--log-format", "json",
        ])
        #expect(ssim.exitCode == 0, "\(ssim.stderr)")
        #expect(ssim.stderr.contains("SSIM season: 44 flight leg records (44 expanded, 0 rejected"))
        let last = try #require(ssim.stderr.split(separator: "\n").last)
        let event = try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
        let fields = try #require(event["fields"] as? [String: Any])
        #expect(event["event"] as? String == "run_finished")
        #expect(fields["schedule_format"] as? String == "ssim")
        #expect(fields["ssim_legs"] as? Int == 44 && fields["ssim_dated_flights"] as? Int == 44)
        let expected = try Self.flights(app, "Output/csv")
        #expect(expected.count == 44)
        #expect(try Self.flights(app, "Output/ssim") == expected)
        let format = try #require(try app.runJSON("Output/ssim")["schedule_format"] as? [String: Any])
        #expect(format["format"] as? String == "ssim")
        #expect(format["from"] as? String == "2026-11-30")
        #expect(format["days"] as? Int == 4)
        #expect(format["legs"] as? Int == 44 && format["dated_flights"] as? Int == 44)
        #expect(format["time_modes"] as? [String] == ["local", "utc"])
        #expect(format["carriers"] as? Int == 20)
        let csvFormat = try #require(try app.runJSON("Output/csv")["schedule_format"] as? [String: Any])
        #expect(csvFormat.keys.sorted() == ["format"] && csvFormat["format"] as? String == "csv")
    }

    @Test("without --from the window starts on the UTC day of the run's clock, for two days")
    func defaultWindow() async throws {
        let app = try AppHarness()
        defer { app.remove() }
        let csv = await app.run([
            "run", AppHarness.demoSchedule.path, "--replay", AppHarness.demoWeather.path, "--out", "Output/csv",
        ])
        #expect(csv.exitCode == 0, "\(csv.stderr)")
        // The harness's clock is 2026-11-30T05:00Z: the window is 2026-11-30 and 2026-12-01 (UTC).
        let inWindow = try app.csvRows("Output/csv/flights.csv").filter { row in
            let departure = row["departure_utc"] ?? ""
            return departure >= "2026-11-30T00:00:00Z" && departure < "2026-12-02T00:00:00Z"
        }
        #expect(inWindow.count > 10 && inWindow.count < 44)
        let plan = await app.run(["plan", Self.demoSeason.path, "--replay", AppHarness.demoWeather.path, "--json"])
        #expect(plan.exitCode == 0, "\(plan.stderr)")
        let body = try #require(
            try JSONSerialization.jsonObject(with: Data(plan.stdout.utf8)) as? [String: Any])
        let format = try #require(body["schedule_format"] as? [String: Any])
        #expect(format["from"] as? String == "2026-11-30" && format["days"] as? Int == 2)
        #expect(format["dated_flights"] as? Int == inWindow.count)
        #expect((body["flights"] as? [String: Int])?["accepted"] == inWindow.count)
        let table = await app.run(["plan", Self.demoSeason.path, "--replay", AppHarness.demoWeather.path])
        #expect(table.stdout.contains("SSIM season: 44 flight leg records"))
    }

    @Test(
        "bad --format, --from and --days are usage errors; --from or --days with a CSV schedule too",
        arguments: [
            (["--format", "xml"], "--format must be csv or ssim, got 'xml'"),
            (["--from", "2026-13-01"], "--from must be a date such as 2026-12-01"),
            (["--from", "1999-12-31"], "--from must be a date such as 2026-12-01 (years 2000 to 2100)"),
            (["--days", "0"], "--days must be a whole number from 1 to 366, got '0'"),
            (["--csv-days"], "'plan' has no option --csv-days"),
        ])
    func usageErrors(arguments: [String], message: String) async throws {
        let app = try AppHarness()
        defer { app.remove() }
        let result = await app.run(["plan", Self.demoSeason.path, "--replay", AppHarness.demoWeather.path] + arguments)
        #expect(result.exitCode == 64)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        let csv = await app.run([
            "plan", AppHarness.demoSchedule.path, "--replay", AppHarness.demoWeather.path, "--days", "3",
        ])
        #expect(csv.exitCode == 64)
        #expect(csv.stderr.contains("was read as a CSV schedule, whose rows are dated already"), "\(csv.stderr)")
    }

    @Test("a window the season does not fly in briefs nothing, exits 2 and says to check --from and --days")
    func emptyWindow() async throws {
        let app = try AppHarness()
        defer { app.remove() }
        let result = await app.run([
            "run", Self.demoSeason.path, "--replay", AppHarness.demoWeather.path, "--out", "Output/june",
            "--from", "2027-06-01",
        ])
        #expect(result.exitCode == 2, "\(result.stderr)")
        #expect(
            result.stderr.contains(
                "has no flight departing from 2027-06-01 00:00Z to 2027-06-03 00:00Z (44 flight leg records, 44 of them "
                    + "with no date then): check --from and --days"), "\(result.stderr)")
        let format = try #require(try app.runJSON("Output/june")["schedule_format"] as? [String: Any])
        #expect(format["legs_outside_window"] as? Int == 44 && format["dated_flights"] as? Int == 0)
    }

    @Test("a season without its header, or read with --format csv, is refused (exit 1) and publishes nothing")
    func refused() async throws {
        let app = try AppHarness()
        defer { app.remove() }
        let text = try String(contentsOf: Self.demoSeason, encoding: .utf8)
        let headerless = text.split(separator: "\n").dropFirst().joined(separator: "\n") + "\n"
        try headerless.write(to: app.file("headerless.ssim"), atomically: true, encoding: .utf8)
        let result = await app.run([
            "run", app.file("headerless.ssim").path, "--replay", AppHarness.demoWeather.path, "--out", "Output/x",
        ])
        #expect(result.exitCode == 1)
        #expect(result.stderr.contains("does not start with its header record (type 1"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: app.file("Output/x").path))
        let forced = await app.run([
            "run", Self.demoSeason.path, "--replay", AppHarness.demoWeather.path, "--out", "Output/y",
            "--format", "csv",
        ])
        #expect(forced.exitCode == 1)
        #expect(forced.stderr.contains("is missing required columns"), "\(forced.stderr)")
    }
}
