public import FleetWeather

/// Hazards named by the hour's `conditionCode`.
public struct ConditionRule: HazardRule {
    /// Creates the rule.
    public init() {}

    /// What each condition code means for a flight; codes not listed raise nothing.
    static let table: [ConditionCode: (HazardKind, Risk)] = [
        .thunderstorms: (.thunderstorm, .red),
        .strongStorms: (.thunderstorm, .red),
        .isolatedThunderstorms: (.thunderstorm, .amber),
        .scatteredThunderstorms: (.thunderstorm, .amber),
        .hail: (.hail, .red),
        .freezingRain: (.freezingPrecipitation, .red),
        .freezingDrizzle: (.freezingPrecipitation, .red),
        .sleet: (.sleetOrWintryMix, .amber),
        .wintryMix: (.sleetOrWintryMix, .amber),
        .heavySnow: (.heavySnow, .red),
        .blizzard: (.blizzard, .red),
        .blowingSnow: (.blowingSnow, .amber),
        .heavyRain: (.heavyRain, .amber),
        .foggy: (.fog, .amber),
        .haze: (.obscuration, .amber),
        .smoky: (.obscuration, .amber),
        .blowingDust: (.obscuration, .amber),
        .tropicalStorm: (.tropicalStorm, .red),
        .hurricane: (.tropicalStorm, .red),
        .hot: (.extremeHeat, .amber),
        .frigid: (.extremeCold, .amber),
        .windy: (.strongWind, .amber),
    ]

    public func hazards(in hour: HourWeather, config: BriefingConfig) -> [Hazard] {
        guard let code = hour.conditionCode else { return [] }
        if code.isUnknown {
            return [
                Hazard(
                    kind: .unknownCondition, risk: .amber,
                    detail: "condition code \(code.token) is not one fleetwx knows; check the forecast",
                    hour: hour.forecastStart)
            ]
        }
        guard let (kind, risk) = Self.table[code] else { return [] }
        return [Hazard(kind: kind, risk: risk, detail: code.label, hour: hour.forecastStart)]
    }
}
