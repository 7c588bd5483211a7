internal import FleetPlan
internal import FleetStore
internal import FleetWeatherKit
internal import Foundation

/// Splitting a WeatherKit body into one cache entry per data set, and reading entries back.
///
/// Each entry's body is itself a valid (one-data-set) WeatherKit body, so the cache, the
/// replay files and the network all decode through the same `WeatherResponse` model.
enum DataSetBodies {
    /// The window a data set covers for a request: hourly and daily have one, the live data
    /// sets (current conditions, alerts) do not.
    static func window(of dataSet: DataSet, in request: CellRequest) -> DateInterval? {
        switch dataSet {
        case .forecastHourly: DateInterval(start: request.hourlyStart, end: request.hourlyEnd)
        case .forecastDaily: DateInterval(start: request.dailyStart, end: request.dailyEnd)
        case .currentWeather, .weatherAlerts: nil
        }
    }

    /// Cache entries for the data sets a fetched body holds.
    static func entries(
        from fetched: FetchedWeather, request: CellRequest, fetchedAt: Date
    ) -> [CacheEntry] {
        guard let object = try? JSONSerialization.jsonObject(with: fetched.body) as? [String: Any] else { return [] }
        var entries: [CacheEntry] = []
        for dataSet in request.dataSets {
            guard let member = object[dataSet.rawValue],
                let body = try? JSONSerialization.data(withJSONObject: [dataSet.rawValue: member])
            else { continue }
            let metadata = fetched.response.metadata(for: dataSet)
            let window = window(of: dataSet, in: request)
            entries.append(
                CacheEntry(
                    cell: request.cell.text, dataSet: dataSet.rawValue, windowStart: window?.start,
                    windowEnd: window?.end, fetchedAt: fetchedAt, readTime: metadata?.readTime,
                    expireTime: metadata?.expireTime, body: body))
        }
        return entries
    }

    /// Decodes a cache entry's body.
    static func decode(_ entry: CacheEntry) -> WeatherResponse? {
        try? WeatherJSON.decoder().decode(WeatherResponse.self, from: entry.body)
    }
}
