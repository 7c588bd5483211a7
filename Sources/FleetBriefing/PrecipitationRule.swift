public import FleetWeather
internal import Foundation

/// Hazards from the hour's precipitation type, chance and intensity.
///
/// Catches what the condition code can hide: rain falling below 0 °C is freezing rain,
/// and a likely hail or sleet type matters even under a "Cloudy" code.
public struct PrecipitationRule: HazardRule {
    /// Creates the rule.
    public init() {}

    public func hazards(in hour: HourWeather, config: BriefingConfig) -> [Hazard] {
        guard let type = hour.precipitationType, type != .clear,
            (hour.precipitationChance ?? 0) >= config.precipitationChanceMin
        else { return [] }
        // Clamped before the conversion: a value outside 0…1 (from a body decoded by an older
        // version, say) must not trap it.
        let chance = Int((min(max(hour.precipitationChance ?? 0, 0), 1) * 100).rounded())
        let intensity = hour.precipitationIntensity ?? 0
        func hazard(_ kind: HazardKind, _ risk: Risk, _ detail: String) -> [Hazard] {
            [Hazard(kind: kind, risk: risk, detail: "\(detail), \(chance)% chance", hour: hour.forecastStart)]
        }
        switch type {
        case .hail:
            return hazard(.hail, .red, "hail")
        case .sleet:
            return hazard(.sleetOrWintryMix, .amber, "sleet")
        case .mixed:
            return hazard(.sleetOrWintryMix, .amber, "wintry mix")
        case .rain, .precipitation:
            if let temperature = hour.temperature, temperature <= 0 {
                return hazard(.freezingPrecipitation, .red, "rain at \(Fixed.whole(temperature)) °C")
            }
            if intensity >= config.heavyRainMmPerHour {
                return hazard(.heavyRain, .amber, "rain \(Fixed.text(intensity, decimals: 1)) mm/h")
            }
            return []
        case .snow:
            let snowfall = hour.snowfallIntensity ?? 0
            if snowfall >= config.heavySnowMmPerHour {
                return hazard(.heavySnow, .red, "snow \(Fixed.text(snowfall, decimals: 1)) mm/h")
            }
            return []
        case .clear, .unknown:
            return []
        }
    }
}
