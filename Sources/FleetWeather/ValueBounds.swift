internal import FleetFiles
public import Foundation

/// The physical ranges a decoded WeatherKit number must fall in; a value outside (or not
/// finite) is dropped with a warning rather than briefed or converted.
///
/// Each bound is wider than anything measured on Earth, so real weather is never dropped,
/// yet narrow enough that a value from a broken or hostile body cannot reach a rule, a chart
/// or an integer conversion. The reasons are in docs/weatherkit-bodies.md.
public enum ValueBounds {
    /// `cloudCover`, `humidity`, `precipitationChance`: fractions.
    public static let fraction = 0.0...1.0
    /// Air and dew-point temperature, daily highs and lows, °C (records: −89.2, +56.7).
    public static let temperature = -100.0...70.0
    /// `temperatureApparent`, °C: wind chill and heat index reach beyond the air's records.
    public static let apparentTemperature = -120.0...100.0
    /// Wind speed and gusts, km/h (the highest gust measured is 408 km/h).
    public static let windSpeed = 0.0...500.0
    /// `windDirection`, degrees.
    public static let direction = 0.0...360.0
    /// Sea-level `pressure`, mbar (records: 870 and 1084).
    public static let pressure = 800.0...1100.0
    /// `visibility`, metres.
    public static let visibility = 0.0...1_000_000.0
    /// Precipitation and snowfall amounts of an hour or a day, mm (the 24-hour record is 1,825 mm).
    public static let amount = 0.0...5_000.0
    /// Precipitation and snowfall intensity, mm/h (the one-hour record is about 305 mm).
    public static let intensity = 0.0...1_000.0
    /// `uvIndex`: a whole number; forecasts top out near 20 at high tropical sites.
    public static let uvIndex = 0...30
    /// `metadata.latitude`, degrees.
    public static let latitude = -90.0...90.0
    /// `metadata.longitude`, degrees.
    public static let longitude = -180.0...180.0
    /// `metadata.version`: a small whole number.
    public static let version = 0...1_000_000
    /// Instants a body may name: 2000-01-01T00:00:00Z up to (not including) 2101-01-01, the
    /// years fleetwx briefs. Schedules are held to the same years
    /// (Sources/FleetSchedule/WallClock.swift), so a time from outside can never reach a
    /// formatter as year 0000 or 10000, and a date decades away is a broken body, not weather.
    public static let instants: Range<Date> = {
        let seconds = BriefedYears.secondsSince1970
        let first = Date(timeIntervalSince1970: Double(seconds.lowerBound))
        return first..<Date(timeIntervalSince1970: Double(seconds.upperBound))
    }()
}
