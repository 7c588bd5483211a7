import FleetTestSupport
import Foundation
import Testing

/// The demo's reports against copies kept in `Tests/Snapshots/demo/`: the reproducibility test
/// compares one run with another, so a change to every page at once (a template, a CSV header,
/// a key of `run.json`) would pass it; here it fails until the snapshots are recorded again and
/// the diff reviewed.
@Suite("Golden reports")
struct GoldenReportTests {
    /// The route page kept: the demo's Basel-Mulhouse case, with hazards and an alert on it.
    static let routePage = "routes/MLH-LHR.html"
    /// The station page kept: Chicago O'Hare, a hub with a severe alert over both its boards.
    static let stationPage = "stations/ORD.html"

    @Test(
        "the demo's index, one route page, one station page, the CSVs, their data package and run.json are the recorded ones"
    )
    func demo() async throws {
        let directory = try TemporaryDirectory(prefix: "fleetwx-golden")
        defer { directory.remove() }
        // The built binary, as the reproducibility test runs it: a fixed --now, so only the
        // wall-clock time of the run differs from the recording (and is blanked, once it is
        // checked to lie between the times taken just before and just after the run).
        let before = Date()
        let run = try BinaryRun.start(
            arguments: [
                "run", AppHarness.demoSchedule.path, "--replay", AppHarness.demoWeather.path, "--out", "demo",
                "--state", "state.sqlite", "--now", "2026-11-30T05:00:00Z",
            ], environment: ["HOME": directory.url.path, "FLEETWX_TEMPLATES": AppHarness.templates.path],
            directory: directory)
        let result = try await run.wait()
        let after = Date()
        try #require(result.exitCode == 0, "\(result.stderr)")
        let report = directory.file("demo")
        func text(_ name: String) throws -> String {
            String(decoding: try Data(contentsOf: report.appendingPathComponent(name)), as: UTF8.self)
        }
        let outputs = [
            ("demo/index.html", try RunNormalising.withoutRunTime(text("index.html"), report: report)),
            ("demo/\(Self.routePage)", try RunNormalising.withoutRunTime(text(Self.routePage), report: report)),
            ("demo/\(Self.stationPage)", try RunNormalising.withoutRunTime(text(Self.stationPage), report: report)),
            ("demo/flights.csv", try text("flights.csv")),
            ("demo/rejects.csv", try text("rejects.csv")),
            ("demo/datapackage.json", try text("datapackage.json")),
            ("demo/flights.schema.json", try text("flights.schema.json")),
            (
                "demo/run.json",
                try RunNormalising.runJSON(
                    Data(contentsOf: report.appendingPathComponent("run.json")), checkout: AppHarness.packageRoot,
                    ranWithin: before...after)
            ),
        ]
        for (name, output) in outputs {
            if let why = Snapshot.mismatch(output, named: name) { Issue.record(Comment(rawValue: why)) }
        }
    }
}
