public import FleetWeather

/// Low visibility, with the thresholds of the flight categories.
public struct VisibilityRule: HazardRule {
    /// Creates the rule.
    public init() {}

    public func hazards(in hour: HourWeather, config: BriefingConfig) -> [Hazard] {
        guard let visibility = hour.visibility, visibility < config.visibilityAmberM else { return [] }
        let risk: Risk = visibility < config.visibilityRedM ? .red : .amber
        // The detail is built only for a hazard: this rule runs on every hour of every window.
        let detail = "visibility " + Units.visibility(visibility)
        return [Hazard(kind: .lowVisibility, risk: risk, detail: detail, hour: hour.forecastStart)]
    }
}
