import FleetBriefing
import FleetTestSupport
import FleetWeather
import Testing

@Suite("WindRule")
struct WindRuleTests {
    static func wind(_ wind: Double?, gust: Double? = nil) -> HourWeather {
        hour {
            $0.windSpeed = wind.map { kmh(knots: $0) }
            $0.windGust = gust.map { kmh(knots: $0) }
        }
    }

    static let cases: [RuleCase] = [
        RuleCase(name: "wind 24.9 kt is nothing", hour: wind(24.9), expected: []),
        RuleCase(name: "wind 25 kt is amber", hour: wind(25), expected: [Found(.strongWind, .amber)]),
        RuleCase(name: "wind 34.9 kt is amber", hour: wind(34.9), expected: [Found(.strongWind, .amber)]),
        RuleCase(name: "wind 35 kt is red", hour: wind(35), expected: [Found(.strongWind, .red)]),
        RuleCase(name: "gusts 34.9 kt over 24 kt is nothing", hour: wind(24, gust: 34.9), expected: []),
        RuleCase(
            name: "gusts 35 kt over 24 kt are amber", hour: wind(24, gust: 35), expected: [Found(.strongGusts, .amber)]),
        RuleCase(
            name: "gusts 44.9 kt are amber and bumpy", hour: wind(24, gust: 44.9),
            expected: [Found(.strongGusts, .amber), Found(.bumpy, .amber)]),
        RuleCase(
            name: "gusts 45 kt are red and bumpy", hour: wind(24, gust: 45),
            expected: [Found(.strongGusts, .red), Found(.bumpy, .amber)]),
        RuleCase(
            name: "strong wind and red gusts together", hour: wind(36, gust: 46),
            expected: [Found(.strongWind, .red), Found(.strongGusts, .red)]),
        RuleCase(name: "a 14.9 kt gust spread is nothing", hour: wind(10, gust: 24.9), expected: []),
        RuleCase(name: "a 15 kt gust spread is bumpy", hour: wind(10, gust: 25), expected: [Found(.bumpy, .amber)]),
        RuleCase(name: "gusts without wind are not bumpy", hour: wind(nil, gust: 30), expected: []),
        RuleCase(name: "strong gusts without wind", hour: wind(nil, gust: 40), expected: [Found(.strongGusts, .amber)]),
        RuleCase(name: "calm", hour: wind(5, gust: 8), expected: []),
        RuleCase(name: "no wind data", hour: wind(nil), expected: []),
    ]

    @Test("wind, gusts and gust spread against their limits (km/h converted to kt)", arguments: cases)
    func table(_ example: RuleCase) {
        #expect(found(WindRule(), example.hour) == example.expected)
    }

    @Test("details are in knots")
    func details() {
        let hazards = WindRule().hazards(in: Self.wind(24, gust: 45), config: BriefingConfig())
        #expect(hazards.map(\.detail) == ["gusts 45 kt", "gusts 45 kt over wind 24 kt"])
    }

    @Test("configured limits are used")
    func configured() {
        var config = BriefingConfig()
        config.windAmberKt = 15
        config.windRedKt = 20
        #expect(found(WindRule(), Self.wind(20), config: config) == [Found(.strongWind, .red)])
    }

    @Test("one knot is 1.852 km/h")
    func conversion() {
        #expect(Units.knots(fromKmh: 18.52) == 10)
        #expect(abs(Units.statuteMiles(fromMetres: 1609.344) - 1) < 1e-12)
    }
}

@Suite("TemperatureRule")
struct TemperatureRuleTests {
    static func temperature(_ value: Double?) -> HourWeather { hour { $0.temperature = value } }

    static let cases: [RuleCase] = [
        RuleCase(name: "39.9 °C is nothing", hour: temperature(39.9), expected: []),
        RuleCase(name: "40 °C is amber heat", hour: temperature(40), expected: [Found(.extremeHeat, .amber)]),
        RuleCase(name: "45.9 °C is amber heat", hour: temperature(45.9), expected: [Found(.extremeHeat, .amber)]),
        RuleCase(name: "46 °C is red heat", hour: temperature(46), expected: [Found(.extremeHeat, .red)]),
        RuleCase(name: "-24.9 °C is nothing", hour: temperature(-24.9), expected: []),
        RuleCase(name: "-25 °C is amber cold", hour: temperature(-25), expected: [Found(.extremeCold, .amber)]),
        RuleCase(name: "-39.9 °C is amber cold", hour: temperature(-39.9), expected: [Found(.extremeCold, .amber)]),
        RuleCase(name: "-40 °C is red cold", hour: temperature(-40), expected: [Found(.extremeCold, .red)]),
        RuleCase(name: "15 °C is nothing", hour: temperature(15), expected: []),
        RuleCase(name: "no temperature is nothing", hour: temperature(nil), expected: []),
    ]

