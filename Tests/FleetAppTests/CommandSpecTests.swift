import FleetTestSupport
import Foundation
import Testing

@testable import FleetApp

/// The command descriptions against what is printed and documented: each command's help
/// lists every option its ``CommandSpec`` accepts, the help texts match their golden files,
/// and the README's Commands and Options sections agree with the descriptions.
@Suite("Command descriptions")
struct CommandSpecTests {
    @Test(
        "each command's --help exits 0 and lists every option its description accepts", arguments: CommandName.allCases)
    func helpListsEveryOption(_ name: CommandName) async throws {
        let spec = try #require(CommandSpec.named(name.rawValue))
        let app = try AppHarness()
        defer { app.remove() }
        let result = await app.run([spec.name.rawValue, "--help"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stdout.contains(spec.synopsis))
        for option in spec.options {
            #expect(result.stdout.contains("  \(option.synopsis) "), "\(option.synopsis) missing")
        }
    }

    @Test("an option several commands take is described alike by each")
    func sharedOptionsAgree() {
        let options = CommandSpec.all.flatMap(\.options)
        for option in options {
            #expect(options.filter { $0.name == option.name }.allSatisfy { $0 == option }, "--\(option.name)")
        }
        for spec in CommandSpec.all {
            #expect(Set(spec.options.map(\.name)).count == spec.options.count, "\(spec.name) lists an option twice")
        }
    }

    @Test("the parser accepts exactly the options a command's description lists")
    func parserFollowsDescription() throws {
        for spec in CommandSpec.all {
            for option in spec.options {
                let words = [spec.name.rawValue, "--\(option.name)"] + (option.takesValue ? ["1"] : [])
                let parsed = try ParsedArguments.parse(words)
                #expect(option.takesValue ? parsed.value(option) == "1" : parsed.flag(option), "\(words)")
            }
            let missing = CommandSpec.all.flatMap(\.options).filter { spec.option(named: $0.name) == nil }
            for option in missing {
                #expect(throws: AppError.self, "\(spec.name) --\(option.name)") {
                    try ParsedArguments.parse([spec.name.rawValue, "--\(option.name)", "1"])
                }
            }
        }
    }

    @Test("the help texts match their golden files", arguments: [nil] + CommandSpec.all.map(\.name.rawValue))
    func goldenHelp(_ command: String?) async throws {
        let app = try AppHarness()
        defer { app.remove() }
        let result = await app.run(command.map { [$0, "--help"] } ?? ["--help"])
        #expect(Snapshot.mismatch(result.stdout, named: "help/\(command ?? "overview").txt") == nil)
        #expect(result.stdout.split(separator: "\n").allSatisfy { $0.count <= Usage.width }, "a line over the width")
    }

    @Test("Suggestion: the optimal-string-alignment distance and what is close enough to suggest")
    func suggestionDistance() {
        #expect(Suggestion.distance(Array("plna"), Array("plan")) == 1)
        #expect(Suggestion.distance(Array("kitten"), Array("sitting")) == 3)
        #expect(Suggestion.distance(Array(""), Array("run")) == 3)
        #expect(Suggestion.nearest("RUN", in: ["run", "plan"]) == ["run"])
        #expect(Suggestion.nearest("fly", in: CommandName.allCases.map(\.rawValue)).isEmpty)
        #expect(Suggestion.nearest(String(repeating: "x", count: 100_000), in: ["x"]).isEmpty)
    }
}

/// The README against the descriptions: what a reader is told is what the program accepts.
@Suite("README agrees with the command descriptions")
struct ReadmeOptionsTests {
    static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("README.md")

    /// A `## ` section's text, up to the next one.
    static func section(_ title: String) throws -> String {
        let text = try String(contentsOf: readme, encoding: .utf8)
        let start = try #require(text.range(of: "\n## \(title)\n"))
        let rest = text[start.upperBound...]
        return String(rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)])
    }

    /// One row of the Options table.
    struct Row {
        let synopsis: String
        let commands: Set<String>
    }

    /// The Options table's rows: `| `--out DIR` | `run`, `plan` | … |`. A `\|` inside a cell is
    /// GitHub Markdown's escaped pipe (`--state FILE\|URI`), part of the cell.
    static func rows() throws -> [Row] {
        try section("Options").split(separator: "\n").filter { $0.hasPrefix("| `--") }.map { line in
            let escaped = "\u{0}"
            let cells = line.replacingOccurrences(of: "\\|", with: escaped)
                .split(separator: "|", omittingEmptySubsequences: false).map {
                    $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: escaped, with: "|")
                }
            let names = cells[2].split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            }
            return Row(synopsis: cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`")), commands: Set(names))
        }
    }

    @Test("every option a command's help lists is in the README's Options table, with the commands that take it")
    func everyOptionDocumented() throws {
        let rows = try Self.rows()
        #expect(rows.count >= 17, "\(rows.count) rows read")
        for spec in CommandSpec.all {
            for option in spec.options {
                let row = rows.first { $0.synopsis == option.synopsis }
                #expect(row != nil, "README's Options table has no row `\(option.synopsis)`")
                let takers = CommandSpec.all.filter { $0.option(named: option.name) != nil }.map(\.name.rawValue)
                #expect(
                    row.map { $0.commands == Set(takers) } ?? true,
                    "`\(option.synopsis)`: README says \(row?.commands.sorted() ?? []), the code \(takers)")
            }
        }
    }

    @Test("every option in the README's Options table is accepted by some command")
    func everyDocumentedOptionAccepted() throws {
        let accepted = Set(CommandSpec.all.flatMap(\.options).map(\.synopsis))
        for row in try Self.rows() {
            #expect(accepted.contains(row.synopsis), "README documents `\(row.synopsis)`, which no command accepts")
        }
    }

    @Test("the README's Commands block shows every command's usage, help and version")
    func commandsBlock() throws {
        let commands = try Self.section("Commands")
        for spec in CommandSpec.all {
            #expect(commands.contains(spec.synopsis + " "), "\(spec.synopsis) missing from README Commands")
        }
        for word in ["`-h`", "`--help`", "`fleetwx --version`", "`fleetwx \(FleetApp.version)`"] {
            #expect(commands.contains(word), "\(word) missing from README Commands")
        }
    }
}
