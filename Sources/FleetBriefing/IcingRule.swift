public import FleetWeather
internal import Foundation

/// "Icing conditions possible": at or below the icing temperature with visible moisture
/// (low visibility, or precipitation likely). An advisory flag (docs/briefing-thresholds.md §4):
/// engine and airframe anti-ice definitions use +10 °C with visible moisture.
public struct IcingRule: HazardRule {
    /// Creates the rule.
    public init() {}

    public func hazards(in hour: HourWeather, config: BriefingConfig) -> [Hazard] {
        guard let temperature = hour.temperature, temperature <= config.icingMaxC else { return [] }
        let lowVisibility = (hour.visibility ?? .infinity) <= config.icingVisibilityM
        let precipitating =
            (hour.precipitationType.map { $0 != .clear } ?? false)
            && (hour.precipitationChance ?? 0) >= config.precipitationChanceMin
        guard lowVisibility || precipitating else { return [] }
        let moisture = lowVisibility ? "low visibility" : "precipitation"
        return [
            Hazard(
                kind: .icing, risk: .amber, detail: Fixed.whole(temperature) + " °C with \(moisture)",
                hour: hour.forecastStart)
        ]
    }
}
