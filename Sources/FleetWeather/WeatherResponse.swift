/// A `GET /api/v1/weather/...` body. Only the requested data sets appear; unknown members
/// (`forecastNextHour`, future additions) are ignored.
public struct WeatherResponse: Sendable, Codable, Equatable {
    public var currentWeather: CurrentWeather?
    public var forecastDaily: DailyForecast?
    public var forecastHourly: HourlyForecast?
    public var weatherAlerts: WeatherAlertCollection?

    /// Creates a body.
    public init(
        currentWeather: CurrentWeather? = nil, forecastDaily: DailyForecast? = nil,
        forecastHourly: HourlyForecast? = nil, weatherAlerts: WeatherAlertCollection? = nil
    ) {
        self.currentWeather = currentWeather
        self.forecastDaily = forecastDaily
        self.forecastHourly = forecastHourly
        self.weatherAlerts = weatherAlerts
    }

    /// The data sets present in the body.
    public var dataSets: Set<DataSet> {
        var sets: Set<DataSet> = []
        if currentWeather != nil { sets.insert(.currentWeather) }
        if forecastDaily != nil { sets.insert(.forecastDaily) }
        if forecastHourly != nil { sets.insert(.forecastHourly) }
        if weatherAlerts != nil { sets.insert(.weatherAlerts) }
        return sets
    }

    /// The metadata of one data set, if present.
    ///
    /// - Parameter dataSet: The data set.
    /// - Returns: Its metadata.
    public func metadata(for dataSet: DataSet) -> Metadata? {
        switch dataSet {
        case .currentWeather: currentWeather?.metadata
        case .forecastDaily: forecastDaily?.metadata
        case .forecastHourly: forecastHourly?.metadata
        case .weatherAlerts: weatherAlerts?.metadata
        }
    }

    /// Leaves a data set out.
    ///
    /// - Parameter dataSet: The data set.
    public mutating func remove(_ dataSet: DataSet) {
        switch dataSet {
        case .currentWeather: currentWeather = nil
        case .forecastDaily: forecastDaily = nil
        case .forecastHourly: forecastHourly = nil
        case .weatherAlerts: weatherAlerts = nil
        }
    }

    /// Whose `metadata` location speaks for the body, first to last: forecasts before current
    /// conditions, alerts last (see ``WeatherBody``, which drops a data set that disagrees).
    public static let locationOrder: [DataSet] = [.forecastHourly, .forecastDaily, .currentWeather, .weatherAlerts]

    /// The location the body is for, from the first data set in ``locationOrder`` that names one.
    public var location: (latitude: Double, longitude: Double)? {
        for dataSet in Self.locationOrder {
            if let meta = metadata(for: dataSet), let lat = meta.latitude, let lon = meta.longitude {
                return (lat, lon)
            }
        }
        return nil
    }
}
