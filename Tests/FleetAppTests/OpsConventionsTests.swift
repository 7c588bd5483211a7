import FleetTestSupport
import Foundation
import Testing

/// `--metrics-file` and `--log-format json` (README, Running it nightly). promtool runs where
/// it is installed (Debian's `prometheus`); FLEETWX_REQUIRE_TOOLS=1 (CI) makes its absence a failure.
@Suite("Metrics file and JSON logs")
struct OpsConventionsTests {
    static func demo(_ app: AppHarness, extra: [String]) async -> AppHarness.Result {
        await app.run(
            ["run", AppHarness.demoSchedule.path, "--replay", AppHarness.demoWeather.path, "--out", "r"] + extra)
    }

    /// The samples of an exposition text, by name with labels.
    static func samples(_ text: String) -> [String: Double] {
        var samples: [String: Double] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            guard let space = line.lastIndex(of: " "), let value = Double(line[line.index(after: space)...]) else {
                continue
            }
            samples[String(line[..<space])] = value
        }
        return samples
    }

    @Test("the metrics file of a demo run agrees with run.json and passes promtool check metrics")
    func metricsAgreeWithRunJSON() async throws {
        let app = try AppHarness()
        defer { app.remove() }
        let result = await Self.demo(app, extra: ["--metrics-file", "fleetwx.prom"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let text = String(decoding: try Data(contentsOf: app.file("fleetwx.prom")), as: UTF8.self)
        let samples = Self.samples(text)
        let summary = try app.runJSON("r")
        let flights = try #require(summary["flights"] as? [String: Int])
        let requests = try #require(summary["requests"] as? [String: Int])
        let risk = try #require(summary["risk"] as? [String: Int])
        let quota = try #require(summary["quota"] as? [String: Any])
        #expect(samples["fleetwx_run_exit_code"] == Double(try #require(summary["exit_code"] as? Int)))
        for (kind, count) in flights {
            #expect(samples["fleetwx_run_flights{kind=\"\(kind)\"}"] == Double(count), "\(kind)")
        }
        for (name, count) in risk { #expect(samples["fleetwx_run_flights_by_risk{risk=\"\(name)\"}"] == Double(count)) }
        for outcome in ["planned", "sent", "succeeded", "failed", "retried", "skipped_for_quota"] {
            #expect(samples["fleetwx_run_requests{outcome=\"\(outcome)\"}"] == requests[outcome].map(Double.init))
        }
        #expect(samples["fleetwx_run_cache_hits"] == requests["cache_hits"].map(Double.init))
        #expect(samples["fleetwx_quota_used_calls"] == (quota["used"] as? Int).map(Double.init))
        #expect(samples["fleetwx_quota_remaining_calls"] == (quota["remaining"] as? Int).map(Double.init))
        #expect(samples["fleetwx_run_cells"] == (summary["cells"] as? Int).map(Double.init))
        let finishedText = try #require(summary["finished_at"] as? String)
        let finished = try #require(ISO8601DateFormatter().date(from: finishedText))
        #expect(samples["fleetwx_run_timestamp_seconds"] == finished.timeIntervalSince1970)
        let timings = try #require(summary["timings"] as? [String: Double])
        let plan = try #require(samples["fleetwx_run_phase_seconds{phase=\"plan\"}"])
        #expect(abs(plan - (timings["plan_seconds"] ?? -1)) < 1e-5)
        let mode = try FileManager.default.attributesOfItem(atPath: app.file("fleetwx.prom").path)[.posixPermissions]
        #expect(mode as? Int == 0o644)
        try Self.promtool(app.file("fleetwx.prom"))
    }

    static func promtool(_ file: URL) throws {
        let path = ["/usr/bin/promtool", "/usr/local/bin/promtool"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
        guard let path else {
            if ProcessInfo.processInfo.environment["FLEETWX_REQUIRE_TOOLS"] == "1" {
                Issue.record("promtool is not installed (apt-get install prometheus)")
            }
            return
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["check", "metrics"]
        process.standardInput = try FileHandle(forReadingFrom: file)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "promtool: \(said)")
        #expect(said.isEmpty, "promtool lint: \(said)")
    }

    @Test("a run that fails still writes its exit code and time; a missing folder is refused up front")
    func failedRun() async throws {
        let app = try AppHarness()
        defer { app.remove() }
        let failed = await app.run([
            "run", "no-such.csv", "--replay", AppHarness.demoWeather.path, "--out", "r", "--metrics-file", "f.prom",
        ])
        #expect(failed.exitCode == 1)
        let samples = Self.samples(String(decoding: try Data(contentsOf: app.file("f.prom")), as: UTF8.self))
        #expect(samples["fleetwx_run_exit_code"] == 1)
        #expect(samples["fleetwx_run_timestamp_seconds"] ?? 0 > 1_700_000_000)
        #expect(samples["fleetwx_run_flights{kind=\"briefed\"}"] == nil)
        let refused = await Self.demo(app, extra: ["--metrics-file", "missing/f.prom"])
        #expect(refused.exitCode == 1)
        #expect(refused.stderr.contains("does not exist"))
        #expect(!FileManager.default.fileExists(atPath: app.file("r/run.json").path))
    }

    @Test("--log-format json: every stderr line is one JSON object with time, level, event, message, fields")
    func jsonLines() async throws {
        let app = try AppHarness()
        defer { app.remove() }
        let result = await app.run(
            [
                "run", "Schedules/examples/messy.csv", "--replay", AppHarness.demoWeather.path, "--out", "r",
                "--log-format", "json",
            ].map { $0 == "Schedules/examples/messy.csv" ? AppHarness.packageRoot.appendingPathComponent($0).path : $0 }
        )
        #expect(result.exitCode == 2, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count >= 3)
        var events: [String] = []
        for line in lines {
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
            #expect(Set(object.keys) == ["time", "level", "event", "message", "fields"], "\(line)")
            #expect(["info", "warning", "error"].contains(object["level"] as? String ?? ""))
            events.append(object["event"] as? String ?? "")
            if object["event"] as? String == "run_finished" {
                let fields = try #require(object["fields"] as? [String: Any])
                #expect(fields["exit_code"] as? Int == 2)
                let counts = try app.runJSON("r")["flights"] as? [String: Int]
                #expect(fields["flights_rejected"] as? Int == counts?["rejected"])
            }
        }
        #expect(events.contains("warning"))
        #expect(events.last == "run_finished")
        let bad = await Self.demo(app, extra: ["--log-format", "xml"])
        #expect(bad.exitCode == 64)
        #expect(bad.stderr.contains("--log-format must be plain or json"))
    }
}
