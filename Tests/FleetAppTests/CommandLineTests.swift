import FleetTestSupport
import Foundation
import Testing

@Suite("Command line")
struct CommandLineTests {
    struct UsageCase: Sendable, CustomTestStringConvertible {
        let arguments: [String]
        let message: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let usageCases = [
        UsageCase(arguments: ["fly"], message: "unknown command"),
        UsageCase(arguments: ["run"], message: "exactly one schedule"),
        UsageCase(arguments: ["run", "a.csv", "--grid", "x"], message: "--grid"),
        UsageCase(arguments: ["run", "a.csv", "--grid", "0"], message: "--grid"),
        UsageCase(arguments: ["run", "a.csv", "--concurrency", "0"], message: "--concurrency"),
        UsageCase(arguments: ["run", "a.csv", "--language", "English"], message: "--language"),
        UsageCase(arguments: ["run", "a.csv", "--bogus"], message: "--bogus"),
        UsageCase(arguments: ["run", "a.csv", "--out"], message: "needs a value"),
        UsageCase(arguments: ["run", "a.csv", "--now", "yesterday"], message: "--now"),
        UsageCase(arguments: ["airports"], message: "at least one"),
    ]

    @Test("usage errors exit 64 with the reason", arguments: usageCases)
    func usage(_ usageCase: UsageCase) async throws {
        let app = try AppHarness()
        defer { app.remove() }
        let result = await app.run(usageCase.arguments)
        #expect(result.exitCode == 64)
        #expect(result.stderr.contains(usageCase.message), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test("without --replay and credentials, run exits 1 naming every missing variable")
    func missingCredentials() async throws {
        let app = try AppHarness()
        defer { app.remove() }
        let result = await app.run(["run", AppHarness.demoSchedule.path, "--out", "r"])
        #expect(result.exitCode == 1)
        for name in ["WEATHERKIT_TEAM_ID", "WEATHERKIT_SERVICE_ID", "WEATHERKIT_KEY_ID", "WEATHERKIT_KEY_FILE"] {
            #expect(result.stderr.contains(name))
        }
        #expect(!FileManager.default.fileExists(atPath: app.file("r").path))
    }

    @Test("a plain-http endpoint that is not loopback is refused before anything is sent")
    func plainHTTPRefused() async throws {
        var app = try AppHarness()
        defer { app.remove() }
        for (name, value) in try TestCredentials.environment(in: app.directory) { app.variables[name] = value }
        let result = await app.run([
            "run", AppHarness.demoSchedule.path, "--endpoint", "http://weatherkit.example.com", "--out", "r",
        ])
        #expect(result.exitCode == 64, "a bad option value is a usage error")
        #expect(result.stderr.contains("https"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: app.file("r").path))
    }

    @Test(
        "a bad --endpoint is a usage error for every command that takes one, replayed runs included",
        arguments: [
            ["run", "SCHEDULE", "--endpoint", "ftp://127.0.0.1"], ["plan", "SCHEDULE", "--endpoint", "notaurl"],
            ["run", "SCHEDULE", "--replay", "WEATHER", "--endpoint", "http://[::1]:9"],
            ["check-credentials", "--endpoint", "http://10.0.0.1"],
        ])
    func badEndpointIsUsage(_ words: [String]) async throws {
        let app = try AppHarness()
        defer { app.remove() }
        let arguments = words.map { word in
            switch word {
            case "SCHEDULE": AppHarness.demoSchedule.path
            case "WEATHER": AppHarness.demoWeather.path
            default: word
            }
        }
        let result = await app.run(arguments + (words[0] == "check-credentials" ? [] : ["--out", "r"]))
        #expect(result.exitCode == 64, "\(result.stderr)")
        #expect(result.stderr.contains("--endpoint: invalid WeatherKit endpoint"), "\(result.stderr)")
    }

    @Test("a bad WEATHERKIT_ENDPOINT is a configuration error when a live run needs it, and ignored by replay")
    func badEndpointVariable() async throws {
        var app = try AppHarness()
        defer { app.remove() }
        for (name, value) in try TestCredentials.environment(in: app.directory) { app.variables[name] = value }
        app.variables["WEATHERKIT_ENDPOINT"] = "http://10.0.0.1"
        let live = await app.run(["run", AppHarness.demoSchedule.path, "--out", "r"])
        #expect(live.exitCode == 1)
        #expect(live.stderr.contains("in clear"), "\(live.stderr)")
        let replay = await app.run([
            "run", AppHarness.demoSchedule.path, "--replay", AppHarness.demoWeather.path, "--out", "r",
        ])
        #expect(replay.exitCode == 0, "\(replay.stderr)")
    }

    @Test("a schedule without a required column is fatal and names the accepted headers")
    func missingColumn() async throws {
        let app = try AppHarness()
        defer { app.remove() }
        try app.directory.write("flight,origin,destination,departure\nUA1,ORD,JFK,2026-12-01T10:00Z\n", to: "s.csv")
        let result = await app.run(["run", "s.csv", "--replay", AppHarness.demoWeather.path, "--out", "r"])
        #expect(result.exitCode == 1)
        #expect(result.stderr.contains("arrival"))
        #expect(result.stderr.contains("sta"))
        #expect(!FileManager.default.fileExists(atPath: app.file("r").path))
    }

    @Test("an unreadable schedule is fatal")
    func unreadableSchedule() async throws {
        let app = try AppHarness()
        defer { app.remove() }
        let result = await app.run(["run", "missing.csv", "--replay", AppHarness.demoWeather.path])
        #expect(result.exitCode == 1)
        #expect(result.stderr.contains("missing.csv"))
    }

    @Test("a threshold file with a misspelt setting is fatal")
    func badConfig() async throws {
        let app = try AppHarness()
        defer { app.remove() }
        try app.directory.write("{\"windAmberKnots\": 20}", to: "t.json")
        let result = await app.run([
            "run", AppHarness.demoSchedule.path, "--replay", AppHarness.demoWeather.path, "--config", "t.json",
        ])
        #expect(result.exitCode == 1)
        #expect(result.stderr.contains("windAmberKnots"))
    }

    @Test("airports resolves IATA and ICAO in any case and flags unknown codes")
    func airports() async throws {
        let app = try AppHarness()
        defer { app.remove() }
        let found = await app.run(["airports", "jfk", "LFSB", "mlh"])
        #expect(found.exitCode == 0)
        #expect(found.stdout.contains("John F Kennedy"))
        #expect(found.stdout.contains("America/New_York"))
        #expect(found.stdout.contains("EuroAirport"))
        let unknown = await app.run(["airports", "ZZZ", "--json"])
        #expect(unknown.exitCode == 2)
        #expect(unknown.stderr.contains("ZZZ"))
    }

    @Test("plan --json prints the cells and requests.planned a run starts from")
    func planMatchesRun() async throws {
        let app = try AppHarness()
        defer { app.remove() }
        let plan = await app.run(["plan", AppHarness.demoSchedule.path, "--json", "--state", "s.sqlite"])
        #expect(plan.exitCode == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(plan.stdout.utf8)) as? [String: Any])
        _ = await app.run([
            "run", AppHarness.demoSchedule.path, "--replay", AppHarness.demoWeather.path, "--out", "r", "--state",
            "s.sqlite",
        ])
        let summary = try app.runJSON("r")
        #expect(json["cells"] as? Int == summary["cells"] as? Int)
        #expect(
            (json["requests"] as? [String: Int])?["planned"] == (summary["requests"] as? [String: Int])?["planned"])
    }
}

@Suite("Replay without matching recordings")
struct EmptyReplayTests {
    @Test("a replay directory with no recording for any cell exits 1 and publishes nothing")
    func noRecordings() async throws {
        let app = try AppHarness()
        defer { app.remove() }
        try FileManager.default.createDirectory(at: app.file("empty"), withIntermediateDirectories: true)
        let result = await app.run(["run", AppHarness.demoSchedule.path, "--replay", "empty", "--out", "r"])
        #expect(result.exitCode == 1)
        #expect(result.stderr.contains("no recorded weather"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: app.file("r").path))
    }
}

@Suite("Where reports may be written")
struct OutputSafetyTests {
    @Test("--out naming a directory of other files is refused, and the files are untouched")
    func foreignDirectoryIsKept() async throws {
        let app = try AppHarness()
        defer { app.remove() }
        try app.directory.write("keep me\n", to: "work/notes.txt")
        let result = await app.run([
            "run", AppHarness.demoSchedule.path, "--replay", AppHarness.demoWeather.path, "--out", "work",
        ])
        #expect(result.exitCode == 1)
        #expect(result.stderr.contains("not a fleetwx report"), "\(result.stderr)")
        #expect(try String(contentsOf: app.file("work/notes.txt"), encoding: .utf8) == "keep me\n")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: app.directory.url.path)
        #expect(!leftovers.contains { $0.contains("staging") }, "\(leftovers)")
    }

