public import FleetWeather
internal import Foundation

/// Strong sustained wind, strong gusts, and a "bumpy" spread between the two.
public struct WindRule: HazardRule {
    /// Creates the rule.
    public init() {}

    public func hazards(in hour: HourWeather, config: BriefingConfig) -> [Hazard] {
        var found: [Hazard] = []
        let wind = hour.windSpeed.map(Units.knots(fromKmh:))
        let gust = hour.windGust.map(Units.knots(fromKmh:))
        if let wind, wind >= config.windAmberKt {
            let risk: Risk = wind >= config.windRedKt ? .red : .amber
            found.append(
                Hazard(
                    kind: .strongWind, risk: risk, detail: "wind \(Fixed.whole(wind)) kt",
                    hour: hour.forecastStart))
        }
        if let gust, gust >= config.gustAmberKt {
            let risk: Risk = gust >= config.gustRedKt ? .red : .amber
            found.append(
                Hazard(
                    kind: .strongGusts, risk: risk, detail: "gusts \(Fixed.whole(gust)) kt",
                    hour: hour.forecastStart))
        }
        if let wind, let gust, gust - wind >= config.gustSpreadAmberKt {
            found.append(
                Hazard(
                    kind: .bumpy, risk: .amber,
                    detail: "gusts \(Fixed.whole(gust)) kt over wind \(Fixed.whole(wind)) kt",
                    hour: hour.forecastStart))
        }
        return found
    }
}
