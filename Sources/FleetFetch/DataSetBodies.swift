internal import FleetPlan
internal import FleetStore
internal import FleetWeather
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
        let received = memberBodies(of: fetched.body, dataSets: request.dataSets)
        // A data set the decoder dropped (its location was not the body's) is not cached: read
        // back alone later, nothing could tell that it belongs elsewhere.
        var members = received.filter { fetched.response.dataSets.contains($0.key) }
        if request.dataSets.contains(.weatherAlerts), received[.weatherAlerts] == nil {
            // No alert coverage here: cache that answer too, or every rerun would ask again.
            members[.weatherAlerts] = Data(#"{"weatherAlerts":{"alerts":[]}}"#.utf8)
        }
        let liveExpiry = fetched.response.currentWeather?.metadata?.expireTime ?? fetchedAt.addingTimeInterval(3600)
        var entries: [CacheEntry] = []
        for dataSet in request.dataSets {
            guard let body = members[dataSet] else { continue }
            let metadata = fetched.response.metadata(for: dataSet)
            let window = window(of: dataSet, in: request)
            entries.append(
                CacheEntry(
                    cell: request.cell.text, dataSet: dataSet.rawValue, windowStart: window?.start,
                    windowEnd: window?.end, fetchedAt: fetchedAt, readTime: metadata?.readTime,
                    expireTime: metadata?.expireTime ?? (dataSet == .weatherAlerts ? liveExpiry : nil), body: body))
        }
        return entries
    }

    /// Each data set's member of a body as a one-member body, bytes kept as received; through
    /// `JSONSerialization` only when the fast scan cannot read the body.
    static func memberBodies(of body: Data, dataSets: [DataSet]) -> [DataSet: Data] {
        var result: [DataSet: Data] = [:]
        if let ranges = JSONMembers.ranges(in: body) {
            for dataSet in dataSets {
                if let range = ranges[dataSet.rawValue] {
                    result[dataSet] = JSONMembers.object(key: dataSet.rawValue, range: range, of: body)
                }
            }
            return result
        }
        // A body that is not a JSON object has no members (a fetched body was decoded already,
        // so this is not expected); the cell is then recorded without them, not wrongly.
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else { return [:] }
        for dataSet in dataSets {
            if let member = object[dataSet.rawValue],
                let data = try? JSONSerialization.data(withJSONObject: [dataSet.rawValue: member])
            {
                result[dataSet] = data
            }
        }
        return result
    }

    /// One complete body from one-member bodies (each `{"dataSet": …}` as received or cached),
    /// members in data-set order and byte for byte: the replay format for a cell whose data
    /// came partly from the cache.
    static func compose(_ parts: [DataSet: Data]) -> Data? {
        var body = Data("{".utf8)
        var first = true
        for dataSet in DataSet.allCases {
            guard let part = parts[dataSet], let range = JSONMembers.ranges(in: part)?[dataSet.rawValue] else {
                continue
            }
            if !first { body.append(UInt8(ascii: ",")) }
            first = false
            body.append(JSONMembers.object(key: dataSet.rawValue, range: range, of: part).dropFirst().dropLast())
        }
        guard !first else { return nil }
        body.append(UInt8(ascii: "}"))
        return body
    }

    /// Decodes a cache entry's body with the decoder live bodies go through, so an entry
    /// cached by an older version is checked field by field too.
    ///
    /// - Parameter entry: The entry.
    /// - Returns: The body, with warnings prefixed by the cached data set they came from (the
    ///   caller's ``FetchTally/warn(about:cell:)`` names the cell).
    /// - Throws: Why the entry is not a WeatherKit body at all; callers word it with
    ///   ``WeatherDataError/reason(bodySize:)`` (a cached copy is not a WeatherKit answer: no
    ///   "temporary failure" framing, as for a recording).
    static func decode(_ entry: CacheEntry) throws(WeatherDataError) -> DecodedBody {
        var decoded = try WeatherBody.decode(entry.body)
        decoded.warnings = decoded.warnings.map { "(cached \(entry.dataSet)): \($0)" }
        return decoded
    }
}
