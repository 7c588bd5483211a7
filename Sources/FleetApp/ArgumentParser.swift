internal import FleetFiles

/// A small command-line parser: a command word, `--option value` / `--option=value` pairs,
/// `--flag`s and positional arguments, checked against the command's ``CommandSpec``.
struct ParsedArguments: Equatable {
    /// The command's description, which said what to accept.
    var spec: CommandSpec
    var options: [String: String] = [:]
    var flags: Set<String> = []
    var positionals: [String] = []
    /// `-h` or `--help` was given: print the command's help, whatever else the line holds.
    var help = false

    /// The command's name as typed (`check-credentials`).
    var command: String { spec.name.rawValue }

    /// The words that ask for help after a command.
    static let helpWords: Set<String> = ["-h", "--help"]

    /// Parses arguments (without the program name).
    ///
    /// - Parameters:
    ///   - arguments: The words after the program name.
    /// - Throws: ``AppError/usage(_:)``.
    static func parse(_ arguments: [String]) throws(AppError) -> ParsedArguments {
        guard let command = arguments.first else { throw .usage("missing command") }
        guard let spec = CommandSpec.named(command) else { throw unknownCommand(command) }
        var parsed = ParsedArguments(spec: spec)
        // Help wins over everything else on the line: `run --help` needs no schedule.
        if arguments.dropFirst().prefix(while: { $0 != "--" }).contains(where: helpWords.contains) {
            parsed.help = true
            return parsed
        }
        var index = 1
        var onlyPositionals = false
        while index < arguments.count {
            let word = arguments[index]
            index += 1
            if onlyPositionals || !word.hasPrefix("--") || word == "-" {
                parsed.positionals.append(word)
                continue
            }
            if word == "--" {
                onlyPositionals = true
                continue
            }
            var name = String(word.dropFirst(2))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            guard let option = spec.option(named: name) else {
                if name == "help" { throw .usage("--help takes no value; give it alone, without =") }
                throw unknownOption(name, of: spec)
            }
            if !option.takesValue {
                guard inlineValue == nil else { throw .usage("--\(name) takes no value; give it alone, without =") }
                parsed.flags.insert(name)
                continue
            }
            guard let value = inlineValue ?? (index < arguments.count ? arguments[index] : nil) else {
                throw .usage("--\(name) needs a value after it")
            }
            // `--out --replay weather`: the option's value was forgotten, not "--replay".
            if inlineValue == nil, let next = Self.optionName(value), spec.option(named: next) != nil {
                throw .usage("--\(name) needs a value after it, got the option --\(next) instead")
            }
            if inlineValue == nil { index += 1 }
            guard parsed.options[name] == nil else { throw .usage("--\(name) given twice; give it once") }
            parsed.options[name] = value
        }
        return parsed
    }

    /// `unknown command 'plna'; did you mean 'plan'? The commands are …`.
    static func unknownCommand(_ word: String) -> AppError {
        let names = CommandSpec.all.map(\.name.rawValue)
        let known = word.hasPrefix("-") ? ["--help", "--version"] : names
        let question = Suggestion.question(Suggestion.nearest(word, in: known).map { "'\($0)'" })
        let list = "the commands are " + names.sorted().joined(separator: ", ")
        return .usage("unknown command '\(word.bounded)'; " + (question.map { "\($0) (\(list))" } ?? list))
    }

    /// `'run' has no option --replya; did you mean --replay?`, or which commands have it.
    private static func unknownOption(_ name: String, of spec: CommandSpec) -> AppError {
        let message = "'\(spec.name.rawValue)' has no option --\(name.bounded)"
        let names = spec.options.map(\.name) + ["help"]
        if let question = Suggestion.question(Suggestion.nearest(name, in: names).map { "--\($0)" }) {
            return .usage("\(message); \(question)")
        }
        let others = CommandSpec.all.filter { $0.option(named: name) != nil }.map(\.name.rawValue)
        guard !others.isEmpty else { return .usage(message) }
        return .usage("\(message) (\(others.joined(separator: ", ")) \(others.count == 1 ? "has" : "have") it)")
    }

    /// The option a word names (`--out` or `--out=x` → `out`), if it looks like one.
    private static func optionName(_ word: String) -> String? {
        guard word.hasPrefix("--"), word.count > 2 else { return nil }
        return String(word.dropFirst(2).prefix { $0 != "=" })
    }

    /// A whole-number option within the range its description gives.
    func integer(_ option: OptionSpec) throws(AppError) -> Int? {
        guard let text = options[option.name] else { return nil }
        let range = option.range ?? Int.min...Int.max
        guard let value = Int(text), range.contains(value) else {
            throw .usage(
                "--\(option.name) must be a whole number from \(range.lowerBound) to \(range.upperBound), "
                    + "got '\(text.bounded)'")
        }
        return value
    }

    /// A value option's text, if given.
    func value(_ option: OptionSpec) -> String? { options[option.name] }

    /// Whether a flag was given.
    func flag(_ option: OptionSpec) -> Bool { flags.contains(option.name) }
}
