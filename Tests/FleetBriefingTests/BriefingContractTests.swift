import FleetBriefing
import FleetPlan
import FleetSchedule
import FleetTestSupport
import FleetWeather
import Foundation
import Testing

/// docs/contract.md §7: thunderstorms, freezing precipitation, heavy snow or an extreme/severe alert at
/// either end, anywhere in the ±1 hour around its scheduled time, never leaves a flight green.
@Suite("Briefing contract: dangerous weather is never green")
struct BriefingContractTests {
    enum Side: String, Sendable, CaseIterable { case departure, arrival }

    /// A dangerous change to one hour of otherwise calm weather, or an alert.
    struct Danger: Sendable, CustomTestStringConvertible {
        let name: String
        let change: @Sendable (inout HourWeather) -> Void
        let alert: AlertSeverity?

        init(
            _ name: String, alert: AlertSeverity? = nil,
            change: @escaping @Sendable (inout HourWeather) -> Void = { _ in }
        ) {
            self.name = name
            self.change = change
            self.alert = alert
        }

        var testDescription: String { name }
    }

    static let dangers: [Danger] = [
        Danger("thunderstorms") { $0.conditionCode = .thunderstorms },
        Danger("strong storms") { $0.conditionCode = .strongStorms },
        Danger("isolated thunderstorms") { $0.conditionCode = .isolatedThunderstorms },
        Danger("scattered thunderstorms") { $0.conditionCode = .scatteredThunderstorms },
        Danger("freezing rain code") { $0.conditionCode = .freezingRain },
        Danger("freezing drizzle code") { $0.conditionCode = .freezingDrizzle },
        Danger("rain at -1 °C") {
            $0.conditionCode = .rain
            $0.precipitationType = .rain
            $0.precipitationChance = 0.6
            $0.temperature = -1
        },
        Danger("precipitation at 0 °C under a cloudy code") {
            $0.conditionCode = .cloudy
            $0.precipitationType = .precipitation
            $0.precipitationChance = 0.4
            $0.temperature = 0
        },
        Danger("heavy snow code") { $0.conditionCode = .heavySnow },
        Danger("blizzard") { $0.conditionCode = .blizzard },
        Danger("snow at 15 mm/h") {
            $0.conditionCode = .snow
            $0.precipitationType = .snow
            $0.precipitationChance = 0.9
            $0.snowfallIntensity = 15
            $0.temperature = -3
        },
        Danger("extreme alert", alert: .extreme),
        Danger("severe alert", alert: .severe),
    ]

    /// Hours relative to the scheduled hour: the one before, the scheduled one, the one after.
    static let offsets = [-1, 0, 1]

    @Test("a flight with dangerous weather at either end is not green", arguments: dangers, Side.allCases)
    func notGreen(danger: Danger, side: Side) throws {
        let flight = TestFlights.flight()  // JFK 13:05Z → LHR 20:50Z
        for offset in Self.offsets {
            let scheduled = side == .departure ? flight.departure : flight.arrival
            let dangerous = Int(TimeMath.floorHour(scheduled).timeIntervalSince(briefingNow) / 3600) + offset
            var alerts: [WeatherAlertSummary] = []
            if let severity = danger.alert {
                let start = TimeMath.floorHour(scheduled).addingTimeInterval(Double(offset) * 3600)
                alerts = [
                    WeatherFixtures.alert(
                        id: "a", severity: severity, from: start, until: start.addingTimeInterval(3600))
                ]
            }
            let bad = dayWeather(alerts: alerts) { index, hour in
                if index == dangerous, danger.alert == nil { danger.change(&hour) }
            }
            let calm = dayWeather()
            let report = try fetch([
                ("JFK", side == .departure ? bad : calm, .replayed), ("LHR", side == .arrival ? bad : calm, .replayed),
            ])
            let briefing = try #require(try briefer().brief([flight], fetch: report).first)
            let end = side == .departure ? briefing.departure : briefing.arrival
            #expect(end.risk != .green, "\(danger.name) at \(side.rawValue), hour offset \(offset)")
            #expect(briefing.risk != .green, "\(danger.name) at \(side.rawValue), hour offset \(offset)")
        }
    }

    @Test("the same weather two hours away leaves the flight green")
    func farAwayIsGreen() throws {
        let flight = TestFlights.flight()
        let stormy = dayWeather { index, hour in
            if index == 11 || index == 15 { hour.conditionCode = .thunderstorms }
        }
        let report = try fetch([("JFK", stormy, .replayed), ("LHR", dayWeather(), .replayed)])
        let briefing = try #require(try briefer().brief([flight], fetch: report).first)
        #expect(briefing.risk == .green)
    }
}
