/// Every threshold the briefing rules use, with defaults, overridable from a JSON file
/// (`--config FILE`). Units are the ones dispatchers read: knots, metres, °C.
///
/// Defaults follow `docs/briefing-thresholds.md`: gust reporting practice (spread ≥ 10–15 kt),
/// AWC flight-category visibilities, the +10 °C icing rule of thumb with visible moisture.
public struct BriefingConfig: Sendable, Equatable, Codable {
    /// Sustained wind that makes an end amber.
    public var windAmberKt = 25.0
    /// Sustained wind that makes an end red.
    public var windRedKt = 35.0
    /// Gusts that make an end amber.
    public var gustAmberKt = 35.0
    /// Gusts that make an end red.
    public var gustRedKt = 45.0
    /// Gust minus sustained wind at or above which the hour is flagged "bumpy" (amber).
    public var gustSpreadAmberKt = 15.0
    /// Visibility below which an end is amber (3 SM, the IFR boundary of the estimated category).
    public var visibilityAmberM = 3 * FlightCategory.metresPerMile
    /// Visibility below which an end is red (1 SM, the LIFR boundary of the estimated category).
    public var visibilityRedM = FlightCategory.metresPerMile
    /// Temperature at or above which extreme heat is flagged (amber).
    public var heatAmberC = 40.0
    /// Temperature at or above which extreme heat is red.
    public var heatRedC = 46.0
    /// Temperature at or below which extreme cold is flagged (amber).
    public var coldAmberC = -25.0
    /// Temperature at or below which extreme cold is red.
    public var coldRedC = -40.0
    /// Icing conditions possible at or below this temperature with visible moisture.
    public var icingMaxC = 10.0
    /// Visibility at or below which moisture counts as visible (fog, cloud at the surface).
    public var icingVisibilityM = 1600.0
    /// Precipitation chance from which precipitation counts as present.
    public var precipitationChanceMin = 0.3
    /// Precipitation intensity (mm/h) from which rain counts as heavy.
    public var heavyRainMmPerHour = 7.6
    /// Snowfall intensity (mm/h of snow) from which snow counts as heavy.
    public var heavySnowMmPerHour = 10.0
    /// Minutes either side of a scheduled time searched for the worst hour.
    public var windowMinutes = 60
    /// The minutes ``windowMinutes`` may be (a file's value and ``problem`` check the same).
    static let windowMinutesRange = 0...180

    /// Whole hours the planner fetches either side of a scheduled hour, so the worst-hour
    /// search sees every hour it looks at (at least 1, as docs/contract.md §4.2 asks).
    public var hoursEitherSide: Int { max(1, (windowMinutes + 59) / 60) }

    /// The defaults.
    public init() {}

    /// What is inconsistent in the thresholds, if anything: a red limit milder than its amber
    /// one, or a value out of range, would quietly brief bad weather as green.
    public var problem: String? {
        let ordered: [(String, Double, String, Double)] = [
            ("windAmberKt", windAmberKt, "windRedKt", windRedKt),
            ("gustAmberKt", gustAmberKt, "gustRedKt", gustRedKt),
            ("visibilityRedM", visibilityRedM, "visibilityAmberM", visibilityAmberM),
            ("heatAmberC", heatAmberC, "heatRedC", heatRedC),
            ("coldRedC", coldRedC, "coldAmberC", coldAmberC),
        ]
        for (lowName, low, highName, high) in ordered where !(low <= high) {
            return "\(lowName) (\(low)) must not be above \(highName) (\(high))"
        }
        let nonNegative: [(String, Double)] = [
            ("windAmberKt", windAmberKt), ("gustAmberKt", gustAmberKt), ("gustSpreadAmberKt", gustSpreadAmberKt),
            ("visibilityRedM", visibilityRedM), ("icingVisibilityM", icingVisibilityM),
            ("heavyRainMmPerHour", heavyRainMmPerHour), ("heavySnowMmPerHour", heavySnowMmPerHour),
        ]
        for (name, value) in nonNegative where !(value >= 0) { return "\(name) must not be negative" }
        if !(0...1).contains(precipitationChanceMin) { return "precipitationChanceMin must be from 0 to 1" }
        if !Self.windowMinutesRange.contains(windowMinutes) {
            return "windowMinutes must be from \(Self.windowMinutesRange.lowerBound) to "
                + "\(Self.windowMinutesRange.upperBound)"
        }
        return nil
    }
}
