public import FleetWeather

/// One briefing rule: looks at a forecast hour and names the hazards it finds.
///
/// The seam for the briefing rules: each rule is small, table-tested on its own, and the
/// ``Briefer`` runs them all; adding a rule never touches the others.
public protocol HazardRule: Sendable {
    /// The hazards this rule finds in one hour.
    ///
    /// - Parameters:
    ///   - hour: A forecast hour.
    ///   - config: The thresholds.
    /// - Returns: The hazards (empty when none).
    func hazards(in hour: HourWeather, config: BriefingConfig) -> [Hazard]
}

/// The rules fleetwx runs, in the order their hazards are listed.
public enum HazardRules {
    /// Every built-in rule.
    public static let all: [any HazardRule] = [
        ConditionRule(), PrecipitationRule(), VisibilityRule(), WindRule(), TemperatureRule(), IcingRule(),
    ]
}
