public import Foundation

/// Everything known about the weather of one location cell, merged from one or more bodies
/// (a window longer than 240 hours takes several requests; cached data sets come from
/// different fetches).
public struct CellWeather: Sendable, Equatable {
    /// Current conditions, if fetched.
    public var current: CurrentWeather?
    /// Hourly forecast, sorted by start, one entry per hour.
    public var hours: [HourWeather]
    /// Daily forecast, sorted by start.
    public var days: [DayWeather]
    /// Active alerts.
    public var alerts: [WeatherAlertSummary]
    /// The combined details page of the alerts.
    public var alertsDetailsURL: String?
    /// `metadata.attributionURL`: the legal attribution link for this data (only a link
    /// ``Attribution/accepts(_:)``; others are ignored).
    public var attributionURL: String?
    /// When the oldest data set was read by the service.
    public var readTime: Date?
    /// When the soonest data set expires.
    public var expireTime: Date?
    /// Data sets present.
    public var dataSets: Set<DataSet>
    /// Whether ``attributionURL`` came from alert metadata, which a forecast's link replaces.
    private var attributionFromAlerts = false

    /// Creates empty weather.
    public init() {
        hours = []
        days = []
        alerts = []
        dataSets = []
    }

    /// Merges a body's data sets into this weather.
    ///
    /// - Parameter response: A decoded body.
    public mutating func merge(_ response: WeatherResponse) {
        if let current = response.currentWeather {
            if self.current?.asOf ?? .distantPast <= current.asOf ?? .distantPast { self.current = current }
            note(current.metadata, .currentWeather)
        }
        if let hourly = response.forecastHourly {
            hours = Self.mergeByStart(hours, hourly.hours ?? [], start: \.forecastStart)
            note(hourly.metadata, .forecastHourly)
        }
        if let daily = response.forecastDaily {
            days = Self.mergeByStart(days, daily.days ?? [], start: \.forecastStart)
            note(daily.metadata, .forecastDaily)
        }
        if let collection = response.weatherAlerts {
            var known = Set(alerts.compactMap(\.id))
            for alert in collection.alerts ?? [] {
                if let id = alert.id, !known.insert(id).inserted { continue }
                alerts.append(alert)
            }
            alertsDetailsURL = alertsDetailsURL ?? collection.detailsUrl
            note(collection.metadata, .weatherAlerts)
        }
    }

    /// Condition codes in this weather that this version does not know (Apple adds codes).
    public var unknownConditionCodes: Set<String> {
        let codes = [current?.conditionCode] + hours.map(\.conditionCode) + days.map(\.conditionCode)
        return Set(codes.compactMap { code in code.flatMap { $0.isUnknown ? $0.token : nil } })
    }

    /// The hour whose start is the latest at or before `date`, if it covers `date`.
    ///
    /// - Parameter date: An instant.
    /// - Returns: The hour containing the instant.
    public func hour(containing date: Date) -> HourWeather? {
        hourPosition(containing: date).map { hours[$0] }
    }

    /// The position in ``hours`` of ``hour(containing:)``'s hour.
    ///
    /// - Parameter date: An instant.
    /// - Returns: The position of the hour containing the instant.
    public func hourPosition(containing date: Date) -> Int? {
        var low = 0
        var high = hours.count - 1
        // A position, not the hour: the search passes several hours, and copying each (some
        // 350 bytes and its references) was most of the search's cost.
        var found: Int?
        while low <= high {
            let mid = (low + high) / 2
            guard let start = hours[mid].forecastStart else { return nil }
            if start <= date {
                found = mid
                low = mid + 1
            } else {
                high = mid - 1
            }
        }
        guard let found, let start = hours[found].forecastStart, date < start.addingTimeInterval(3600) else {
            return nil
        }
        return found
    }

    /// The day whose span `[forecastStart, forecastEnd)` holds `date` (a day without an end
    /// spans 24 hours). Days are local days of the zone the request named.
    ///
    /// - Parameter date: An instant.
    /// - Returns: The day, if the data has it.
    public func day(containing date: Date) -> DayWeather? {
        // Few days per cell (the window's, plus a margin): a scan from the end finds the
        // latest day starting at or before the date.
        guard let day = days.last(where: { ($0.forecastStart ?? .distantFuture) <= date }),
            let start = day.forecastStart
        else { return nil }
        let end = day.forecastEnd ?? start.addingTimeInterval(24 * 3600)
        return date < end ? day : nil
    }

    /// Hours whose start lies in `[from, to]`, found by binary search in the sorted hours (the
    /// briefing asks this for both ends of every flight).
    ///
    /// - Parameters:
    ///   - from: The earliest start.
    ///   - to: The latest start.
    /// - Returns: The hours in order.
    public func hours(from: Date, to: Date) -> ArraySlice<HourWeather> {
        var low = 0
        var high = hours.count
        while low < high {
            let mid = (low + high) / 2
            if (hours[mid].forecastStart ?? .distantPast) < from { low = mid + 1 } else { high = mid }
        }
        var end = low
        while end < hours.count, let start = hours[end].forecastStart, start <= to { end += 1 }
        return hours[low..<end]
    }

    private mutating func note(_ metadata: Metadata?, _ dataSet: DataSet) {
        dataSets.insert(dataSet)
        guard let metadata else { return }
        if let url = metadata.attributionURL, Attribution.accepts(url) {
            if dataSet != .weatherAlerts, attributionURL == nil || attributionFromAlerts {
                attributionURL = url
                attributionFromAlerts = false
            } else if attributionURL == nil {
                attributionURL = url
                attributionFromAlerts = true
            }
        }
        if let read = metadata.readTime { readTime = min(readTime ?? read, read) }
        if let expire = metadata.expireTime { expireTime = min(expireTime ?? expire, expire) }
    }

    /// Entries of both, one per start (a later one replacing an earlier), sorted by start;
    /// entries without a start are left out.
    private static func mergeByStart<T>(_ existing: [T], _ new: [T], start: KeyPath<T, Date?>) -> [T] {
        // The common case, a body's entries in order after what came before (one body per
        // cell, or the parts of a window in turn): the answer is the two appended, with no
        // dictionary entry per hour.
        if let joined = appendedInOrder(existing, new, start: start) { return joined }
        var byStart: [Date: T] = [:]
        for item in existing + new {
            guard let date = item[keyPath: start] else { continue }
            byStart[date] = item
        }
        return byStart.keys.sorted().compactMap { byStart[$0] }
    }

    /// `existing + new` when every entry has a start and the starts strictly increase
    /// throughout, else `nil`.
    private static func appendedInOrder<T>(_ existing: [T], _ new: [T], start: KeyPath<T, Date?>) -> [T]? {
        var previous: Date?
        for items in [existing, new] {
            for item in items {
                guard let date = item[keyPath: start] else { return nil }
                if let previous, previous >= date { return nil }
                previous = date
            }
        }
        return existing.isEmpty ? new : existing + new
    }
}
