internal import FleetBriefing
internal import FleetFiles
internal import FleetPlan
internal import FleetReports
internal import FleetWeather
internal import FleetWeatherKit
internal import Foundation

/// The options of `run` and `plan`, validated, with flags over environment over defaults.
struct RunOptions {
    var scheduleArgument: String
    var schedule: URL
    var out: URL?
    var state: StateLocation
    var replay: URL?
    var record: URL?
    var endpoint: String
    var concurrency: Int
    var monthlyQuota: Int
    var maxRequests: Int?
    var grid: Grid
    var language: String
    var config: BriefingConfig
    var templates: String?
    var now: Date?
    var json: Bool
    /// `--allow-past`: brief (and fetch) rows departing more than 7 days before the run.
    var allowPast: Bool
    /// `--allow-over-pace`: send a run that exceeds 3 × the month's remaining daily pace.
    var allowOverPace: Bool
    /// `--metrics-file`: where the run's Prometheus figures go (`run` only).
    var metricsFile: URL?
    /// `--format`, `--from`, `--days`: how the schedule is read.
    var input: ScheduleInput

    /// Where the run's weather comes from: a recording with `--replay`, else WeatherKit.
    var source: RunSource { replay == nil ? .weatherkit : .replay }

    init(_ parsed: ParsedArguments, environment: AppEnvironment) throws(AppError) {
        guard parsed.positionals.count == 1, let schedule = parsed.positionals.first else {
            let given = parsed.positionals.prefix(3).map { "'\($0.bounded)'" }.joined(separator: ", ")
            throw .usage(
                "'\(parsed.command)' needs exactly one schedule file, got \(parsed.positionals.count)"
                    + (given.isEmpty ? "" : " (\(given)\(parsed.positionals.count > 3 ? ", …" : ""))"))
        }
        scheduleArgument = schedule
        self.schedule = environment.resolve(schedule)
        for (option, wanted) in [(OptionSpec.out, "a directory"), (.replay, "a folder"), (.config, "a file")]
        where parsed.value(option)?.trimmingCharacters(in: .whitespaces).isEmpty == true {
            throw .usage("--\(option.name) needs \(wanted), got an empty value")
        }
        out = parsed.value(.out).map(environment.resolve)
        state = StateLocation.resolve(parsed.value(.state), environment: environment)
        replay = parsed.value(.replay).map(environment.resolve)
        record = parsed.value(.record).map(environment.resolve)
        endpoint = try EndpointOption.resolve(parsed, environment: environment)
        concurrency = try parsed.integer(.concurrency) ?? OptionDefaults.concurrency
        monthlyQuota = try parsed.integer(.monthlyQuota) ?? OptionDefaults.monthlyQuota
        maxRequests = try parsed.integer(.maxRequests)
        grid = try Self.grid(parsed.value(.grid))
        language = try Self.language(parsed.value(.language) ?? OptionDefaults.language)
        config = try Self.config(parsed.value(.config), environment: environment)
        templates = parsed.value(.templates)
        now = try Self.now(parsed.value(.now))
        json = parsed.flag(.json)
        allowPast = parsed.flag(.allowPast)
        allowOverPace = parsed.flag(.allowOverPace)
        metricsFile = try Self.metricsFile(parsed.value(.metricsFile), environment: environment)
        input = try ScheduleInput(parsed)
        if replay != nil, record != nil {
            throw .usage("--record cannot be combined with --replay (nothing is fetched)")
        }
        if let out, let file = state.file, file.path.hasPrefix(out.path + "/") {
            throw .usage("--state must not be inside --out: publishing a report replaces that directory")
        }
    }

    /// A metrics file in a folder that exists, checked before anything is sent: a run must not
    /// find out at its end that its monitoring file cannot be written.
    private static func metricsFile(_ path: String?, environment: AppEnvironment) throws(AppError) -> URL? {
        guard let path else { return nil }
        guard !path.trimmingCharacters(in: .whitespaces).isEmpty, !path.hasSuffix("/") else {
            throw .usage("--metrics-file needs a file path, got '\(path.bounded)'")
        }
        let url = environment.resolve(path)
        var isDirectory: ObjCBool = false
        let folder = url.deletingLastPathComponent().path
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .fatal(
                "--metrics-file \(path.bounded): its folder \(folder.bounded) does not exist; create it "
                    + "(node_exporter's textfile directory) or give another path")
        }
        return url
    }

    private static func grid(_ text: String?) throws(AppError) -> Grid {
        var degrees = OptionDefaults.grid
        if let text {
            guard let value = Double(text) else {
                throw .usage("--grid must be a number of degrees from 0.001 to 1, got '\(text.bounded)'")
            }
            degrees = value
        }
        do {
            return try Grid(degrees: degrees)
        } catch {
            throw .usage(error.description)
        }
    }

    /// A BCP 47-shaped tag (`en-US`, `de`, `zh-Hant-TW`): WeatherKit answers 500 to others.
    static func language(_ tag: String) throws(AppError) -> String {
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
        let valid =
            !parts.isEmpty && (2...3).contains(parts[0].count) && parts[0].allSatisfy { $0.isASCII && $0.isLetter }
            && parts.dropFirst().allSatisfy { part in
                (2...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
            }
        guard valid else { throw .usage("--language must be a language tag such as en-US, got '\(tag.bounded)'") }
        return tag
    }

    private static func config(_ path: String?, environment: AppEnvironment) throws(AppError) -> BriefingConfig {
        guard let path else { return BriefingConfig() }
        do {
            return try BriefingConfig.load(from: environment.resolve(path))
        } catch {
            throw .fatal(error.description)
        }
    }

    private static func now(_ text: String?) throws(AppError) -> Date? {
        guard let text else { return nil }
        guard let date = WeatherJSON.parseDate(text) else {
            throw .usage("--now must be an ISO 8601 date-time such as 2026-12-01T05:00:00Z, got '\(text.bounded)'")
        }
        guard ValueBounds.instants.contains(date) else {
            // Named by the year as written; an offset can carry 2100-12-31T23:00-05:00 past 2100.
            let written = text.prefix(4)
            let outside = written.allSatisfy(\.isNumber) && !BriefedYears.range.contains(Int(written) ?? 0)
            let year = outside ? "year \(written)" : "it"
            throw .usage(
                "--now '\(text.bounded)': \(year) is outside \(BriefedYears.text); give a time in those years")
        }
        return date
    }

    /// The report directory: `--out`, else `Output/<UTC date of the run>`.
    func outDirectory(runDate: Date, environment: AppEnvironment) -> URL {
        if let out { return out }
        let day = String(WeatherJSON.formatDate(runDate).prefix(10))
        return environment.workingDirectory.appendingPathComponent("Output").appendingPathComponent(day)
    }
}
