internal import FleetAirports
public import FleetBriefing
internal import FleetCSV
internal import FleetSchedule
internal import FleetWeather
internal import Foundation

/// `flights.csv` and `routes/ORIG-DEST.csv`: one row per briefed flight, columns pinned.
///
/// The column order is a contract with analysts: columns are only ever appended, and
/// `schema_version` changes when the meaning of one changes. The README documents each.
public enum FlightsCSV {
    /// The value of the `schema_version` column.
    /// 2: the end facts of ``placeColumns`` appended, and `weather_source`/`attribution_url`
    /// empty on rows without weather.
    public static let schemaVersion = 2

    /// Columns describing one end, prefixed `dep_` or `arr_`.
    public static let endColumns = [
        "condition", "temperature_c", "wind_kt", "gust_kt", "wind_dir_deg", "visibility_m",
        "precip_chance_pct", "precip_type", "category", "hazards", "alerts", "risk", "forecast_hour_utc",
        "worst_hour_utc", "worst_condition", "data_read_utc",
    ]

    /// Columns appended in schema 2 for each end, after `attribution_url`, prefixed the same
    /// way: the airport, the end's data status, more of the scheduled hour, the alerts counted
    /// and the local day.
    public static let placeColumns = [
        "tz", "lat", "lon", "elevation_ft", "weather_status", "dew_point_c", "humidity_pct", "cloud_cover_pct",
        "precip_intensity_mm_h", "pressure_hpa", "alert_count", "alert_max_severity", "daily_high_c", "daily_low_c",
        "sunrise_local", "sunset_local", "is_night",
    ]

    /// Every column, in order.
    public static let columns: [String] =
        [
            "schema_version", "flight", "origin", "destination", "departure_utc", "arrival_utc",
            "departure_local", "arrival_local", "aircraft", "tail", "risk", "status", "status_detail",
        ] + endColumns.map { "dep_" + $0 } + endColumns.map { "arr_" + $0 } + ["weather_source", "attribution_url"]
        + placeColumns.map { "dep_" + $0 } + placeColumns.map { "arr_" + $0 }

    /// Renders the rows of some flights.
    ///
    /// - Parameters:
    ///   - briefings: The flights, in the order to write them.
    ///   - attributionURL: The legal attribution link.
    /// - Returns: The CSV text.
    public static func render(_ briefings: [FlightBriefing], attributionURL: String) -> String {
        String(decoding: bytes(lines: briefings.map { line($0, attributionURL: attributionURL) }), as: UTF8.self)
    }

    /// One flight's encoded row.
    static func line(_ briefing: FlightBriefing, attributionURL: String) -> String {
        CSVWriter.line(row(briefing, attributionURL: attributionURL))
    }

    static func row(_ briefing: FlightBriefing, attributionURL: String) -> [CSVCell] {
        let flight = briefing.flight
        var cells: [CSVCell] = [
            .number(String(schemaVersion)), .text(flight.number), .text(flight.origin.code),
            .text(flight.destination.code), .text(Timestamp.utc(flight.departure)),
            .text(Timestamp.utc(flight.arrival)),
            .text(Timestamp.local(flight.departure, zone: flight.origin.timeZone)),
            .text(Timestamp.local(flight.arrival, zone: flight.destination.timeZone)),
            text(flight.aircraft), text(flight.tail), .text(briefing.risk.rawValue), .text(briefing.status.rawValue),
            text(briefing.statusDetail),
        ]
        cells += endCells(briefing.departure) + endCells(briefing.arrival)
        // A row without any weather names no source: nothing on it came from Apple Weather.
        cells += briefing.status == .unavailable ? [.empty, .empty] : [.text("Apple Weather"), .text(attributionURL)]
        cells += placeCells(briefing.departure) + placeCells(briefing.arrival)
        return cells
    }

    static func endCells(_ end: EndBriefing) -> [CSVCell] {
        let hour = end.hour
        return [
            text(hour?.conditionCode?.token),
            number(hour?.temperature, decimals: 1),
            number(hour?.windSpeed.map(Units.knots(fromKmh:)), decimals: 0),
            number(hour?.windGust.map(Units.knots(fromKmh:)), decimals: 0),
            number(hour?.windDirection, decimals: 0),
            number(hour?.visibility, decimals: 0),
            number(hour?.precipitationChance.map { $0 * 100 }, decimals: 0),
            text(hour?.precipitationType?.token),
            text(end.category?.rawValue),
            text(end.hazards.map(\.kind.rawValue).joined(separator: ";")),
            text(end.alerts.map(alertText).joined(separator: " | ")),
            .text(end.risk.rawValue),
            text(hour?.forecastStart.map(Timestamp.utc)),
            text(end.worstHour?.forecastStart.map(Timestamp.utc)),
            text(end.worstHour?.conditionCode?.token),
            text(end.dataReadTime.map(Timestamp.utc)),
        ]
    }

    /// `severe: Tornado Watch (National Weather Service)`.
    static func alertText(_ alert: WeatherAlertSummary) -> String {
        let severity = alert.severity?.token ?? "unknown"
        let source = alert.source.map { " (\($0))" } ?? ""
        return "\(severity): \(alert.description ?? "alert")\(source)"
    }

    static func text(_ value: String?) -> CSVCell {
        guard let value, !value.isEmpty else { return .empty }
        return .text(value)
    }

    /// Formats a number with fixed decimals; `-0` is written as `0`.
    static func number(_ value: Double?, decimals: Int) -> CSVCell {
        guard let value, value.isFinite else { return .empty }
        return .number(Fixed.text(value, decimals: decimals))
    }
}
