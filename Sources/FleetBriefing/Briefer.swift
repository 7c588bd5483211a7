public import FleetAirports
public import FleetPlan
public import FleetSchedule
internal import FleetWeather
public import Foundation

/// Turns fetched cell weather into a briefing per flight.
///
/// Departure weather is the origin cell's forecast for the hour containing the scheduled
/// departure, arrival weather the destination's for the hour containing the scheduled
/// arrival; hazards and alerts are searched in the window around each time.
public struct Briefer: Sendable {
    /// The thresholds.
    public let config: BriefingConfig
    /// The rules run on each hour.
    public let rules: [any HazardRule]
    /// The run's planner (grid and forecast horizon).
    public let planner: Planner

    /// Creates a briefer.
    ///
    /// - Parameters:
    ///   - config: The thresholds.
    ///   - rules: The hazard rules.
    ///   - planner: The run's planner.
    public init(config: BriefingConfig = BriefingConfig(), rules: [any HazardRule] = HazardRules.all, planner: Planner)
    {
        self.config = config
        self.rules = rules
        self.planner = planner
    }

    /// Briefs every flight, in parallel on all cores (see ``BriefingSession``).
    ///
    /// - Parameters:
    ///   - flights: Accepted flights.
    ///   - fetch: The fetch stage's outcomes.
    /// - Returns: One briefing per flight, in input order.
    public func brief(_ flights: [Flight], fetch: FetchReport) -> [FlightBriefing] {
        BriefingSession.brief(flights, briefer: self, plan: nil, fetch: fetch)
    }

    /// Briefs every flight of a plan, finding each end's cell in the plan (the same briefings
    /// as ``brief(_:fetch:)``, without placing the airports on the grid again).
    ///
    /// - Parameters:
    ///   - flights: Accepted flights, the ones `plan` was made for.
    ///   - plan: Their plan (an airport it did not place is placed on the grid).
    ///   - fetch: The fetch stage's outcomes.
    /// - Returns: One briefing per flight, in input order.
    public func brief(_ flights: [Flight], plan: FetchPlan, fetch: FetchReport) -> [FlightBriefing] {
        BriefingSession.brief(flights, briefer: self, plan: plan, fetch: fetch)
    }

    /// Briefs one end of a flight.
    ///
    /// - Parameters:
    ///   - airport: The airport.
    ///   - time: The scheduled time there.
    ///   - fetch: The fetch stage's outcomes.
    /// - Returns: The end's briefing.
    public func end(airport: Airport, time: Date, fetch: FetchReport) -> EndBriefing {
        let key = planner.grid.key(latitude: airport.latitude, longitude: airport.longitude)
        return end(airport: airport, time: time, outcome: fetch.outcome(for: key), verdicts: [], place: nil)
    }

    /// Briefs one end from its cell's outcome, with the hazards of the cell's hours already
    /// found read from `verdicts` (by the hour's position in the cell's hours; an hour without
    /// one is judged here) and the end's hours found at `place` (searched for when `nil`).
    func end(
        airport: Airport, time: Date, outcome: CellOutcome?, verdicts: [HourVerdict?], place: EndPlace?
    ) -> EndBriefing {
        outcome?.end(airport: airport, time: time, briefer: self, verdicts: verdicts, place: place)
            ?? end(airport: airport, time: time, status: nil)
    }

    /// One end of a cell without weather: no hour, no alerts, the reason why.
    func end(airport: Airport, time: Date, status: CellStatus?) -> EndBriefing {
        let reason = planner.isBeyondHorizon(time) ? EndData.beyondHorizonReason : status?.reason ?? "no weather"
        return EndBriefing(
            airport: airport, time: time, hour: nil, worstHour: nil, hazards: [], category: nil, alerts: [],
            risk: .unknown, data: .missing(reason), day: nil, alertsKnown: false)
    }

