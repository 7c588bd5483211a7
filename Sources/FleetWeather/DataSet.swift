/// The WeatherKit data sets fleetwx asks for (`dataSets=` query parameter).
public enum DataSet: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    case currentWeather
    case forecastDaily
    case forecastHourly
    case weatherAlerts

    /// The order data sets are listed in requests and in the cache.
    public static func < (lhs: DataSet, rhs: DataSet) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }

    /// True for data sets that describe "now" rather than a window of time; requests whose
    /// window lies wholly in the past leave them out.
    public var isLive: Bool { self == .currentWeather || self == .weatherAlerts }
}
