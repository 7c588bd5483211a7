internal import FleetAirports
internal import FleetBriefing
internal import FleetHTML
internal import FleetWeather
internal import Foundation

/// One end's weather in a table cell or card: the data status, the scheduled hour's values as
/// the headline with that hour's hazard chips, then every other hour of the window that has a
/// hazard (or is the worst hour), each named with its time and its own values, then the alerts.
///
/// Why: hazards are searched in the hours around the scheduled time, the values are the
/// scheduled hour's. A chip for freezing drizzle at 08:00Z beside "2 °C · vis 20 km" for 09:00Z
/// read as a contradiction, so a chip only ever stands beside the values of its own hour.
enum EndSummary {
    /// Renders the summary into a cell.
    ///
    /// - Parameters:
    ///   - parent: The cell.
    ///   - end: The end.
    ///   - now: The run's time, for the age of stale data.
    static func render(_ parent: HTMLNode, _ end: EndBriefing, now: Date) {
        PageKit.dataBadge(parent, end, now: now)
        let scheduled = end.scheduledHour
        let byHour = hazardsByHour(end)
        if let hour = end.hour {
            let line = parent.element("div", [("class", "hour-line")])
            ConditionIcons.icon(line, hour.conditionCode)
            line.element("span", text: PageKit.weatherLine(hour, category: end.category))
            chips(line, byHour[scheduled] ?? [])
        } else {
            parent.element("div", [("class", "no-data")], text: noDataText(end))
        }
        var others = Set(byHour.keys)
        others.remove(scheduled)
        if let worst = end.worstHour?.forecastStart, worst != scheduled { others.insert(worst) }
        for start in others.sorted() {
            let line = parent.element("div", [("class", "hour-line other-hour")])
            line.element(
                "span", [("class", "when")],
                text:
                    "\(Timestamp.utcClock(start)) (\(Timestamp.localClock(start, zone: end.airport.timeZone)) local), "
                    + relative(start, to: scheduled) + ": ")
            if let hour = end.windowHour(at: start) {
                ConditionIcons.icon(line, hour.conditionCode)
                line.element("span", text: PageKit.weatherLine(hour, category: nil))
            } else {
                line.element("span", [("class", "no-data")], text: "no data for this hour")
            }
            if start == end.worstHour?.forecastStart {
                line.element("span", [("class", "muted")], text: " (worst hour of the window)")
            }
            chips(line, byHour[start] ?? [])
        }
        if case .missing = end.data, end.hour != nil {
            parent.element("div", [("class", "no-data")], text: "Other hazards may be hidden by the missing values.")
        }
        if end.alerts.isEmpty {
            if end.alertsUnknown, end.hour != nil {
                parent.element("div", [("class", "no-data")], text: "Alerts: no data.")
            }
        } else {
            PageKit.alertTags(parent, end.alerts)
        }
    }

    /// The chips of each hour: the scheduled hour's own hazards, and for every other hour the
    /// hazards it adds (a kind the scheduled hour lacks, or the same kind worse). An hour
    /// that only repeats the scheduled hour's hazards is not shown again. The briefing already
    /// made them one per kind and hour, in order.
    static func hazardsByHour(_ end: EndBriefing) -> [Date: [Hazard]] {
        let scheduled = end.scheduledHour
        let found = (end.windowHazards.isEmpty ? end.hazards : end.windowHazards).filter { $0.risk != .green }
        var byHour: [Date: [Hazard]] = [:]
        for hazard in found where (hazard.hour ?? scheduled) == scheduled {
            byHour[scheduled, default: []].append(hazard)
        }
        let own = byHour[scheduled] ?? []
        for hazard in found where (hazard.hour ?? scheduled) != scheduled {
            let covered = own.contains { $0.kind == hazard.kind && $0.risk <= hazard.risk }
            if !covered { byHour[hazard.hour ?? scheduled, default: []].append(hazard) }
        }
        return byHour
    }

    /// What an end without its hour says: nothing of it is known, and nothing is reassuring.
    static func noDataText(_ end: EndBriefing) -> String {
        if end.alertsUnknown { return "No data. Weather, hazards and alerts unknown." }
        return end.alerts.isEmpty
            ? "No data. Weather and hazards unknown."
            : "No data. Weather and hazards unknown; the alerts shown are all that is known."
    }

    /// Hazard chips, each with its severity in words (`RED Low visibility`): colour alone
    /// told a red chip from an amber one.
    ///
    /// - Parameters:
    ///   - parent: Where the chips go.
    ///   - hazards: The hazards, in order.
    ///   - shown: The hour whose values the chips stand beside, when they are not all of it
    ///     (a station board's one line per end): a chip from another hour says which
    ///     (`AMBER Fog at 08:00Z`), so it never reads as the shown hour's.
    static func chips(_ parent: HTMLNode, _ hazards: [Hazard], besides shown: Date? = nil) {
        for hazard in hazards {
            let chip = parent.element(
                "span", [("class", "hazard hazard-\(hazard.risk.rawValue)"), ("title", hazard.detail)])
            chip.element("span", [("class", "sev")], text: hazard.risk.rawValue.uppercased())
            var text = " " + hazard.kind.label
            if let shown, let hour = hazard.hour, hour != shown { text += " at " + Timestamp.utcClock(hour) }
            chip.text(text)
        }
    }

    /// "1 h before", "2 h after", "the scheduled hour".
    static func relative(_ start: Date, to scheduled: Date) -> String {
        let hours = Int((start.timeIntervalSince(scheduled) / 3600).rounded())
        if hours == 0 { return "the scheduled hour" }
        return "\(abs(hours)) h " + (hours < 0 ? "before" : "after")
    }
}
