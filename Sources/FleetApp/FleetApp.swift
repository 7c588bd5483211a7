internal import FleetAuth
internal import Foundation

/// The fleetwx command line: parses arguments, runs a command, returns the exit code.
///
/// Everything the thin `fleetwx` executable does goes through here, so tests can run any
/// command in-process with an ``AppEnvironment`` of their own.
public enum FleetApp {
    static let version = "fleetwx 1.0.0"

    static let valueOptions: [String: Set<String>] = [
        "run": RunOptions.valueOptions,
        "plan": RunOptions.valueOptions,
        "quota": ["state", "monthly-quota"],
        "cache": ["state"],
        "airports": [],
        "check-credentials": ["endpoint", "state", "monthly-quota"],
    ]

    static let flagOptions: [String: Set<String>] = [
        "run": RunOptions.flagOptions, "plan": RunOptions.flagOptions.union(["json"]), "quota": ["json"],
        "cache": ["json", "prune"], "airports": ["json"],
        "check-credentials": [],
    ]

    /// Runs one command line, with core dumps turned off first (``FleetAuth/ProcessHardening``).
    ///
    /// - Parameters:
    ///   - arguments: The words after the program name.
    ///   - environment: The outside world.
    /// - Returns: The exit code.
    public static func main(_ arguments: [String], environment: AppEnvironment) async -> Int32 {
        // Before anything is read: a crash must not leave the key or a token in a core file.
        if !ProcessHardening.disableCoreDumps() {
            environment.console.err(
                "fleetwx: warning: core dumps could not be turned off; a crash may write the key to disk\n")
        }
        if arguments.isEmpty {
            environment.console.err(Usage.text)  // a usage error: the text is for a person
            return 64
        }
        if ["--help", "-h", "help"].contains(arguments[0]) {
            environment.console.out(Usage.text)
            return 0
        }
        if arguments[0] == "--version" {
            environment.console.out("\(version)\n")
            return 0
        }
        do {
            let parsed = try ParsedArguments.parse(arguments, valueOptions: valueOptions, flagOptions: flagOptions)
            return try await dispatch(parsed, environment: environment)
        } catch {
            var lines = error.lines
            lines[0] = "fleetwx: error: " + lines[0]
            environment.console.err(.lines(lines))
            return error.exitCode
        }
    }

    private static func dispatch(_ parsed: ParsedArguments, environment: AppEnvironment) async throws(AppError) -> Int32
    {
        switch parsed.command {
        case "run":
            return try await RunCommand(options: RunOptions(parsed, environment: environment), environment: environment)
                .execute()
        case "plan":
            return try await PlanCommand(
                options: RunOptions(parsed, environment: environment), environment: environment
            )
            .execute()
        case "quota":
            return try await QuotaCommand(
                state: StatePath.resolve(parsed.options["state"], environment: environment),
                monthlyQuota: try parsed.integer("monthly-quota", in: 0...1_000_000_000) ?? 500_000,
                json: parsed.flags.contains("json"), environment: environment
            ).execute()
        case "cache":
            return try await CacheCommand(
                state: StatePath.resolve(parsed.options["state"], environment: environment),
                prune: parsed.flags.contains("prune"), json: parsed.flags.contains("json"), environment: environment
            ).execute()
        case "check-credentials":
            return try await CheckCredentialsCommand(parsed, environment: environment).execute()
        case "airports":
            return try AirportsCommand(
                codes: parsed.positionals, json: parsed.flags.contains("json"), environment: environment
            ).execute()
        default:
            throw .usage("'\(parsed.command)' is not available yet")
        }
    }
}