    @Test("an empty --out is a usage error, not the working directory")
    func emptyOut() async throws {
        let app = try AppHarness()
        defer { app.remove() }
        let result = await app.run([
            "run", AppHarness.demoSchedule.path, "--replay", AppHarness.demoWeather.path, "--out", "",
        ])
        #expect(result.exitCode == 64)
    }

    @Test("a report is replaced by a rerun, and a file named latest is never overwritten")
    func replaceReportButNotLatestFile() async throws {
        let app = try AppHarness()
        defer { app.remove() }
        let arguments = ["run", AppHarness.demoSchedule.path, "--replay", AppHarness.demoWeather.path, "--out", "o/r"]
        #expect(await app.run(arguments).exitCode == 0)
        #expect(await app.run(arguments).exitCode == 0, "a fleetwx report may be replaced")
        try FileManager.default.removeItem(at: app.file("o/latest"))
        try app.directory.write("mine\n", to: "o/latest")
        let result = await app.run(arguments)
        #expect(result.exitCode == 1)
        #expect(try String(contentsOf: app.file("o/latest"), encoding: .utf8) == "mine\n")
    }

    @Test(
        "--out at the latest link, or at any symbolic link, is refused and the link keeps pointing at the report",
        arguments: ["o/latest", "o/alias"])
    func linkOutIsRefused(out: String) async throws {
        let app = try AppHarness()
        defer { app.remove() }
        let first = ["run", AppHarness.demoSchedule.path, "--replay", AppHarness.demoWeather.path, "--out", "o/r"]
        #expect(await app.run(first).exitCode == 0)
        try FileManager.default.createSymbolicLink(atPath: app.file("o/alias").path, withDestinationPath: "r")
        let result = await app.run(Array(first.dropLast()) + [out])
        #expect(result.exitCode == 1)
        #expect(result.stderr.contains("cannot publish a report at"), "\(result.stderr)")
        for link in ["o/latest", "o/alias"] {
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: app.file(link).path) == "r")
        }
        #expect(await app.run(first).exitCode == 0, "later runs still publish")
    }
}
