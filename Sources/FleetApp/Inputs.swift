internal import FleetAirports
internal import FleetFiles
internal import FleetSchedule
internal import Foundation

/// Loading the inputs every command shares, with failures turned into exit-code errors.
enum Inputs {
    /// The bundled directory, parsed once per process: it is immutable data (28,000 rows, a
    /// third of a second to parse in a debug build), and a process that runs several commands
    /// (the in-process test harness) need not block a thread re-reading it for each.
    private static let bundledAirports = Result { () throws(AirportsError) -> AirportDirectory in
        try AirportDirectory.bundled()
    }

    /// The bundled airport directory.
    static func airports() throws(AppError) -> AirportDirectory {
        switch bundledAirports {
        case .success(let directory): return directory
        case .failure(let error): throw .fatal(error.description)
        }
    }

    /// Reads a schedule; a missing column or unreadable file is fatal (exit 1).
    ///
    /// - Parameters:
    ///   - url: The schedule file.
    ///   - airports: The directory codes are resolved with.
    ///   - past: The screen for rows long past (live runs and their plans).
    ///   - interruption: With one, a signal stops reading within a chunk (also a file of
    ///     gigabytes): nothing was fetched, so, as for any fatal error, nothing is published and
    ///     the previous report stays.
    ///   - sink: Where every rejected row goes as it is found (`run`: `rejects.csv`).
    ///   - input: The format and, for SSIM, the window (`--format`, `--from`, `--days`).
    ///   - now: The run's clock, whose UTC day an SSIM window starts on without `--from`.
    static func schedule(
        _ url: URL, airports: AirportDirectory, past: PastRows? = nil, interruption: RunInterruption? = nil,
        sink: (any RejectSink)? = nil, input: ScheduleInput, now: Date
    ) throws(AppError) -> Schedule {
        var reader = ScheduleReader(airports: airports)
        if let past { reader.screen = { past.reason(for: $0) } }
        reader.format = input.format
        reader.window = input.window(now: now)
        let schedule: Schedule
        do {
            schedule = try reader.read(url: url, sink: sink) { interruption?.signal != nil }
        } catch .interrupted(let path) {
            let name = interruption?.signalName ?? "a signal"
            throw .fatal(
                "stopped by \(name) while reading the schedule \(path.bounded): nothing was fetched and no report was "
                    + "published (the previous one stays)")
        } catch {
            throw .fatal(error.description)
        }
        try input.check(schedule, path: url.path)
        return schedule
    }

    /// Prints schedule warnings to stderr, at most `limit` lines plus a count of the rest
    /// (`run.json` keeps the schedule's, itself bounded, see ``lines(_:path:)``).
    static func report(warnings: [ScheduleWarning], path: String, console: any Console, limit: Int = 20) {
        for line in lines(warnings.prefix(limit), path: path) { console.err("\(line)\n") }
        if warnings.count > limit {
            console.err("\(path.bounded): \(warnings.count - limit) more warning(s) not shown (all are in run.json)\n")
        }
    }

    /// Schedule warnings as `PATH:LINE: warning: MESSAGE` lines.
    static func lines(_ warnings: some Sequence<ScheduleWarning>, path: String) -> [String] {
        warnings.map { warning in
            let location = warning.line.map { "\(path.bounded):\($0)" } ?? path.bounded
            return "\(location): warning: \(warning.message)"
        }
    }
}
