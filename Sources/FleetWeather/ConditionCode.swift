/// WeatherKit `conditionCode` (the Swift `WeatherCondition` cases, PascalCase on the wire).
public enum ConditionCode: OpenEnum {
    case clear, mostlyClear, partlyCloudy, mostlyCloudy, cloudy
    case foggy, haze, smoky, blowingDust
    case breezy, windy
    case drizzle, rain, heavyRain, sunShowers
    case isolatedThunderstorms, scatteredThunderstorms, thunderstorms, strongStorms
    case frigid, hail, hot
    case flurries, sunFlurries, snow, heavySnow, sleet, wintryMix, blizzard, blowingSnow
    case freezingDrizzle, freezingRain
    case tropicalStorm, hurricane
    /// A token Apple added after this version was written.
    case unknown(String)

    private static let all: [ConditionCode] = [
        .clear, .mostlyClear, .partlyCloudy, .mostlyCloudy, .cloudy, .foggy, .haze, .smoky,
        .blowingDust, .breezy, .windy, .drizzle, .rain, .heavyRain, .sunShowers,
        .isolatedThunderstorms, .scatteredThunderstorms, .thunderstorms, .strongStorms, .frigid,
        .hail, .hot, .flurries, .sunFlurries, .snow, .heavySnow, .sleet, .wintryMix, .blizzard,
        .blowingSnow, .freezingDrizzle, .freezingRain, .tropicalStorm, .hurricane,
    ]

    /// Wire tokens of the known cases: the case name with its first letter upper-cased
    /// (`mostlyClear` → `MostlyClear`). Written out rather than derived by reflection, which
    /// would call ``description`` (and so this table) while it is being built.
    private static let names = [
        "Clear", "MostlyClear", "PartlyCloudy", "MostlyCloudy", "Cloudy", "Foggy", "Haze", "Smoky",
        "BlowingDust", "Breezy", "Windy", "Drizzle", "Rain", "HeavyRain", "SunShowers",
        "IsolatedThunderstorms", "ScatteredThunderstorms", "Thunderstorms", "StrongStorms", "Frigid",
        "Hail", "Hot", "Flurries", "SunFlurries", "Snow", "HeavySnow", "Sleet", "WintryMix", "Blizzard",
        "BlowingSnow", "FreezingDrizzle", "FreezingRain", "TropicalStorm", "Hurricane",
    ]

    private static let tokens: [ConditionCode: String] = Dictionary(
        uniqueKeysWithValues: zip(all, names).map { ($0, $1) })

    public static let known: [String: ConditionCode] = Dictionary(
        uniqueKeysWithValues: tokens.map { ($0.value, $0.key) })

    public var token: String {
        if case .unknown(let token) = self { return token }
        return Self.tokens[self] ?? "Unknown"
    }

    /// A short English label for reports ("Mostly clear", "Freezing rain").
    public var label: String {
        if case .unknown(let token) = self { return "Unknown (\(token))" }
        return Self.labels[self] ?? token
    }

    /// Labels of the known cases, made once from their tokens: briefings and pages ask for
    /// one per hour shown.
    private static let labels: [ConditionCode: String] = tokens.mapValues { token in
        var words = ""
        for character in token {
            if character.isUppercase, !words.isEmpty { words.append(" ") }
            words.append(words.isEmpty ? character : Character(character.lowercased()))
        }
        return words
    }
}
