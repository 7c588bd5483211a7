internal import FleetFiles
internal import FleetReports
internal import FleetSchedule
internal import Foundation

/// How `run` and `plan` read their schedule: `--format`, and for an SSIM season the window
/// of `--from` and `--days` its legs are expanded to.
struct ScheduleInput {
    /// `nil`: told from the file's first bytes.
    var format: ScheduleFormat?
    /// `--from` as a day since 1970, if given.
    var fromDay: Int?
    /// `--days`, if given.
    var days: Int?

    init(_ parsed: ParsedArguments) throws(AppError) {
        if let text = parsed.value(.format) {
            guard let format = ScheduleFormat(rawValue: text.lowercased()) else {
                throw .usage("--format must be csv or ssim, got '\(text.bounded)'")
            }
            self.format = format
        }
        if let text = parsed.value(.from) {
            guard let day = SSIMWindow.day(parsing: text) else {
                throw .usage("--from must be a date such as 2026-12-01 (years 2000 to 2100), got '\(text.bounded)'")
            }
            fromDay = day
        }
        days = try parsed.integer(.days)
    }

    /// The window: `--from`, else the UTC day of the run's clock, for `--days` days.
    func window(now: Date) -> SSIMWindow {
        let days = days ?? SSIMWindow.defaultDays
        if let fromDay { return SSIMWindow(firstDay: fromDay, days: days) }
        return SSIMWindow(dayOf: now.timeIntervalSince1970, days: days)
    }

    /// `--from` and `--days` mean nothing to a CSV schedule, whose rows are dated already: given
    /// with one, they are a usage error rather than silently ignored.
    func check(_ schedule: Schedule, path: String) throws(AppError) {
        guard schedule.format == .csv, fromDay != nil || days != nil else { return }
        throw .usage(
            "--from and --days choose the dates an SSIM season is expanded to, but \(path.bounded) was read as a CSV "
                + "schedule, whose rows are dated already: leave them out (or give --format ssim for an SSIM file)")
    }

    /// `run.json`'s `schedule_format`.
    static func figures(_ schedule: Schedule) -> RunSummary.ScheduleFormatFigures {
        var figures = RunSummary.ScheduleFormatFigures(format: schedule.format.rawValue)
        guard let ssim = schedule.ssim else { return figures }
        figures.from = ssim.window.fromText
        figures.days = ssim.window.days
        figures.timeModes = ssim.timeModes
        figures.carriers = ssim.carriers
        figures.legs = ssim.legRecords
        figures.expandedLegs = ssim.expandedLegs
        figures.legsOutsideWindow = ssim.legsOutsideWindow
        figures.rejectedLegs = ssim.rejectedLegs
        figures.datedFlights = ssim.datedFlights
        figures.duplicateFlights = ssim.duplicates
        figures.serialBreaks = ssim.serialBreaks
        return figures
    }

    /// One line on what was read: `SSIM season: 44 flight leg records (44 expanded, 0 rejected, 0 with no
    /// date in the window) → 44 dated flights departing 2026-11-30 00:00Z to 2026-12-04 00:00Z`.
    static func line(_ schedule: Schedule) -> String? {
        guard let ssim = schedule.ssim else { return nil }
        return "SSIM season: \(count(ssim.legRecords, "flight leg record")) (\(ssim.expandedLegs) expanded, "
            + "\(ssim.rejectedLegs) rejected, \(ssim.legsOutsideWindow) with no date in the window) → "
            + "\(count(ssim.datedFlights, "dated flight")) departing \(ssim.window.fromText) 00:00Z to "
            + "\(ssim.window.untilText) 00:00Z"
    }

    private static func count(_ value: Int, _ noun: String) -> String {
        "\(NumberText.grouped(value)) \(noun)\(value == 1 ? "" : "s")"
    }
}