    /// One end from its cell's weather (see ``CellOutcome/end(airport:time:briefer:verdicts:place:)``).
    func end(
        airport: Airport, time: Date, weather: CellWeather, status: CellStatus, verdicts: [HourVerdict?],
        place: EndPlace?
    ) -> EndBriefing {
        // Alerts are matched by time alone, before any hour is looked for: a Tornado Watch over
        // the scheduled time matters just as much when the forecast hour is missing.
        let alerts = Self.alerts(weather.alerts, around: time, reach: reach)
        func missing(_ reason: String) -> EndBriefing {
            // The daily outlook is kept when there is one: sunrise and sunset are still true
            // when the hour is missing, and the pages say "no data" for the hour itself.
            EndBriefing(
                airport: airport, time: time, hour: nil, worstHour: nil, hazards: [], category: nil, alerts: alerts,
                risk: Risk.unknown.worse(Self.alertRisk(alerts)), data: .missing(reason),
                day: weather.day(containing: time), alertsKnown: weather.dataSets.contains(.weatherAlerts))
        }
        let position: Int? =
            if let place { place.hour >= 0 ? place.hour : nil } else { weather.hourPosition(containing: time) }
        let hour = position.map { weather.hours[$0] }
        // A replay is judged by what was recorded: an hour that is there is briefed even when it
        // lies past the horizon computed from `--now`.
        if planner.isBeyondHorizon(time), !(status == .replayed && hour != nil) {
            return missing(EndData.beyondHorizonReason)
        }
        guard let hour else {
            return missing("no forecast hour for \(WeatherJSON.formatDate(TimeMath.floorHour(time)))")
        }
        if let window = place?.window {
            return evaluate(
                airport: airport, time: time, hour: hour, weather: weather, alerts: alerts, status: status,
                verdicts: verdicts, window: window)
        }
        return evaluate(
            airport: airport, time: time, hour: hour, weather: weather, alerts: alerts, status: status,
            verdicts: verdicts, window: window(in: weather, around: time))
    }

    /// How far either side of a scheduled time hazards and alerts are searched.
    private var reach: TimeInterval { TimeInterval(config.windowMinutes * 60) }

    /// The values an hour needs before it can be called good weather. A body may omit any field
    /// (every one is optional), and a missing condition, temperature, wind or visibility could
    /// hide a thunderstorm, icing, a gale or fog.
    ///
    /// - Parameter hour: The forecast hour of the scheduled time.
    /// - Returns: The names of the absent values, in a fixed order; empty when complete.
    static func absentEssentials(_ hour: HourWeather) -> [String] {
        var absent: [String] = []  // no allocation for a complete hour, the common case
        if hour.conditionCode == nil { absent.append("condition") }
        if hour.temperature == nil { absent.append("temperature") }
        if hour.windSpeed == nil { absent.append("wind") }
        if hour.visibility == nil { absent.append("visibility") }
        return absent
    }

    /// The hour members the rules and reports read. One of them dropped by the decoder (out of
    /// range, wrong type) leaves a hole a hazard could hide in, like an absent value; members no
    /// rule reads (`uvIndex`, `pressure`, `humidity`) do not make an end incomplete.
    static let briefedMembers: Set<String> = [
        "conditionCode", "temperature", "windSpeed", "windGust", "windDirection", "visibility",
        "precipitationChance", "precipitationType", "precipitationIntensity", "snowfallIntensity",
    ]

    /// Why a scheduled hour is incomplete: the essentials it lacks and the briefed values the
    /// body had but the decoder dropped; `nil` when it is complete.
    static func incompleteness(_ hour: HourWeather) -> String? {
        let absent = absentEssentials(hour)
        let unusable = hour.droppedValues?.filter(briefedMembers.contains) ?? []
        guard !absent.isEmpty || !unusable.isEmpty else { return nil }
        var parts: [String] = []
        if !absent.isEmpty { parts.append("no " + absent.joined(separator: ", ")) }
        if !unusable.isEmpty { parts.append(unusable.joined(separator: ", ") + " unusable in the body") }
        return parts.joined(separator: "; ")
    }

    /// The positions in `weather.hours` of the hours overlapping `[time - reach, time + reach]`,
    /// in order: the window an end's hazards are searched in.
    func window(in weather: CellWeather, around time: Date) -> [Int] {
        // Hours starting after time - reach - 1 h, up to time + reach.
        let from = time.addingTimeInterval(-reach)
        return weather.hours(from: time.addingTimeInterval(-reach - 3600), to: time.addingTimeInterval(reach)).indices
            .filter { (weather.hours[$0].forecastStart ?? .distantPast).addingTimeInterval(3600) > from }
    }

