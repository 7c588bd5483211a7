public import FleetWeatherKit
internal import Foundation

/// Low visibility, with the thresholds of the flight categories.
public struct VisibilityRule: HazardRule {
    /// Creates the rule.
    public init() {}

    public func hazards(in hour: HourWeather, config: BriefingConfig) -> [Hazard] {
        guard let visibility = hour.visibility else { return [] }
        let detail = String(
            format: "visibility %.0f m (%.1f SM)", visibility, Units.statuteMiles(fromMetres: visibility))
        if visibility < config.visibilityRedM {
            return [Hazard(kind: .lowVisibility, risk: .red, detail: detail, hour: hour.forecastStart)]
        }
        if visibility < config.visibilityAmberM {
            return [Hazard(kind: .lowVisibility, risk: .amber, detail: detail, hour: hour.forecastStart)]
        }
        return []
    }
}
