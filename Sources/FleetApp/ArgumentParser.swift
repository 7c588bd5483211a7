internal import FleetFiles

/// A small command-line parser: a command word, `--option value` / `--option=value` pairs,
/// `--flag`s and positional arguments, checked against what the command accepts.
struct ParsedArguments: Equatable {
    var command: String
    var options: [String: String] = [:]
    var flags: Set<String> = []
    var positionals: [String] = []

    /// Parses arguments (without the program name).
    ///
    /// - Parameters:
    ///   - arguments: The words after the program name.
    ///   - valueOptions: Option names that take a value, per command.
    ///   - flagOptions: Option names that take none, per command.
    /// - Throws: ``AppError/usage(_:)``.
    static func parse(
        _ arguments: [String], valueOptions: [String: Set<String>], flagOptions: [String: Set<String>]
    ) throws(AppError) -> ParsedArguments {
        guard let command = arguments.first else { throw .usage("missing command") }
        guard let values = valueOptions[command], let flags = flagOptions[command] else {
            throw .usage("unknown command '\(command.bounded)'; the commands are \(Self.commands(valueOptions))")
        }
        var parsed = ParsedArguments(command: command)
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
            if flags.contains(name) {
                guard inlineValue == nil else { throw .usage("--\(name) takes no value; give it alone, without =") }
                parsed.flags.insert(name)
            } else if values.contains(name) {
                guard let value = inlineValue ?? (index < arguments.count ? arguments[index] : nil) else {
                    throw .usage("--\(name) needs a value after it")
                }
                // `--out --replay weather`: the option's value was forgotten, not "--replay".
                if inlineValue == nil, let next = Self.optionName(value), values.contains(next) || flags.contains(next)
                {
                    throw .usage("--\(name) needs a value after it, got the option --\(next) instead")
                }
                if inlineValue == nil { index += 1 }
                guard parsed.options[name] == nil else { throw .usage("--\(name) given twice; give it once") }
                parsed.options[name] = value
            } else {
                throw .usage("'\(command)' has no option --\(name.bounded)")
            }
        }
        return parsed
    }

    /// The option a word names (`--out` or `--out=x` → `out`), if it looks like one.
    private static func optionName(_ word: String) -> String? {
        guard word.hasPrefix("--"), word.count > 2 else { return nil }
        return String(word.dropFirst(2).prefix { $0 != "=" })
    }

    /// The command names, sorted, for the unknown-command message.
    private static func commands(_ valueOptions: [String: Set<String>]) -> String {
        valueOptions.keys.sorted().joined(separator: ", ")
    }

    /// An integer option within a range.
    func integer(_ name: String, in range: ClosedRange<Int>) throws(AppError) -> Int? {
        guard let text = options[name] else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw .usage(
                "--\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), got '\(text.bounded)'"
            )
        }
        return value
    }
}
