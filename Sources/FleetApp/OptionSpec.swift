internal import FleetSchedule
internal import FleetWeatherKit

/// One option a command accepts: its name, whether it takes a value, and what help says about
/// it.
///
/// The parser accepts exactly the options a ``CommandSpec`` lists, and the help, the overview
/// and the README test read the same values, so what is accepted and what is documented cannot
/// drift apart (issue 10, item 5: they had, three times over).
struct OptionSpec: Equatable, Sendable {
    /// The name without its dashes (`out` for `--out`).
    let name: String
    /// What help calls the value (`DIR`); nil for a flag, which takes none.
    let placeholder: String?
    /// What the option does, in a few words.
    let help: String
    /// What is used when the option is not given, as help shows it; nil when nothing is.
    let defaultText: String?
    /// The environment variable read when the option is not given.
    let variable: String?
    /// The values a whole-number option accepts (checked by ``ParsedArguments/integer(_:)``).
    let range: ClosedRange<Int>?

    /// A value option (`--out DIR`).
    static func value(
        _ name: String, _ placeholder: String, _ help: String, default defaultText: String? = nil,
        variable: String? = nil, range: ClosedRange<Int>? = nil
    ) -> OptionSpec {
        OptionSpec(
            name: name, placeholder: placeholder, help: help, defaultText: defaultText, variable: variable,
            range: range)
    }

    /// A flag (`--json`).
    static func flag(_ name: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, placeholder: nil, help: help, defaultText: nil, variable: nil, range: nil)
    }

    /// Whether the option takes a value.
    var takesValue: Bool { placeholder != nil }

    /// The option as written on a command line: `--out DIR`, `--allow-past`.
    var synopsis: String { "--\(name)" + (placeholder.map { " \($0)" } ?? "") }

    /// The help text with the range, variable and default: `most requests in flight at once
    /// (1 to 256; default 8)`.
    var description: String {
        let notes = [
            range.map { "\($0.lowerBound) to \($0.upperBound)" }, variable, defaultText.map { "default \($0)" },
        ]
        .compactMap { $0 }
        return notes.isEmpty ? help : "\(help) (\(notes.joined(separator: "; ")))"
    }
}

/// The values used when an option is not given: named once, shown by help and used by the
/// commands.
enum OptionDefaults {
    static let concurrency = 8
    static let monthlyQuota = 500_000
    static let grid = 0.01
    static let language = "en-US"
    /// Apple's production endpoint, as the client names it.
    static let endpoint = WeatherKitEndpoint.production.description
}

/// Every option of every command. An option several commands take is one value here, so it
/// reads and parses the same everywhere.
extension OptionSpec {
    static let out = value("out", "DIR", "report directory", default: "Output/<UTC date of the run>")
    static let state = value(
        "state", "FILE|URI", "state (cache, quota ledger, run history): a SQLite file, or a postgresql:// URI",
        default: "$XDG_STATE_HOME/fleetwx/state.sqlite, else ~/.local/state/fleetwx/state.sqlite",
        variable: "FLEETWX_STATE")
    static let replay = value("replay", "DIR", "use recorded WeatherKit bodies instead of the network")
    static let record = value("record", "DIR", "also save every body fetched, in the replay format")
    static let endpoint = value(
        "endpoint", "URL", "WeatherKit base URL", default: OptionDefaults.endpoint, variable: "WEATHERKIT_ENDPOINT")
    static let concurrency = value(
        "concurrency", "N", "most requests in flight at once", default: "\(OptionDefaults.concurrency)",
        range: 1...256)
    static let monthlyQuota = value(
        "monthly-quota", "N", "calls allowed per UTC calendar month", default: "\(OptionDefaults.monthlyQuota)",
        range: 0...1_000_000_000)
    static let maxRequests = value(
        "max-requests", "N", "most calls this run may send, retries included", default: "no limit beyond the quota",
        range: 0...1_000_000_000)
    static let grid = value(
        "grid", "DEG", "location cell size in degrees, 0.001 to 1", default: "\(OptionDefaults.grid)")
    static let language = value("language", "TAG", "WeatherKit language tag", default: OptionDefaults.language)
    static let config = value("config", "FILE", "briefing thresholds (JSON) laid over the defaults")
    static let templates = value(
        "templates", "DIR", "report templates", default: "./Templates, else the checkout's Templates/",
        variable: "FLEETWX_TEMPLATES")
    static let now = value(
        "now", "TIME", "pretend the run happens at TIME (ISO 8601, years 2000 to 2100), for replays",
        default: "the clock")
    static let allowPast = flag(
        "allow-past", "brief rows departing more than 7 days before the run (live runs reject them otherwise)")
    static let allowOverPace = flag(
        "allow-over-pace",
        "send a live run needing more than 3 × the month's remaining daily pace (otherwise refused, exit 1)")
    static let json = flag("json", "print JSON instead of a table")
    static let metricsFile = value(
        "metrics-file", "PATH", "also write the run's figures there for Prometheus (node_exporter textfile)")
    static let logFormat = value(
        "log-format", "FORMAT", "stderr as plain lines or one JSON object per line (plain, json)", default: "plain")
    static let prune = flag("prune", "delete expired cache entries first")
    static let format = value(
        "format", "FORMAT", "schedule format: csv, or ssim (IATA SSIM Chapter 7)", default: "told from the file")
    static let from = value(
        "from", "DATE", "first UTC day (YYYY-MM-DD) an SSIM season is expanded to",
        default: "today in UTC, the day of --now when given")
    static let days = value(
        "days", "N", "days an SSIM season is expanded to", default: "\(SSIMWindow.defaultDays)",
        range: SSIMWindow.dayLimit)
}
