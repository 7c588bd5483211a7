public import FleetWeather
public import Foundation

/// What to ask WeatherKit for one location: the data sets and their time windows.
///
/// Coordinates are used as given: the planner passes already-rounded cell centres, so equal
/// cells produce byte-identical URLs.
public struct WeatherQuery: Sendable, Equatable {
    public var latitude: Double
    public var longitude: Double
    /// Data sets; sent comma-delimited, de-duplicated, in ``DataSet``'s order.
    public var dataSets: [DataSet]
    /// First hour of `forecastHourly` (inclusive).
    public var hourlyStart: Date?
    /// End of `forecastHourly` (exclusive); at most 240 hours after the start per request.
    public var hourlyEnd: Date?
    /// First day of `forecastDaily`.
    public var dailyStart: Date?
    /// End of `forecastDaily`.
    public var dailyEnd: Date?
    /// IANA zone used to roll hours up into days, e.g. `Europe/London`.
    public var timeZone: String?
    /// ISO 3166 alpha-2 country; needed for `weatherAlerts`. Sent upper-cased as both
    /// `countryCode` and `country`, because Apple's documentation and its service disagree.
    public var country: String?

    /// Creates a query.
    public init(
        latitude: Double, longitude: Double, dataSets: [DataSet], hourlyStart: Date? = nil, hourlyEnd: Date? = nil,
        dailyStart: Date? = nil, dailyEnd: Date? = nil, timeZone: String? = nil, country: String? = nil
    ) {
        self.latitude = latitude
        self.longitude = longitude
        self.dataSets = dataSets
        self.hourlyStart = hourlyStart
        self.hourlyEnd = hourlyEnd
        self.dailyStart = dailyStart
        self.dailyEnd = dailyEnd
        self.timeZone = timeZone
        self.country = country
    }
}
