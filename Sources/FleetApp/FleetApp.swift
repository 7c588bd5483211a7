internal import FleetAuth
internal import FleetFiles
internal import Foundation

/// The fleetwx command line: parses arguments, runs a command, returns the exit code.
///
/// Everything the thin `fleetwx` executable does goes through here, so tests can run any
/// command in-process with an ``AppEnvironment`` of their own.
public enum FleetApp {
    /// The version `fleetwx --version` prints.
    static let version = "1.0.0"

    /// Runs one command line, with core dumps turned off first (``FleetAuth/ProcessHardening``).
    ///
    /// - Parameters:
    ///   - arguments: The words after the program name.
    ///   - environment: The outside world.
    /// - Returns: The exit code.
    public static func main(_ arguments: [String], environment given: AppEnvironment) async -> Int32 {
        var environment = given
        // Before anything is read: a crash must not leave the key or a token in a core file.
        if !ProcessHardening.disableCoreDumps() {
            environment.console.err(
                "fleetwx: warning: core dumps could not be turned off; a crash may write the key to disk\n")
        }
        if arguments.isEmpty {
            environment.console.err(.lines(Usage.overview()))  // a usage error: the text is for a person
            return 64
        }
        if ParsedArguments.helpWords.contains(arguments[0]) {
            environment.console.out(.lines(Usage.overview()))
            return 0
        }
        if arguments[0] == "--version" {
            environment.console.out("fleetwx \(version)\n")
            return 0
        }
        do throws(AppError) {
            let parsed = try ParsedArguments.parse(arguments)
            // From here on every stderr line of `run` is JSON when asked, its errors included.
            switch parsed.value(.logFormat) {
            case nil, "plain": break
            case "json": environment.console = JSONLinesConsole(wrapping: environment.console)
            case let other?: throw AppError.usage("--log-format must be plain or json, got '\(other.bounded)'")
            }
            if parsed.help {
                environment.console.out(.lines(Usage.help(parsed.spec)))
                return 0
            }
            return try await dispatch(parsed, environment: environment)
        } catch {
            var lines = error.lines
            lines[0] = "fleetwx: error: " + lines[0]
            // A usage error in a known command points at that command's own help.
            if case .usage = error, let command = CommandName(rawValue: arguments[0]), command != .help {
                lines[lines.count - 1] = "Run 'fleetwx \(command.rawValue) --help' for its usage."
            }
            environment.console.err(.lines(lines))
            return error.exitCode
        }
    }

    private static func dispatch(_ parsed: ParsedArguments, environment: AppEnvironment) async throws(AppError) -> Int32
    {
        switch parsed.spec.name {
        case .run:
            return try await RunCommand(options: RunOptions(parsed, environment: environment), environment: environment)
                .execute()
        case .plan:
            return try await PlanCommand(
                options: RunOptions(parsed, environment: environment), environment: environment
            )
            .execute()
        case .quota:
            try noArguments(parsed)
            return try await QuotaCommand(
                state: StateLocation.resolve(parsed.value(.state), environment: environment),
                monthlyQuota: try parsed.integer(.monthlyQuota) ?? OptionDefaults.monthlyQuota,
                json: parsed.flag(.json), environment: environment
            ).execute()
        case .cache:
            try noArguments(parsed)
            return try await CacheCommand(
                state: StateLocation.resolve(parsed.value(.state), environment: environment),
                prune: parsed.flag(.prune), json: parsed.flag(.json), environment: environment
            ).execute()
        case .checkCredentials:
            return try await CheckCredentialsCommand(parsed, environment: environment).execute()
        case .airports:
            return try AirportsCommand(codes: parsed.positionals, json: parsed.flag(.json), environment: environment)
                .execute()
        case .help:
            return try help(parsed.positionals, environment: environment)
        case .version:
            try noArguments(parsed)
            environment.console.out("fleetwx \(version)\n")
            return 0
        }
    }

    /// `fleetwx help [COMMAND]`: the overview, or one command's help.
    private static func help(_ words: [String], environment: AppEnvironment) throws(AppError) -> Int32 {
        guard let word = words.first else {
            environment.console.out(.lines(Usage.overview()))
            return 0
        }
        guard words.count == 1 else { throw .usage("'help' takes at most one command, got \(words.count)") }
        guard let command = CommandSpec.named(word) else { throw ParsedArguments.unknownCommand(word) }
        environment.console.out(.lines(Usage.help(command)))
        return 0
    }

    /// A command that takes no positional arguments refuses them rather than ignoring them.
    private static func noArguments(_ parsed: ParsedArguments) throws(AppError) {
        guard let first = parsed.positionals.first else { return }
        throw .usage("'\(parsed.command)' takes no arguments, got '\(first.bounded)'")
    }
}