    @Test("heat and cold against their limits", arguments: cases)
    func table(_ example: RuleCase) {
        #expect(found(TemperatureRule(), example.hour) == example.expected)
    }
}

@Suite("IcingRule")
struct IcingRuleTests {
    static func icing(
        _ temperature: Double?, visibility: Double? = 20_000, type: PrecipitationType? = .clear, chance: Double? = 0
    ) -> HourWeather {
        hour {
            $0.temperature = temperature
            $0.visibility = visibility
            $0.precipitationType = type
            $0.precipitationChance = chance
        }
    }

    static let cases: [RuleCase] = [
        RuleCase(
            name: "5 °C in 1600 m visibility", hour: icing(5, visibility: 1600), expected: [Found(.icing, .amber)]),
        RuleCase(name: "5 °C in 1601 m visibility, dry", hour: icing(5, visibility: 1601), expected: []),
        RuleCase(
            name: "5 °C with likely rain", hour: icing(5, type: .rain, chance: 0.5), expected: [Found(.icing, .amber)]),
        RuleCase(
            name: "-10 °C with likely snow", hour: icing(-10, type: .snow, chance: 0.8),
            expected: [Found(.icing, .amber)]),
        RuleCase(
            name: "10 °C with rain is at the limit", hour: icing(10, type: .rain, chance: 0.5),
            expected: [Found(.icing, .amber)]),
        RuleCase(
            name: "10.1 °C in fog and rain is too warm", hour: icing(10.1, visibility: 200, type: .rain, chance: 0.9),
            expected: []),
        RuleCase(name: "5 °C and dry is nothing", hour: icing(5), expected: []),
        RuleCase(name: "5 °C with unlikely snow", hour: icing(5, type: .snow, chance: 0.29), expected: []),
        RuleCase(name: "5 °C with a 'clear' type is dry", hour: icing(5, type: .clear, chance: 0.9), expected: []),
        RuleCase(name: "no temperature is nothing", hour: icing(nil, visibility: 100), expected: []),
        RuleCase(
            name: "cold with no moisture data is nothing", hour: icing(-5, visibility: nil, type: nil, chance: nil),
            expected: []),
    ]

    @Test("icing needs cold and visible moisture", arguments: cases)
    func table(_ example: RuleCase) {
        #expect(found(IcingRule(), example.hour) == example.expected)
    }

    @Test("the detail names the moisture")
    func detail() {
        let fog = IcingRule().hazards(in: Self.icing(5, visibility: 500), config: BriefingConfig())
        #expect(fog.first?.detail == "5 °C with low visibility")
        let rain = IcingRule().hazards(in: Self.icing(2, type: .rain, chance: 0.6), config: BriefingConfig())
        #expect(rain.first?.detail == "2 °C with precipitation")
    }
}

@Suite("FlightCategory.estimate")
struct FlightCategoryTests {
    static let mile = FlightCategory.metresPerMile

    static let cases: [(String, Double, FlightCategory)] = [
        ("0 m", 0, .lifr),
        ("just under 1 SM", mile - 0.001, .lifr),
        ("1 SM", mile, .ifr),
        ("just under 3 SM", 3 * mile - 0.001, .ifr),
        ("3 SM", 3 * mile, .mvfr),
        ("5 SM", 5 * mile, .mvfr),
        ("just over 5 SM", 5 * mile + 0.001, .vfr),
        ("10 km", 10_000, .vfr),
        ("9999 m CAVOK", 9999, .vfr),
    ]

    @Test("visibility-only categories at the AWC boundaries", arguments: cases)
    func boundaries(name: String, metres: Double, category: FlightCategory) {
        #expect(FlightCategory.estimate(visibilityMetres: metres) == category, "\(name)")
    }

    @Test("a statute mile is 1609.344 m and the names are the usual ones")
    func constants() {
        #expect(FlightCategory.metresPerMile == 1609.344)
        #expect(FlightCategory.allCases.map(\.rawValue) == ["VFR", "MVFR", "IFR", "LIFR"])
    }
}
