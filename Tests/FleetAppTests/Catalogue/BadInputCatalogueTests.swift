import FleetTestSupport
import Foundation
import Testing

/// Every case of the bad-input catalogue, run in-process on the demo's fixed clock
/// (`AppHarness`: 2026-11-30T05:00Z), with the demo recordings for weather.
@Suite("Bad-input catalogue")
struct BadInputCatalogueTests {
    /// Every family's cases.
    static let cases: [BadInput] = BadInputCatalogue.all

    /// Words no answer may show a person: error codes and domains, crash text, doubled labels.
    static let neverShown = [
        "Error Domain", "NSCocoaErrorDomain", "NSPOSIXErrorDomain", "error 256", "Code=", "Fatal error",
        "warning: warning:", "error: error:", "Swift/", "\u{FEFF}",
    ]

    /// The longest stderr line any answer may have: every value it echoes is bounded.
    static let longestLine = 2_000

    @Test("the catalogue holds at least 100 cases, each named once")
    func size() {
        #expect(Self.cases.count >= 100, "\(Self.cases.count) cases")
        let names = Self.cases.map(\.testDescription)
        #expect(Set(names).count == names.count, "duplicate names")
    }

    @Test("each case gets its exit code and a clear message", arguments: cases)
    func answer(_ input: BadInput) async throws {
        var app = try AppHarness()
        defer { app.remove() }
        let workspace = CatalogueWorkspace(directory: app.directory)
        try await input.setup(workspace)
        app.variables.merge(try input.variables(workspace)) { $1 }
        let result = await app.run(input.arguments)
        #expect(result.exitCode == input.exitCode, "exit \(result.exitCode), stderr: \(result.stderr.prefix(2_000))")
        #expect(result.stderr.contains(input.message), "stderr: \(result.stderr.prefix(2_000))")
        for word in Self.neverShown + input.notInMessage {
            #expect(!result.stderr.contains(word), "\"\(word)\" shown: \(result.stderr.prefix(2_000))")
        }
        let long = result.stderr.split(separator: "\n").filter { $0.utf8.count > Self.longestLine }
        #expect(long.isEmpty, "\(long.count) stderr line(s) over \(Self.longestLine) bytes")
        if let report = try Self.publishedReport(input, app: app) {
            try Self.checkRowsAccounted(report, app: app)
            Self.checkRunJSONBounded(report)
        }
        for (path, fragment) in input.inFiles {
            let text = try String(contentsOf: app.file(path), encoding: .utf8)
            #expect(text.contains(fragment), "\(path): \(text.prefix(2_000))")
        }
    }

    /// The report a case published: its `--out` folder and its `run.json`, read once for every
    /// check made on it.
    struct PublishedReport {
        /// The `--out` value.
        let out: String
        /// `run.json`'s size in bytes.
        let size: Int
        /// `run.json` parsed.
        let object: [String: Any]
    }

    /// The report of a case whose command line names `--out` and which wrote a `run.json`
    /// there; nil for a case that published nothing.
    static func publishedReport(_ input: BadInput, app: AppHarness) throws -> PublishedReport? {
        guard let index = input.arguments.firstIndex(of: "--out"), index + 1 < input.arguments.count else { return nil }
        let out = input.arguments[index + 1]
        let file = app.file("\(out)/run.json")
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        let data = try Data(contentsOf: file)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return PublishedReport(out: out, size: data.count, object: object)
    }

    /// Every data row of a published report is in exactly one of `flights.csv` and
    /// `rejects.csv`, and `run.json` counts them alike.
    static func checkRowsAccounted(_ report: PublishedReport, app: AppHarness) throws {
        let counts = try #require(report.object["flights"] as? [String: Int])
        let flights = try app.csvRows("\(report.out)/flights.csv").count
        let rejects = try app.csvRows("\(report.out)/rejects.csv").count
        #expect(counts["briefed"] == flights, "run.json briefed vs flights.csv")
        #expect(counts["rejected"] == rejects, "run.json rejected vs rejects.csv")
        #expect(counts["rows"] == flights + rejects, "rows = briefed + rejected")
    }
}

extension BadInputCatalogueTests {
    /// The largest `run.json` any answer may publish: a summary, not a copy of the input.
    static let largestRunJSON = 1_000_000

    /// A published report's `run.json` is small and every warning in it is bounded like a
    /// stderr line (item 10 of issue 9: a 50 MB column name once made a 50 MB `run.json`).
    static func checkRunJSONBounded(_ report: PublishedReport) {
        #expect(report.size < largestRunJSON, "run.json is \(report.size) bytes")
        let warnings = report.object["warnings"] as? [String] ?? []
        let long = warnings.filter { $0.utf8.count > longestLine }
        #expect(
            long.isEmpty,
            "\(long.count) run.json warning(s) over \(longestLine) bytes: \(long.first?.prefix(300) ?? "")")
    }
}

/// All the catalogue's families. A family file adds a `static let` of cases and its name here.
enum BadInputCatalogue {
    static var all: [BadInput] {
        schedules + state + outputs + weather + replayFolders + options + config
    }
}
