/// The help texts, made from the ``CommandSpec``s: the overview (`fleetwx --help`) and one
/// command's usage (`fleetwx run --help`).
enum Usage {
    /// The width help is wrapped to.
    static let width = 80
    /// Where an option's description starts.
    static let optionColumn = 24
    /// Where a command's summary starts in the overview.
    static let commandColumn = 40

    /// `fleetwx --help`: every command, every option with the commands that take it,
    /// credentials and exit codes.
    static func overview() -> [String] {
        var lines = [
            "fleetwx \(FleetApp.version) — nightly flight-schedule weather briefings from Apple WeatherKit", "",
            "USAGE",
        ]
        for command in CommandSpec.all {
            lines += row(command.synopsis, command.summary, column: commandColumn)
        }
        lines += [""] + wrap("Give -h or --help after any command for its usage and every option it takes.", indent: 2)
        lines += ["", "OPTIONS"]
        var seen: Set<String> = []
        for option in CommandSpec.all.flatMap(\.options) where seen.insert(option.name).inserted {
            let takers = CommandSpec.all.filter { $0.option(named: option.name) != nil }.map(\.name.rawValue)
            lines += row(option.synopsis, "\(option.description) [\(takers.joined(separator: ", "))]")
        }
        lines += row("-h, --help", "print the usage of fleetwx or of the command before it, and exit")
        lines += row("--version", "print the version and exit")
        lines += ["", "CREDENTIALS (environment)"]
        lines += [
            "  WEATHERKIT_TEAM_ID, WEATHERKIT_SERVICE_ID, WEATHERKIT_KEY_ID,",
            "  WEATHERKIT_KEY_FILE (path to AuthKey_XXXXXXXXXX.p8)",
            "",
            "EXIT CODES",
            "  0  every row briefed with fresh weather",
            "  2  reports written, something needs attention (rejected rows, missing or",
            "     stale weather, quota stop, interrupted)",
            "  1  nothing usable written (bad configuration, unreadable schedule,",
            "     missing column, a live run over the pace limit, authorization",
            "     failure before any data)",
            "  64 usage error",
        ]
        return lines
    }

    /// `fleetwx COMMAND --help`: the command's usage, every option it accepts, its notes.
    static func help(_ command: CommandSpec) -> [String] {
        var lines = wrap("fleetwx \(command.name.rawValue) — \(command.summary)", indent: 0)
        lines += ["", "USAGE", "  \(command.synopsis)"]
        lines += ["", "OPTIONS"]
        for option in command.options {
            lines += row(option.synopsis, option.description)
        }
        lines += row("-h, --help", "print this help and exit")
        for note in command.notes {
            lines += [""] + wrap(note, indent: 2)
        }
        return lines
    }

    /// A label and its text: the text wrapped from `column`, beside the label when it fits,
    /// else from the next line.
    static func row(_ label: String, _ text: String, column: Int = optionColumn) -> [String] {
        let body = wrap(text, indent: column)
        let first = "  " + label
        guard first.count + 2 <= column, let opening = body.first else { return [first] + body }
        return [first + String(repeating: " ", count: column - first.count) + opening.dropFirst(column)]
            + body.dropFirst()
    }

    /// Words filled into lines of at most ``width`` characters, each indented by `indent`.
    static func wrap(_ text: String, indent: Int) -> [String] {
        let margin = String(repeating: " ", count: indent)
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, indent + line.count + 1 + word.count > width {
                lines.append(margin + line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(margin + line) }
        return lines
    }
}
