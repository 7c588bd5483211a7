import Foundation
import Testing

/// `--help` after any command, `--version`, and "did you mean …?", as a person sees them: only
/// through the command line, with the names written out, so these fail on a build that lacks
/// them (issue 10, item 5).
@Suite("Help, version and suggestions")
struct HelpTests {
    /// A command line and options its help must name, written out by hand.
    struct HelpCase: Sendable, CustomTestStringConvertible {
        let arguments: [String]
        let names: [String]
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let helpCases = [
        HelpCase(
            arguments: ["run", "--help"],
            names: ["--out DIR", "--replay DIR", "--record DIR", "--endpoint URL", "--allow-over-pace", "--now TIME"]),
        HelpCase(arguments: ["plan", "-h"], names: ["--json", "--max-requests N", "--grid DEG", "--allow-past"]),
        HelpCase(arguments: ["quota", "--help"], names: ["--state FILE", "--monthly-quota N", "--json"]),
        HelpCase(arguments: ["cache", "--help"], names: ["--state FILE", "--prune", "--json"]),
        HelpCase(arguments: ["airports", "--help"], names: ["--json"]),
        HelpCase(
            arguments: ["check-credentials", "--help"], names: ["--endpoint URL", "--state FILE", "--monthly-quota N"]),
        HelpCase(arguments: ["run", "schedule.csv", "--out", "r", "--bogus", "-h"], names: ["--templates DIR"]),
        HelpCase(arguments: ["help", "quota"], names: ["--monthly-quota N"]),
    ]

    @Test(
        "help after a command exits 0 on stdout and names its options, even with arguments missing",
        arguments: helpCases)
    func commandHelp(_ helpCase: HelpCase) async throws {
        let app = try AppHarness()
        defer { app.remove() }
        let result = await app.run(helpCase.arguments)
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        for name in helpCase.names + ["-h, --help"] {
            #expect(result.stdout.contains(name), "\(name) missing from: \(result.stdout)")
        }
    }

    @Test("a command's help lists only what it accepts")
    func helpIsPerCommand() async throws {
        let app = try AppHarness()
        defer { app.remove() }
        let airports = await app.run(["airports", "--help"])
        #expect(!airports.stdout.contains("--state"))
        let quota = await app.run(["quota", "--help"])
        #expect(!quota.stdout.contains("--replay"))
        #expect(quota.stdout.contains("fleetwx quota [options]"))
    }

    @Test("`help run` prints what `run --help` does; `--help`, `-h` and `help` print the overview")
    func helpWords() async throws {
        let app = try AppHarness()
        defer { app.remove() }
        let run = await app.run(["run", "--help"])
        #expect(await app.run(["help", "run"]).stdout == run.stdout)
        let overview = await app.run(["--help"])
        #expect(overview.exitCode == 0)
        for command in ["run", "plan", "quota", "cache", "airports", "check-credentials", "help", "version"] {
            #expect(overview.stdout.contains("fleetwx \(command)"), "\(command)")
        }
        #expect(await app.run(["-h"]).stdout == overview.stdout)
        #expect(await app.run(["help"]).stdout == overview.stdout)
        #expect(overview.stdout != run.stdout)
    }

    @Test("--version and version print the version and exit 0", arguments: [["--version"], ["version"]])
    func version(_ arguments: [String]) async throws {
        let app = try AppHarness()
        defer { app.remove() }
        let result = await app.run(arguments)
        #expect(result.exitCode == 0)
        #expect(result.stdout == "fleetwx 1.0.0\n")
        #expect(result.stderr.isEmpty)
    }

    /// A mistyped word and the suggestion its error must make: a usage case like the command
    /// line's others (`CommandLineTests.UsageCase`).
    typealias TypoCase = CommandLineTests.UsageCase

    static let typoCases = [
        TypoCase(arguments: ["plna"], message: "unknown command 'plna'; did you mean 'plan'?"),
        TypoCase(arguments: ["qouta", "--json"], message: "did you mean 'quota'?"),
        TypoCase(arguments: ["check"], message: "did you mean 'check-credentials'?"),
        TypoCase(arguments: ["--verison"], message: "did you mean '--version'?"),
        TypoCase(arguments: ["help", "airprots"], message: "did you mean 'airports'?"),
        TypoCase(
            arguments: ["run", "x.csv", "--replya", "d"],
            message: "'run' has no option --replya; did you mean --replay?"),
        TypoCase(arguments: ["quota", "--jsno"], message: "did you mean --json?"),
        TypoCase(arguments: ["plan", "x.csv", "--max"], message: "did you mean --max-requests?"),
        TypoCase(arguments: ["plan", "x.csv", "--allow"], message: "did you mean --allow-past or --allow-over-pace?"),
        TypoCase(
            arguments: ["run", "x.csv", "--json"],
            message: "'run' has no option --json (plan, quota, cache, airports have it)"),
    ]

    @Test("a mistyped command or option is a usage error that names the nearest one", arguments: typoCases)
    func typo(_ typo: TypoCase) async throws {
        let app = try AppHarness()
        defer { app.remove() }
        let result = await app.run(typo.arguments)
        #expect(result.exitCode == 64)
        #expect(result.stderr.contains(typo.message), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test("a word far from every name gets no suggestion", arguments: [["fly"], ["run", "x.csv", "--colour", "red"]])
    func noSuggestion(_ arguments: [String]) async throws {
        let app = try AppHarness()
        defer { app.remove() }
        let result = await app.run(arguments)
        #expect(result.exitCode == 64)
        #expect(!result.stderr.contains("did you mean"), "\(result.stderr)")
    }

    @Test(
        "a usage error points at the help of the command it was in; an unknown command at the overview",
        arguments: [
            (["run", "x.csv", "--bogus"], "Run 'fleetwx run --help' for its usage."),
            (["quota", "--state"], "Run 'fleetwx quota --help' for its usage."),
            (["check-credentials", "extra"], "Run 'fleetwx check-credentials --help' for its usage."),
            (["fly"], "Run 'fleetwx --help' for usage."),
        ])
    func usagePointer(_ arguments: [String], _ pointer: String) async throws {
        let app = try AppHarness()
        defer { app.remove() }
        let result = await app.run(arguments)
        #expect(result.exitCode == 64)
        #expect(result.stderr.hasSuffix(pointer + "\n"), "\(result.stderr)")
    }
}