    /// What the rules find in one hour.
    func judge(_ hour: HourWeather) -> HourVerdict {
        let found = rules.flatMap { $0.hazards(in: hour, config: config) }
        return HourVerdict(found: found, onePerKind: Self.onePerKind(found), risk: found.map(\.risk).min() ?? .green)
    }

    /// Where one end's hours are in its cell's hours, found once (while its cell's hours are
    /// judged) instead of searched again for the briefing.
    func place(in weather: CellWeather, around time: Date, window positions: [Int]) -> EndPlace {
        let run = positions.first.map { $0..<$0 + positions.count } ?? 0..<0
        // Increasing positions are one run exactly when the last one ends the run.
        let isRun = positions.last.map { $0 + 1 == run.upperBound } ?? true
        return EndPlace(hour: weather.hourPosition(containing: time) ?? -1, window: isRun ? run : nil)
    }

    private func evaluate(
        airport: Airport, time: Date, hour: HourWeather, weather: CellWeather, alerts: [WeatherAlertSummary],
        status: CellStatus, verdicts: [HourVerdict?], window positions: some Collection<Int>
    ) -> EndBriefing {
        var worst: (position: Int, risk: Risk, count: Int, distance: TimeInterval)?
        // The worst hazard of each kind, in the order the kinds were first found (at most one
        // entry per kind, so a scan beats hashing).
        var worstOfKind: [Hazard] = []
        var everyHazard: [Hazard] = []
        let scheduledHour = TimeMath.floorHour(time)
        for position in positions {
            let verdict =
                (verdicts.indices.contains(position) ? verdicts[position] : nil) ?? judge(weather.hours[position])
            let found = verdict.found
            if everyHazard.isEmpty { everyHazard = verdict.onePerKind } else { everyHazard += verdict.onePerKind }
            let risk = verdict.risk
            let distance = abs((weather.hours[position].forecastStart ?? time).timeIntervalSince(scheduledHour))
            if worst == nil || Self.isWorse((risk, found.count, distance), than: worst) {
                worst = (position, risk, found.count, distance)
            }
            for hazard in found {
                if let known = worstOfKind.firstIndex(where: { $0.kind == hazard.kind }) {
                    if hazard.risk < worstOfKind[known].risk { worstOfKind[known] = hazard }
                } else {
                    worstOfKind.append(hazard)
                }
            }
        }
        let alertRisk = Self.alertRisk(alerts)
        let hazards = worstOfKind.sorted { ($0.risk, $0.kind.order) < ($1.risk, $1.kind.order) }
        var risk = (hazards.map(\.risk).min() ?? .green).worse(alertRisk)
        var data = EndData.fresh
        if case .stale(let since, let reason) = status { data = .stale(since: since, reason: reason) }
        if let missing = Self.incompleteness(hour) {
            // What is there still counts (a thunderstorm code stays red), but the end is never
            // green and the flight is not "ok": the missing value could hide a hazard.
            var reason = "incomplete forecast hour \(WeatherJSON.formatDate(TimeMath.floorHour(time))): \(missing)"
            if case .stale(_, let staleReason) = data { reason += "; stale (\(staleReason))" }
            data = .missing(reason)
            risk = risk.worse(.unknown)
        }
        return EndBriefing(
            airport: airport, time: time, hour: hour, worstHour: worst.map { weather.hours[$0.position] },
            hazards: hazards, category: hour.visibility.map { FlightCategory.estimate(visibilityMetres: $0) },
            alerts: alerts, risk: risk, data: data, dataReadTime: weather.readTime,
            window: positions.map { weather.hours[$0] }, windowHazards: everyHazard,
            day: weather.day(containing: time), alertsKnown: weather.dataSets.contains(.weatherAlerts))
    }

