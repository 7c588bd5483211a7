internal import FleetAirports
internal import FleetBriefing
internal import FleetCSV
internal import FleetWeather
internal import Foundation

extension FlightsCSV {
    /// One end's cells of ``placeColumns``, in that order.
    ///
    /// Units follow the column names: WeatherKit's fractions become percentages, its mbar are
    /// hPa (the same unit), its mm/h stay. A value the data lacks is an empty cell, so an
    /// integer column stays integer where one end has no data (docs/analysts.md).
    static func placeCells(_ end: EndBriefing) -> [CSVCell] {
        let airport = end.airport
        let hour = end.hour
        let zone = airport.timeZone
        return [
            text(zone),
            coordinate(airport.latitude),
            coordinate(airport.longitude),
            airport.elevationFeet.map { .number(String($0)) } ?? .empty,
            .text(end.weatherStatus.rawValue),
            number(hour?.temperatureDewPoint, decimals: 1),
            number(hour?.humidity.map { $0 * 100 }, decimals: 0),
            number(hour?.cloudCover.map { $0 * 100 }, decimals: 0),
            number(hour?.precipitationIntensity, decimals: 2),
            number(hour?.pressure, decimals: 1),
            // Without the alerts data set nobody knows whether an alert is in force: empty,
            // never a reassuring 0 or `none`.
            end.alertsKnown ? .number(String(end.alerts.count)) : .empty,
            end.alertsKnown ? .text(maxSeverity(end.alerts)) : .empty,
            number(end.day?.temperatureMax, decimals: 1),
            number(end.day?.temperatureMin, decimals: 1),
            text(end.day?.sunrise.map { Timestamp.local($0, zone: zone) }),
            text(end.day?.sunset.map { Timestamp.local($0, zone: zone) }),
            end.isDark.map { .text($0 ? "true" : "false") } ?? .empty,
        ]
    }

    /// The highest severity among alerts, `none` when there are none. A severity the service
    /// names that fleetwx does not know, or none given, is `unknown`: the column keeps to a
    /// closed list a schema can state.
    static func maxSeverity(_ alerts: [WeatherAlertSummary]) -> String {
        guard let top = alerts.min(by: { rank($0) < rank($1) }) else { return "none" }
        switch top.severity {
        case .extreme, .severe, .moderate, .minor: return top.severity?.token ?? "unknown"
        case .unknown, nil: return "unknown"
        }
    }

    private static func rank(_ alert: WeatherAlertSummary) -> Int {
        alert.severity?.rank ?? AlertSeverity.unknown("").rank
    }

    /// A coordinate to six decimals (about 0.1 m), without trailing zeros: `51.4775`, `-0.4614`.
    static func coordinate(_ value: Double) -> CSVCell {
        guard value.isFinite else { return .empty }
        var digits = Fixed.text(value, decimals: 6)
        while digits.hasSuffix("0") { digits.removeLast() }
        if digits.hasSuffix(".") { digits.removeLast() }
        return .number(digits == "-0" ? "0" : digits)
    }
}
