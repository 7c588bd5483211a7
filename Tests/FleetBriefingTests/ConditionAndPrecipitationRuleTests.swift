import FleetBriefing
import FleetTestSupport
import FleetWeather
import Testing

@Suite("ConditionRule")
struct ConditionRuleTests {
    /// What each hazardous condition code must raise (docs/contract.md §7.3, docs/briefing-thresholds.md §2).
    static let hazardous: [(ConditionCode, HazardKind, Risk)] = [
        (.thunderstorms, .thunderstorm, .red), (.strongStorms, .thunderstorm, .red),
        (.isolatedThunderstorms, .thunderstorm, .amber), (.scatteredThunderstorms, .thunderstorm, .amber),
        (.hail, .hail, .red),
        (.freezingRain, .freezingPrecipitation, .red), (.freezingDrizzle, .freezingPrecipitation, .red),
        (.sleet, .sleetOrWintryMix, .amber), (.wintryMix, .sleetOrWintryMix, .amber),
        (.heavySnow, .heavySnow, .red), (.blizzard, .blizzard, .red), (.blowingSnow, .blowingSnow, .amber),
        (.heavyRain, .heavyRain, .amber),
        (.foggy, .fog, .amber), (.haze, .obscuration, .amber), (.smoky, .obscuration, .amber),
        (.blowingDust, .obscuration, .amber),
        (.tropicalStorm, .tropicalStorm, .red), (.hurricane, .tropicalStorm, .red),
        (.hot, .extremeHeat, .amber), (.frigid, .extremeCold, .amber), (.windy, .strongWind, .amber),
    ]

    /// Condition codes that raise nothing on their own.
    static let harmless: [ConditionCode] = [
        .clear, .mostlyClear, .partlyCloudy, .mostlyCloudy, .cloudy, .breezy, .drizzle, .rain, .sunShowers,
        .flurries, .sunFlurries, .snow,
    ]

    @Test("each hazardous condition code raises its hazard", arguments: hazardous)
    func hazardousCode(code: ConditionCode, kind: HazardKind, risk: Risk) {
        let hazards = ConditionRule().hazards(in: hour { $0.conditionCode = code }, config: BriefingConfig())
        #expect(hazards.map { Found($0.kind, $0.risk) } == [Found(kind, risk)])
        #expect(hazards.first?.detail == code.label)
        #expect(hazards.first?.hour == hourStart)
    }

    @Test("harmless condition codes raise nothing", arguments: harmless)
    func harmlessCode(code: ConditionCode) {
        #expect(found(ConditionRule(), hour { $0.conditionCode = code }).isEmpty)
    }

    @Test("every known condition code is classified by these tables")
    func everyCodeClassified() {
        let classified = Set(Self.hazardous.map(\.0) + Self.harmless)
        #expect(classified == Set(ConditionCode.known.values))
    }

    @Test("an unknown condition code is amber with the token in the detail", arguments: ["VolcanicAsh", "", "clear"])
    func unknownCode(token: String) {
        let hazards = ConditionRule().hazards(
            in: hour { $0.conditionCode = ConditionCode(token: token) }, config: BriefingConfig())
        #expect(hazards.map { Found($0.kind, $0.risk) } == [Found(.unknownCondition, .amber)])
        #expect(hazards.first?.detail.contains("condition code \(token) ") == true)
    }

    @Test("no condition code, no hazard")
    func noCode() {
        #expect(found(ConditionRule(), hour { $0.conditionCode = nil }).isEmpty)
    }
}

@Suite("PrecipitationRule")
struct PrecipitationRuleTests {
    static func wet(
        _ type: PrecipitationType?, chance: Double? = 0.5, temperature: Double? = 5, intensity: Double? = 1,
        snowfall: Double? = nil
    ) -> HourWeather {
        hour {
            $0.precipitationType = type
            $0.precipitationChance = chance
            $0.temperature = temperature
            $0.precipitationIntensity = intensity
            $0.snowfallIntensity = snowfall
        }
    }

