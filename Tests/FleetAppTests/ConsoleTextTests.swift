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
        ])
    func escaping(input: String, expected: String) {
        #expect(input.escapingControls == expected)
    }

    @Test("--json output stays valid JSON through the console, DEL and C1 controls included")
    func jsonStaysValid() throws {
        let console = CapturingConsole()
        let original = "night\u{7F}\u{85}\u{1B}.csv"
        console.out(try JSONText.encode(["schedule": original]))
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
}
