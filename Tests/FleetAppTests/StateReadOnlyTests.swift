import FleetTestSupport
import Foundation
import Testing

/// `quota` and `cache` only read the state database: a path with nothing there is reported as
/// such, and no database is created (a mistyped `--state` must not look like an unused month).
@Suite("Read-only commands and a missing state database")
struct StateReadOnlyTests {
    @Test(
        "quota and cache on a missing --state warn, report nothing used, and create no file",
        arguments: [
            ["quota"], ["quota", "--json"], ["cache"], ["cache", "--prune", "--json"],
        ])
    func missingState(_ command: [String]) async throws {
        let app = try AppHarness()
        defer { app.remove() }
        let result = await app.run(command + ["--state", "typo.sqlite"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stderr.contains("no state database at"), "\(result.stderr)")
        #expect(result.stderr.contains("typo.sqlite"))
        #expect(!FileManager.default.fileExists(atPath: app.file("typo.sqlite").path), "a database was created")
        if command[0] == "quota" {
            #expect(result.stdout.contains("500000"), "\(result.stdout)")
        }
        if command.contains("--json") {
            #expect(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) is [String: Any])
        }
    }

    @Test("after a run, quota reads the database it made without any warning")
    func existingState() async throws {
        let app = try AppHarness()
        defer { app.remove() }
        let run = await app.run([
            "run", AppHarness.demoSchedule.path, "--replay", AppHarness.demoWeather.path, "--out", "r", "--state",
            "s.sqlite",
        ])
        #expect(run.exitCode == 0, "\(run.stderr)")
        let quota = await app.run(["quota", "--state", "s.sqlite"])
        #expect(quota.exitCode == 0)
        #expect(!quota.stderr.contains("no state database"), "\(quota.stderr)")
    }
}
