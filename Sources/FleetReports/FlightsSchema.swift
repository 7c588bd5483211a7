internal import FleetBriefing

/// The Table Schema of `flights.csv` and the route CSVs: one field per column of
/// ``FlightsCSV/columns``, in order (a test holds the two together), with the column's type,
/// unit and values as the README's column table gives them.
enum FlightsSchema {
    /// The schema.
    static let schema = TableSchema(
        fields: flightFields + endFields("dep_", end: "departure") + endFields("arr_", end: "arrival") + sourceFields
            + placeFields("dep_", end: "departure") + placeFields("arr_", end: "arrival"),
        // The schedule reader rejects a second row of the same flight, origin and departure.
        primaryKey: ["flight", "origin", "departure_utc"])

    private static let risks = Risk.allCases.map(\.rawValue)

    private static let flightFields: [TableSchema.Field] = [
        .integer("schema_version", "Version of these columns' meanings (\(FlightsCSV.schemaVersion)).", required: true),
        .text("flight", "Normalised flight designator, e.g. UA1545.", required: true),
        .text("origin", "Origin airport: IATA code, else ICAO.", required: true),
        .text("destination", "Destination airport: IATA code, else ICAO.", required: true),
        .utc("departure_utc", "Scheduled departure, UTC.", required: true),
        .utc("arrival_utc", "Scheduled arrival, UTC.", required: true),
        .local(
            "departure_local",
            "Scheduled departure in the origin's local time with its UTC offset (zone: dep_tz).", required: true),
        .local(
            "arrival_local",
            "Scheduled arrival in the destination's local time with its UTC offset (zone: arr_tz).", required: true),
        .text("aircraft", "Aircraft type, as the schedule gives it."),
        .text("tail", "Registration, as the schedule gives it."),
        .oneOf("risk", risks, "The flight's risk: the worse end; unknown when weather is missing.", required: true),
        .oneOf(
            "status", FlightStatus.allCases.map(\.rawValue),
            "ok: both ends fresh; stale: an expired cached copy used; partial: one end missing; unavailable: both.",
            required: true),
        .text("status_detail", "Why the status is not ok."),
    ]

    private static func endFields(_ prefix: String, end: String) -> [TableSchema.Field] {
        let at = "at the \(end), forecast hour of the scheduled time"
        return [
            .text(prefix + "condition", "WeatherKit conditionCode \(at) (HeavySnow, Thunderstorms, ...)."),
            .number(prefix + "temperature_c", "Air temperature \(at), degrees Celsius, one decimal."),
            .integer(prefix + "wind_kt", "Sustained wind \(at), knots.", minimum: 0),
            .integer(prefix + "gust_kt", "Wind gusts \(at), knots.", minimum: 0),
            .integer(
                prefix + "wind_dir_deg", "Direction the wind comes from \(at), degrees true.", minimum: 0, maximum: 360),
            .integer(prefix + "visibility_m", "Visibility \(at), metres.", minimum: 0),
            .integer(prefix + "precip_chance_pct", "Chance of precipitation \(at), percent.", minimum: 0, maximum: 100),
            .text(prefix + "precip_type", "Precipitation type \(at): clear, rain, snow, sleet, hail, mixed, ..."),
            .oneOf(
                prefix + "category", FlightCategory.allCases.map(\.rawValue),
                "Estimated flight category \(at), from visibility only."),
            .text(prefix + "hazards", "Hazard kinds within the window around the \(end), ';'-separated."),
            .text(
                prefix + "alerts", "Alerts in force within the window, ' | '-separated 'severity: headline (agency)'."),
            .oneOf(prefix + "risk", risks, "The \(end) end's risk.", required: true),
            .utc(prefix + "forecast_hour_utc", "Start of the forecast hour used for the \(end), UTC."),
            .utc(prefix + "worst_hour_utc", "Start of the worst hour within the window around the \(end), UTC."),
            .text(prefix + "worst_condition", "conditionCode of that worst hour."),
            .utc(prefix + "data_read_utc", "When WeatherKit produced the \(end)'s data (metadata.readTime), UTC."),
        ]
    }

    private static let sourceFields: [TableSchema.Field] = [
        .text("weather_source", "Apple Weather; empty on a row without any weather."),
        .text("attribution_url", "Apple Weather's legal attribution link; empty on a row without any weather."),
    ]

    private static func placeFields(_ prefix: String, end: String) -> [TableSchema.Field] {
        let hour = "at the \(end), forecast hour of the scheduled time"
        let day = "of the \(end) airport's local day holding the scheduled time"
        return [
            .text(prefix + "tz", "IANA time zone of the \(end) airport.", required: true),
            .number(
                prefix + "lat", "Latitude of the \(end) airport, decimal degrees north.", minimum: -90, maximum: 90),
            .number(
                prefix + "lon", "Longitude of the \(end) airport, decimal degrees east.", minimum: -180, maximum: 180),
            .integer(prefix + "elevation_ft", "Elevation of the \(end) airport, feet."),
            .oneOf(
                prefix + "weather_status", WeatherStatus.allCases.map(\.rawValue),
                "The \(end) end's data: ok, stale (expired cached copy), missing, beyond_horizon (past the forecast).",
                required: true),
            .number(prefix + "dew_point_c", "Dew point \(hour), degrees Celsius, one decimal."),
            .integer(prefix + "humidity_pct", "Relative humidity \(hour), percent.", minimum: 0, maximum: 100),
            .integer(prefix + "cloud_cover_pct", "Cloud cover \(hour), percent of the sky.", minimum: 0, maximum: 100),
            .number(
                prefix + "precip_intensity_mm_h", "Precipitation intensity \(hour), millimetres per hour.", minimum: 0),
            .number(prefix + "pressure_hpa", "Sea-level pressure \(hour), hectopascals, one decimal."),
            .integer(
                prefix + "alert_count", "Alerts in force within the window; empty when alerts are not known.",
                minimum: 0),
            .oneOf(
                prefix + "alert_max_severity", ["extreme", "severe", "moderate", "minor", "unknown", "none"],
                "Highest severity among those alerts, none without alerts; empty when alerts are not known."),
            .number(prefix + "daily_high_c", "Highest temperature \(day), degrees Celsius (temperatureMax)."),
            .number(prefix + "daily_low_c", "Lowest temperature \(day), degrees Celsius (temperatureMin)."),
            .local(prefix + "sunrise_local", "Sunrise \(day), local time with offset."),
            .local(prefix + "sunset_local", "Sunset \(day), local time with offset."),
            .flag(prefix + "is_night", "Whether the scheduled time is between sunset and sunrise."),
        ]
    }
}
