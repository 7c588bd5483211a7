internal import FleetBriefing
internal import FleetWeather

/// What the pages may say about an end whose weather is missing: never good news.
extension EndBriefing {
    /// True when the end has no weather at all (no forecast hour, no data): its weather and
    /// hazards are unknown, so a page must say "no data", never "none".
    var hasNoData: Bool { hour == nil && !data.hasWeather }

    /// True when nothing is known about this end's alerts: the data had no alerts data set
    /// (the cell failed, or only past hours were fetched) and no alert matched, so "no alert"
    /// would be a guess.
    var alertsUnknown: Bool { !alertsKnown && alerts.isEmpty }
}

/// Counts of flight ends with and without data, for the sentences that must not reassure.
struct EndCoverage: Sendable, Equatable {
    /// Flight ends in all (two per flight).
    let ends: Int
    /// Ends whose alerts are unknown (``EndBriefing/alertsUnknown``).
    let alertsUnknown: Int
    /// Ends without any weather (``EndBriefing/hasNoData``).
    let noData: Int

    /// Counts `ends`: both ends of each flight on the index and route pages, a station's own on
    /// its page.
    init(_ ends: some Collection<FlightEnd>) {
        self.ends = ends.count
        alertsUnknown = ends.count(where: \.end.alertsUnknown)
        noData = ends.count(where: \.end.hasNoData)
    }

    /// "1 flight end" / "3 flight ends".
    static func ends(_ count: Int) -> String { count == 1 ? "1 flight end" : "\(count) flight ends" }
}

extension WeatherAlertSummary {
    /// True for the alerts that raise an end's risk (extreme and severe to red, moderate to
    /// amber, as the briefer rates them): these are shown, not folded away.
    var raisesRisk: Bool { standsOut || severity == .moderate }
}
