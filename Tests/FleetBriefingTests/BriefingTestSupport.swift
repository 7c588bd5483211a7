import FleetAirports
import FleetBriefing
import FleetPlan
import FleetSchedule
import FleetTestSupport
import FleetWeather
import Foundation
import Testing

/// What a rule found, without the wording.
struct Found: Equatable, Sendable, CustomStringConvertible {
    let kind: HazardKind
    let risk: Risk

    init(_ kind: HazardKind, _ risk: Risk) {
        self.kind = kind
        self.risk = risk
    }

    var description: String { "\(kind.rawValue)/\(risk.rawValue)" }
}

/// One row of a rule table: a named hour and what the rule should find in it.
struct RuleCase: Sendable, CustomTestStringConvertible {
    let name: String
    let hour: HourWeather
    let expected: [Found]

    var testDescription: String { name }
}

/// The start of every test hour.
let hourStart = WeatherFixtures.date("2026-12-01T13:00:00Z")

/// A calm hour changed by `adjust`.
func hour(_ adjust: (inout HourWeather) -> Void) -> HourWeather {
    var hour = WeatherFixtures.hour(hourStart)
    adjust(&hour)
    return hour
}

/// Runs one rule with the default thresholds.
func found(_ rule: any HazardRule, _ hour: HourWeather, config: BriefingConfig = BriefingConfig()) -> [Found] {
    rule.hazards(in: hour, config: config).map { Found($0.kind, $0.risk) }
}

/// Knots to km/h, as WeatherKit reports wind.
func kmh(knots: Double) -> Double { knots * Units.kmhPerKnot }

/// The run's clock in briefing tests.
let briefingNow = WeatherFixtures.date("2026-12-01T00:00:00Z")

/// A briefer at `briefingNow` on the default grid.
func briefer(config: BriefingConfig = BriefingConfig()) throws -> Briefer {
    Briefer(config: config, planner: Planner(grid: try Grid(), now: briefingNow))
}

/// The fetch stage's outcome for some airports.
func fetch(_ entries: [(code: String, weather: CellWeather?, status: CellStatus)]) throws -> FetchReport {
    var report = FetchReport()
    let grid = try Grid()
    for entry in entries {
        let airport = TestFlights.airport(entry.code)
        let key = grid.key(latitude: airport.latitude, longitude: airport.longitude)
        report.outcomes[key] = CellOutcome(key: key, weather: entry.weather, status: entry.status)
    }
    return report
}

/// 48 calm hours from 2026-12-01T00:00Z, each changed by `adjust` (given the hour of day).
func dayWeather(
    alerts: [WeatherAlertSummary] = [], readTime: Date? = nil, adjust: (Int, inout HourWeather) -> Void = { _, _ in }
) -> CellWeather {
    WeatherFixtures.weather(
        hours: WeatherFixtures.hours(from: briefingNow, count: 48, adjust: adjust), alerts: alerts, readTime: readTime)
}