    static let cases: [RuleCase] = [
        RuleCase(name: "hail is red", hour: wet(.hail), expected: [Found(.hail, .red)]),
        RuleCase(name: "sleet is amber", hour: wet(.sleet), expected: [Found(.sleetOrWintryMix, .amber)]),
        RuleCase(name: "mixed is amber", hour: wet(.mixed), expected: [Found(.sleetOrWintryMix, .amber)]),
        RuleCase(
            name: "rain at 0 °C is freezing, red", hour: wet(.rain, temperature: 0),
            expected: [Found(.freezingPrecipitation, .red)]),
        RuleCase(
            name: "rain at -3 °C is freezing, red", hour: wet(.rain, temperature: -3),
            expected: [Found(.freezingPrecipitation, .red)]),
        RuleCase(name: "light rain at 0.1 °C is nothing", hour: wet(.rain, temperature: 0.1), expected: []),
        RuleCase(
            name: "generic precipitation at -1 °C is freezing", hour: wet(.precipitation, temperature: -1),
            expected: [Found(.freezingPrecipitation, .red)]),
        RuleCase(name: "rain without a temperature is not freezing", hour: wet(.rain, temperature: nil), expected: []),
        RuleCase(
            name: "rain at the heavy intensity is amber", hour: wet(.rain, intensity: 7.6),
            expected: [Found(.heavyRain, .amber)]),
        RuleCase(name: "rain just below heavy is nothing", hour: wet(.rain, intensity: 7.5), expected: []),
        RuleCase(
            name: "freezing beats heavy", hour: wet(.rain, temperature: -1, intensity: 20),
            expected: [Found(.freezingPrecipitation, .red)]),
        RuleCase(
            name: "snow at the heavy intensity is red", hour: wet(.snow, temperature: -2, snowfall: 10),
            expected: [Found(.heavySnow, .red)]),
        RuleCase(
            name: "snow just below heavy is nothing", hour: wet(.snow, temperature: -2, snowfall: 9.9), expected: []),
        RuleCase(name: "snow without an intensity is nothing", hour: wet(.snow, temperature: -2), expected: []),
        RuleCase(name: "hail at a 29% chance is nothing", hour: wet(.hail, chance: 0.29), expected: []),
        RuleCase(name: "hail at exactly 30% counts", hour: wet(.hail, chance: 0.3), expected: [Found(.hail, .red)]),
        RuleCase(name: "hail without a chance is nothing", hour: wet(.hail, chance: nil), expected: []),
        RuleCase(
            name: "freezing rain at a 29% chance is nothing", hour: wet(.rain, chance: 0.29, temperature: -2),
            expected: []),
        RuleCase(name: "clear is nothing", hour: wet(.clear, chance: 0.9), expected: []),
        RuleCase(name: "an unknown type is nothing", hour: wet(.unknown("graupel"), chance: 0.9), expected: []),
        RuleCase(name: "no type is nothing", hour: wet(nil, chance: 0.9), expected: []),
    ]

    @Test("precipitation types, chances and intensities", arguments: cases)
    func table(_ example: RuleCase) {
        #expect(found(PrecipitationRule(), example.hour) == example.expected)
    }

    @Test("the detail gives the evidence and the chance")
    func detail() {
        let hazards = PrecipitationRule().hazards(in: Self.wet(.rain, temperature: -2), config: BriefingConfig())
        #expect(hazards.first?.detail == "rain at -2 °C, 50% chance")
    }

    @Test("a lower configured minimum chance counts a less likely shower")
    func configuredMinimum() {
        var config = BriefingConfig()
        config.precipitationChanceMin = 0.1
        #expect(found(PrecipitationRule(), Self.wet(.hail, chance: 0.2), config: config) == [Found(.hail, .red)])
    }
}

@Suite("VisibilityRule")
struct VisibilityRuleTests {
    static let cases: [RuleCase] = [
        RuleCase(name: "0 m is red", hour: hour { $0.visibility = 0 }, expected: [Found(.lowVisibility, .red)]),
        RuleCase(
            name: "just below the red limit (1 SM, 1609.344 m)", hour: hour { $0.visibility = 1609.3 },
            expected: [Found(.lowVisibility, .red)]),
        RuleCase(
            name: "at the red limit is amber", hour: hour { $0.visibility = 1609.344 },
            expected: [Found(.lowVisibility, .amber)]),
        RuleCase(
            name: "just below the amber limit (3 SM, 4828.032 m)", hour: hour { $0.visibility = 4828 },
            expected: [Found(.lowVisibility, .amber)]),
        RuleCase(name: "at the amber limit is nothing", hour: hour { $0.visibility = 4828.032 }, expected: []),
        RuleCase(name: "20 km is nothing", hour: hour { $0.visibility = 20_000 }, expected: []),
        RuleCase(name: "no visibility is nothing", hour: hour { $0.visibility = nil }, expected: []),
    ]

    @Test("visibility against the IFR and LIFR limits", arguments: cases)
    func table(_ example: RuleCase) {
        #expect(found(VisibilityRule(), example.hour) == example.expected)
    }

    @Test("the detail gives metres and statute miles")
    func detail() {
        let hazards = VisibilityRule().hazards(in: hour { $0.visibility = 800 }, config: BriefingConfig())
        #expect(hazards.first?.detail == "visibility 800 m (0.5 SM)")
    }
}
