public import Foundation

/// The kinds of hazard a briefing can flag (docs/contract.md §7.3).
public enum HazardKind: String, Sendable, Codable, CaseIterable {
    case thunderstorm
    case hail
    case freezingPrecipitation = "freezing-precipitation"
    case sleetOrWintryMix = "sleet-wintry-mix"
    case heavySnow = "heavy-snow"
    case blowingSnow = "blowing-snow"
    case blizzard
    case heavyRain = "heavy-rain"
    case lowVisibility = "low-visibility"
    case fog
    case obscuration
    case tropicalStorm = "tropical-storm"
    case strongWind = "strong-wind"
    case strongGusts = "strong-gusts"
    case bumpy
    case extremeHeat = "extreme-heat"
    case extremeCold = "extreme-cold"
    case icing
    case unknownCondition = "unknown-condition"

    /// A label for people.
    public var label: String {
        switch self {
        case .thunderstorm: "Thunderstorms"
        case .hail: "Hail"
        case .freezingPrecipitation: "Freezing precipitation"
        case .sleetOrWintryMix: "Sleet / wintry mix"
        case .heavySnow: "Heavy snow"
        case .blowingSnow: "Blowing snow"
        case .blizzard: "Blizzard"
        case .heavyRain: "Heavy rain"
        case .lowVisibility: "Low visibility"
        case .fog: "Fog"
        case .obscuration: "Smoke / dust / haze"
        case .tropicalStorm: "Tropical storm / hurricane"
        case .strongWind: "Strong wind"
        case .strongGusts: "Strong gusts"
        case .bumpy: "Bumpy (gust spread)"
        case .extremeHeat: "Extreme heat"
        case .extremeCold: "Extreme cold"
        case .icing: "Icing conditions possible"
        case .unknownCondition: "Unrecognised condition"
        }
    }
}

/// One hazard found in one forecast hour.
public struct Hazard: Sendable, Hashable, Codable {
    /// What it is.
    public let kind: HazardKind
    /// How much it raises the risk (`amber` or `red`; `green` for notes that raise nothing).
    public let risk: Risk
    /// The evidence in words (`gusts 48 kt`, `conditionCode FreezingRain`).
    public let detail: String
    /// The start of the hour it was found in.
    public let hour: Date?

    /// Creates a hazard.
    public init(kind: HazardKind, risk: Risk, detail: String, hour: Date? = nil) {
        self.kind = kind
        self.risk = risk
        self.detail = detail
        self.hour = hour
    }
}