    /// One hazard per kind for one hour, worst first in the kinds' order: two rules may name the
    /// same kind in one hour (a freezing-rain code and a freezing precipitation type), which
    /// becomes one hazard, the worse, with both pieces of evidence. Done once here, not by
    /// every page that shows the hour.
    static func onePerKind(_ found: [Hazard]) -> [Hazard] {
        var byKind: [HazardKind: Hazard] = [:]
        for hazard in found {
            guard let known = byKind[hazard.kind] else {
                byKind[hazard.kind] = hazard
                continue
            }
            let worst = hazard.risk < known.risk ? hazard : known
            let detail = known.detail == hazard.detail ? worst.detail : known.detail + "; " + hazard.detail
            byKind[hazard.kind] = Hazard(kind: worst.kind, risk: worst.risk, detail: detail, hour: worst.hour)
        }
        return byKind.values.sorted { ($0.risk, $0.kind.order) < ($1.risk, $1.kind.order) }
    }

    private static func isWorse(
        _ candidate: (Risk, Int, TimeInterval),
        than current: (position: Int, risk: Risk, count: Int, distance: TimeInterval)?
    ) -> Bool {
        guard let current else { return true }
        if candidate.0 != current.risk { return candidate.0 < current.risk }
        if candidate.1 != current.count { return candidate.1 > current.count }
        return candidate.2 < current.distance
    }

    /// Alerts whose span overlaps the window, most severe first.
    static func alerts(_ all: [WeatherAlertSummary], around time: Date, reach: TimeInterval) -> [WeatherAlertSummary] {
        let from = time.addingTimeInterval(-reach)
        let to = time.addingTimeInterval(reach)
        return all.filter { alert in
            (alert.start ?? .distantPast) <= to && (alert.end ?? .distantFuture) >= from
        }.sorted { lhs, rhs in
            let left = lhs.severity ?? .unknown("")
            let right = rhs.severity ?? .unknown("")
            if left.rank != right.rank { return left.rank < right.rank }
            return (lhs.start ?? .distantPast) < (rhs.start ?? .distantPast)
        }
    }

    /// The worst risk a set of alerts raises (green when none raises any).
    static func alertRisk(_ alerts: [WeatherAlertSummary]) -> Risk {
        alerts.map(risk(of:)).min() ?? .green
    }

    /// Restraint: extreme and severe alerts make an end red, moderate amber; minor and
    /// unknown alerts are shown quietly and raise nothing.
    static func risk(of alert: WeatherAlertSummary) -> Risk {
        switch alert.severity {
        case .extreme, .severe: .red
        case .moderate: .amber
        case .minor, .unknown, nil: .green
        }
    }
}

extension HazardKind {
    /// Position in ``HazardKind/allCases``, for a stable hazard order: an end's hazards are
    /// sorted by risk, then by it, and the reports rank hazards across ends the same way.
    public var order: Int { Self.allCases.firstIndex(of: self) ?? 0 }
}

extension CellOutcome {
    /// One end in this cell: read in place, as `outcomes[cell]?.end(…)`, so the weather is not
    /// copied for every end (a copy retained each of its arrays, which both cores' ends of one
    /// cell contend for).
    func end(
        airport: Airport, time: Date, briefer: Briefer, verdicts: [HourVerdict?], place: EndPlace?
    ) -> EndBriefing {
        weather?.end(airport: airport, time: time, status: status, briefer: briefer, verdicts: verdicts, place: place)
            ?? briefer.end(airport: airport, time: time, status: status)
    }
}

extension CellWeather {
    /// ``Briefer/end(airport:time:weather:status:verdicts:place:)`` with this weather as `self`,
    /// so that `outcome.weather?.end(…)` reads the weather where it is.
    fileprivate func end(
        airport: Airport, time: Date, status: CellStatus, briefer: Briefer, verdicts: [HourVerdict?],
        place: EndPlace?
    ) -> EndBriefing {
        briefer.end(airport: airport, time: time, weather: self, status: status, verdicts: verdicts, place: place)
    }
}

/// Where one end's hours are in its cell's hours.
struct EndPlace: Sendable {
    /// The position of the hour holding the scheduled time, `-1` when no hour does.
    let hour: Int
    /// The window's positions (``Briefer/window(in:around:)``) when they are one run, as they
    /// are in sorted hours; `nil` to search them again.
    let window: Range<Int>?
}
