internal import FleetAirports
internal import FleetBriefing
internal import FleetFetch
internal import FleetPlan
internal import FleetReports
internal import FleetSchedule
internal import FleetWeatherKit
internal import Foundation

/// `fleetwx run`: plan, fetch, brief, write reports, exit with a code that means something.
struct RunCommand {
    let options: RunOptions
    let environment: AppEnvironment

    /// The attribution link used when no data set carried one.
    static let defaultAttributionURL = "https://developer.apple.com/weatherkit/data-source-attribution/"

    func execute() async throws(AppError) -> Int32 {
        let startedAt = environment.now()
        let now = options.now ?? startedAt
        let runID = Self.runID(startedAt)
        let console = environment.console
        let airports = try Inputs.airports()
        let schedule = try Inputs.schedule(options.schedule, airports: airports)
        Inputs.report(warnings: schedule.warnings, path: options.scheduleArgument, console: console)
        let planner = Planner(grid: options.grid, now: now)
        let plan = planner.plan(schedule.flights)
        log(
            "\(schedule.flights.count) flights, \(schedule.rejects.count) rejected, \(plan.cells.count) cells, "
                + "\(plan.requests.count) requests planned")
        let fetch = try await weather(for: plan)
        for warning in fetch.warnings { console.err("warning: \(warning)\n") }
        let briefings = Briefer(config: options.config, planner: planner).brief(schedule.flights, fetch: fetch)
        let exitCode = Self.exitCode(schedule: schedule, briefings: briefings, fetch: fetch)
        let out = options.outDirectory(runDate: startedAt, environment: environment)
        let model = ReportModel(
            summary: summary(
                runID: runID, startedAt: startedAt, schedule: schedule, plan: plan, fetch: fetch,
                briefings: briefings, exitCode: exitCode),
            startedAt: startedAt, briefings: briefings, rejects: schedule.rejects,
            weatherByAirport: Self.weatherByAirport(schedule.flights, plan: plan, fetch: fetch),
            attributionURL: Self.attributionURL(fetch))
        try write(model, to: out)
        log("report written to \(out.path) (exit \(exitCode))")
        return exitCode
    }

    private func weather(for plan: FetchPlan) async throws(AppError) -> FetchReport {
        guard let replay = options.replay else {
            throw .fatal("fetching from WeatherKit is not available in this build; use --replay DIR")
        }
        do {
            return try ReplaySource(directory: replay, grid: options.grid).serve(plan)
        } catch {
            throw .fatal(error.description)
        }
    }

    private func write(_ model: ReportModel, to out: URL) throws(AppError) {
        do {
            let directory = try ReportTemplates.locate(
                explicit: options.templates, environment: environment.variables,
                workingDirectory: environment.workingDirectory, executable: environment.executable)
            let writer = ReportWriter(templates: try ReportTemplates.load(from: directory))
            try writer.write(model, to: out)
        } catch {
            throw .fatal(error.description)
        }
    }

    private func log(_ message: String) {
        environment.console.err("fleetwx: \(message)\n")
    }

    /// 0 only when every row was briefed with fresh weather; otherwise 2 (reports written).
    static func exitCode(schedule: Schedule, briefings: [FlightBriefing], fetch: FetchReport) -> Int32 {
        let clean =
            schedule.rejects.isEmpty && briefings.allSatisfy { $0.status == .ok }
            && fetch.counters.skippedForQuota == 0
        return clean ? 0 : 2
    }

    static func runID(_ date: Date) -> String {
        let stamp = WeatherJSON.formatDate(date).replacingOccurrences(of: ":", with: "").replacingOccurrences(
            of: "-", with: "")
        return "\(stamp)-\(UUID().uuidString.prefix(8).lowercased())"
    }

    static func attributionURL(_ fetch: FetchReport) -> String {
        let urls = fetch.outcomes.values.compactMap { $0.weather?.attributionURL }
        return urls.min() ?? defaultAttributionURL
    }

    static func weatherByAirport(_ flights: [Flight], plan: FetchPlan, fetch: FetchReport) -> [String: CellWeather] {
        var result: [String: CellWeather] = [:]
        for flight in flights {
            for airport in [flight.origin, flight.destination] where result[airport.code] == nil {
                let key = plan.key(latitude: airport.latitude, longitude: airport.longitude)
                if let weather = fetch.outcome(for: key)?.weather { result[airport.code] = weather }
            }
        }
        return result
    }

    private func summary(
        runID: String, startedAt: Date, schedule: Schedule, plan: FetchPlan, fetch: FetchReport,
        briefings: [FlightBriefing], exitCode: Int32
    ) -> RunSummary {
        let airports = Set(schedule.flights.flatMap { [$0.origin.icao, $0.destination.icao] })
        var risk: [String: Int] = [:]
        for level in Risk.allCases { risk[level.rawValue] = briefings.filter { $0.risk == level }.count }
        let month = String(WeatherJSON.formatDate(startedAt).prefix(7))
        return RunSummary(
            runID: runID, startedAt: WeatherJSON.formatDate(startedAt),
            finishedAt: WeatherJSON.formatDate(environment.now()), schedule: options.scheduleArgument,
            exitCode: exitCode, source: options.replay == nil ? "weatherkit" : "replay",
            flights: .init(
                rows: schedule.dataRows, briefed: briefings.count, rejected: schedule.rejects.count,
                withoutWeather: briefings.filter { $0.status == .partial || $0.status == .unavailable }.count,
                stale: briefings.filter { $0.status == .stale }.count),
            routes: Set(schedule.flights.map(\.route)).count, airports: airports.count, cells: plan.cells.count,
            requests: fetch.counters, quota: .init(month: month, limit: options.monthlyQuota, used: 0),
            attribution: .init(url: Self.attributionURL(fetch)), risk: risk, warnings: fetch.warnings)
    }
}
