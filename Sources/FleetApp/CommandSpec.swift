/// The commands, by the word that names them. `dispatch` switches over this, so a command
/// described here but not run (or the reverse) does not compile.
enum CommandName: String, CaseIterable, Sendable {
    case run, plan, quota, cache, airports
    case checkCredentials = "check-credentials"
    case help, version
}

/// One command, described once: what it is called, what it takes, what it does. Parsing
/// (which options it accepts, which take a value), its `--help`, the overview and the usage
/// errors are all made from this.
struct CommandSpec: Equatable, Sendable {
    let name: CommandName
    /// The positional arguments as usage shows them (`SCHEDULE.csv`, `CODE...`), or empty.
    let arguments: String
    /// What the command does, in one line.
    let summary: String
    /// The options it accepts, in the order help lists them.
    let options: [OptionSpec]
    /// Paragraphs help prints after the options (credentials, what the command costs).
    var notes: [String] = []

    /// `fleetwx run SCHEDULE.csv [options]`.
    var synopsis: String {
        (["fleetwx", name.rawValue] + (arguments.isEmpty ? [] : [arguments]) + (options.isEmpty ? [] : ["[options]"]))
            .joined(separator: " ")
    }

    /// The option called `name` (without dashes), if this command accepts it.
    func option(named name: String) -> OptionSpec? { options.first { $0.name == name } }

    /// The command a word names, if any.
    static func named(_ word: String) -> CommandSpec? { all.first { $0.name.rawValue == word } }

    /// What `run` and `plan` share: the whole pipeline's settings.
    private static let runOptions: [OptionSpec] = [
        .out, .state, .replay, .record, .endpoint, .concurrency, .monthlyQuota, .maxRequests, .grid, .language, .config,
        .templates, .now, .allowPast, .allowOverPace, .format, .from, .days,
    ]

    /// The credential variables, as the help of the commands that call WeatherKit names them.
    static let credentials =
        "Credentials come from WEATHERKIT_TEAM_ID, WEATHERKIT_SERVICE_ID, WEATHERKIT_KEY_ID and "
        + "WEATHERKIT_KEY_FILE (the path to AuthKey_XXXXXXXXXX.p8)."

    /// What a schedule may be, as the help of `run` and `plan` says.
    static let schedules =
        "SCHEDULE is a CSV file or an IATA SSIM Chapter 7 season, told from its first bytes (or --format); a "
        + "season is expanded to the flights departing from --from for --days days."

    /// Every command, in the order the overview lists them.
    static let all: [CommandSpec] = [
        CommandSpec(
            name: .run, arguments: "SCHEDULE", summary: "plan, fetch, brief, write reports",
            options: runOptions + [.metricsFile, .logFormat],
            notes: [schedules, credentials, "With --replay no credentials are needed and nothing is sent."]),
        CommandSpec(
            name: .plan, arguments: "SCHEDULE", summary: "dry run: what would be fetched; sends nothing",
            options: runOptions + [.json], notes: [schedules]),
        CommandSpec(
            name: .quota, arguments: "", summary: "this month's usage, remaining, daily pace, recent runs",
            options: [.state, .monthlyQuota, .json]),
        CommandSpec(
            name: .cache, arguments: "", summary: "what the cache holds; --prune deletes expired entries",
            options: [.state, .prune, .json]),
        CommandSpec(
            name: .airports, arguments: "CODE...", summary: "resolve IATA/ICAO codes the way run does",
            options: [.json]),
        CommandSpec(
            name: .checkCredentials, arguments: "",
            summary: "mint a token, make one availability call (recorded in the quota ledger)",
            options: [.endpoint, .state, .monthlyQuota],
            notes: [credentials, "The call counts against the month's quota, like any other request."]),
        CommandSpec(
            name: .help, arguments: "[COMMAND]", summary: "the overview, or one command's usage and options",
            options: []),
        CommandSpec(name: .version, arguments: "", summary: "print the version (also --version)", options: []),
    ]
}
