import FleetTestSupport
import Foundation
import Testing

@testable import FleetApp

/// Data quoted in messages must never reach a terminal or log as control characters.
@Suite("Console text")
struct ConsoleTextTests {
    @Test(
        "control characters become visible escapes; line breaks and other text stay",
        arguments: [
            ("plain text, ünïcödé ✈︎\n", "plain text, ünïcödé ✈︎\n"),
            ("\u{1B}]0;pwned\u{07}\u{1B}[2J", "\\x1b]0;pwned\\x07\\x1b[2J"),
            ("a\tb\rc\u{0}d\u{7F}e\u{85}f\u{9B}g", "a\\tb\\rc\\x00d\\x7fe\\x85f\\x9bg"),
            ("a\u{2028}b\u{2029}c", "a\\u{2028}b\\u{2029}c"),
            (
                "\u{202A}\u{202B}\u{202C}\u{202D}\u{202E}\u{2066}\u{2067}\u{2068}\u{2069}\u{200E}\u{200F}\u{61C}",
                "\\u{202a}\\u{202b}\\u{202c}\\u{202d}\\u{202e}\\u{2066}\\u{2067}\\u{2068}\\u{2069}\\u{200e}"
                    + "\\u{200f}\\u{61c}"
            ),
            // Invisible format characters, escaped as in a schedule's echoed values: a file name
            // with a byte order mark or a zero-width space must not look like one without.
            (
                "night\u{FEFF}.csv \u{200B}\u{200C}\u{200D}\u{2060}",
                "night\\u{feff}.csv \\u{200b}\\u{200c}\\u{200d}\\u{2060}"
            ),
        ])
    func escaping(input: String, expected: String) {
        #expect(input.escapingControls == expected)
    }

    @Test("--json output stays valid JSON through the console, DEL and C1 controls included")
    func jsonStaysValid() throws {
        let console = CapturingConsole()
        let original = "night\u{7F}\u{85}\u{1B}\u{FEFF}.csv"
        console.out(.json(try JSONText.encode(["schedule": original])))
        let parsed = try JSONSerialization.jsonObject(with: Data(console.stdout.utf8)) as? [String: String]
        #expect(parsed?["schedule"] == original)
    }

    @Test("a schedule header with an escape sequence reaches stderr of the real binary escaped")
    func binaryEscapesStderr() async throws {
        let directory = try TemporaryDirectory(prefix: "fleetwx-console")
        defer { directory.remove() }
        let schedule = try String(contentsOf: AppHarness.demoSchedule, encoding: .utf8)
        var lines = schedule.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines[0] += ",\"\u{1B}]0;pwned\u{07}\u{1B}[2J\""
        for index in lines.indices.dropFirst() where !lines[index].isEmpty { lines[index] += ",x" }
        try directory.write(lines.joined(separator: "\n"), to: "s.csv")
        let run = try BinaryRun.start(
            arguments: ["run", "s.csv", "--replay", AppHarness.demoWeather.path, "--out", "r", "--state", "s.sqlite"],
            environment: ["HOME": directory.url.path, "FLEETWX_TEMPLATES": AppHarness.templates.path],
            directory: directory)
        let result = try await run.wait()
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stderr.contains("\\x1b]0;pwned\\x07"), "\(result.stderr)")
        #expect(!result.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    }

    /// Text that would start a fake line, or turn the rest of one around, if printed raw.
    static let forged =
        "x\nfleetwx: 44 flights briefed FORGED (exit 0)\u{2028}fleetwx: FORGED\u{202E}0 tixe\u{2066}\u{200F}\r\u{85}y"

    /// Scalars that break a line or reorder text on a terminal or in a log viewer.
    static func isLineBreakOrBidi(_ scalar: Unicode.Scalar) -> Bool {
        [0x0D, 0x85, 0x2028, 0x2029, 0x200E, 0x200F, 0x061C].contains(scalar.value)
            || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }

    /// The forged text was printed, escaped on one line: no line of its own, no raw break or
    /// bidi control.
    static func expectNotForged(_ text: String, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(text.contains("fleetwx: 44 flights briefed FORGED"), "\(what): \(text)", sourceLocation: sourceLocation)
        let lines = text.split(separator: "\n")
        #expect(
            !lines.contains { $0.hasPrefix("fleetwx: 44 flights briefed FORGED") }, "\(what): \(text)",
            sourceLocation: sourceLocation)
        #expect(
            !text.unicodeScalars.contains(where: isLineBreakOrBidi), "\(what): \(text)", sourceLocation: sourceLocation)
    }

    @Test("a schedule header cannot forge a log line, as an ignored column or in a missing-column error")
    func forgedHeader() async throws {
        let directory = try TemporaryDirectory(prefix: "fleetwx-console")
        defer { directory.remove() }
        let schedule = try String(contentsOf: AppHarness.demoSchedule, encoding: .utf8)
        var lines = schedule.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines[0] += ",\"\(Self.forged)\""
        for index in lines.indices.dropFirst() where !lines[index].isEmpty { lines[index] += ",x" }
        try directory.write(lines.joined(separator: "\n"), to: "s.csv")
        try directory.write("flight,origin,\"\(Self.forged)\"\nUA1,JFK,LAX\n", to: "missing.csv")
        let environment = ["HOME": directory.url.path, "FLEETWX_TEMPLATES": AppHarness.templates.path]
        for (name, code) in [("s.csv", 0), ("missing.csv", 1)] {
            let run = try BinaryRun.start(
                arguments: ["run", name, "--replay", AppHarness.demoWeather.path, "--out", "r", "--state", "s.sqlite"],
                environment: environment, directory: directory)
            let result = try await run.wait()
            #expect(result.exitCode == Int32(code), "\(result.stderr)")
            Self.expectNotForged(result.stderr, name)
        }
    }

    @Test("a replay file name cannot forge a log line")
    func forgedReplayFileName() async throws {
        let directory = try TemporaryDirectory(prefix: "fleetwx-console")
        defer { directory.remove() }
        let replay = directory.file("replay")
        try FileManager.default.copyItem(at: AppHarness.demoWeather, to: replay)
        try Data("not a body".utf8).write(to: replay.appendingPathComponent(Self.forged + ".json"))
        let run = try BinaryRun.start(
            arguments: [
                "run", AppHarness.demoSchedule.path, "--replay", replay.path, "--out", "r", "--state", "s.sqlite",
            ],
            environment: ["HOME": directory.url.path, "FLEETWX_TEMPLATES": AppHarness.templates.path],
            directory: directory)
        let result = try await run.wait()
        #expect(result.exitCode == 0, "\(result.stderr)")
        Self.expectNotForged(result.stderr, "replay")
    }

    @Test("a 401 reason from the server cannot forge a line, in run's log or check-credentials' report")
    func forgedUnauthorizedReason() async throws {
        let server = try await FakeWeatherKitServer.start()
        defer { server.stop() }
        try await server.setFaults(FakeFaults(rules: [FakeFaults.Rule(.unauthorized, reason: Self.forged)]))
        let live = try LiveHarness()
        defer { live.remove() }
        try live.write(LiveSchedule.csv(LiveSchedule.flights(2)), to: "s.csv")
        let run = try await live.runBinary(LiveRunTests.runArguments(server, out: "r"))
        #expect(run.exitCode == 1, "\(run.stderr)")
        Self.expectNotForged(run.stderr, "run")
        let check = try await live.runBinary(["check-credentials", "--endpoint", server.baseURL.absoluteString])
        #expect(check.exitCode == 1, "\(check.stdout)")
        Self.expectNotForged(check.stdout + check.stderr, "check-credentials")
    }
}
