public import FleetWeather
internal import Foundation

/// Extreme heat (performance, hot-and-high) and extreme cold.
public struct TemperatureRule: HazardRule {
    /// Creates the rule.
    public init() {}

    public func hazards(in hour: HourWeather, config: BriefingConfig) -> [Hazard] {
        guard let temperature = hour.temperature else { return [] }
        if temperature >= config.heatAmberC {
            let risk: Risk = temperature >= config.heatRedC ? .red : .amber
            let detail = Fixed.whole(temperature) + " °C"
            return [Hazard(kind: .extremeHeat, risk: risk, detail: detail, hour: hour.forecastStart)]
        }
        if temperature <= config.coldAmberC {
            let risk: Risk = temperature <= config.coldRedC ? .red : .amber
            let detail = Fixed.whole(temperature) + " °C"
            return [Hazard(kind: .extremeCold, risk: risk, detail: detail, hour: hour.forecastStart)]
        }
        return []
    }
}
