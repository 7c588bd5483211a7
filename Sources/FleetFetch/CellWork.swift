internal import FleetPlan
internal import FleetStore
internal import FleetWeather
internal import FleetWeatherKit
internal import Foundation

/// One cell's share of the fetch: what the cache already holds fresh, the expired copies
/// that can stand in if fetching fails, and the (narrowed) requests still to send.
struct CellWork: Sendable {
    let cell: Cell
    var fresh: [WeatherResponse] = []
    var stale: [DataSet: CacheEntry] = [:]
    var requests: [CellRequest] = []
    /// The plan's requests for the cell, before narrowing (for `--record`).
    var planned: [CellRequest] = []
    /// Fresh cached bodies (one data set each, as received), by request part (for `--record`).
    var freshBodies: [Int: [DataSet: Data]] = [:]

    /// Builds the cell's weather from the cache and what was fetched, falling back on
    /// expired copies for data sets that could not be fetched (what decoding drops from those
    /// goes to `tally`'s capped warnings).
    func assemble(
        fetched: [WeatherResponse], fetchedSets: Set<DataSet>, failure: AttemptFailure?, now: Date, tally: FetchTally
    ) -> CellOutcome {
        var weather = CellWeather()
        for response in fresh + fetched { weather.merge(response) }
        guard let failure else {
            let status: CellStatus = requests.isEmpty ? .cached : .fetched
            return CellOutcome(key: cell.key, weather: weather, status: status)
        }
        var staleSince: Date?
        var oldestCopy: Date?
        for (dataSet, entry) in stale.sorted(by: { $0.key < $1.key }) where !fetchedSets.contains(dataSet) {
            let decoded: DecodedBody
            do {
                decoded = try DataSetBodies.decode(entry)
            } catch {
                tally.warn(
                    "cell \(cell.key.text): the expired cached \(dataSet.rawValue) cannot be read "
                        + "(\(error.reason(bodySize: entry.body.count)))")
                continue
            }
            tally.warn(about: decoded.warnings, cell: cell.key.text)
            weather.merge(decoded.response)
            let expired = entry.expireTime ?? entry.fetchedAt
            staleSince = min(staleSince ?? expired, expired)
            oldestCopy = min(oldestCopy ?? entry.fetchedAt, entry.fetchedAt)
        }
        guard weather.dataSets.contains(.forecastHourly) else {
            return CellOutcome(key: cell.key, weather: nil, status: failure.status)
        }
        let needed = Set(requests.flatMap(\.dataSets))
        let missing = needed.subtracting(weather.dataSets).subtracting(fetchedSets)
        if let staleSince {
            // docs/contract.md §5.1: a stale copy is reported with its age.
            let age =
                "cached copy fetched \(Self.age(of: oldestCopy ?? staleSince, now: now)) ago, expired "
                + "\(Self.age(of: staleSince, now: now)) ago"
            return CellOutcome(
                key: cell.key, weather: weather, status: .stale(since: staleSince, reason: "\(age); \(failure.reason)"))
        }
        let what = missing.sorted().map(\.rawValue).joined(separator: ", ")
        let reason = what.isEmpty ? failure.reason : "\(what) unavailable: \(failure.reason)"
        return CellOutcome(
            key: cell.key, weather: weather, status: .stale(since: now, reason: reason))
    }

    /// How long ago an instant was, in words: "40 s", "12 min", "5 h", "3 days".
    static func age(of date: Date, now: Date) -> String {
        // Clamped before the conversion (a century at most): the instant comes from a body.
        let seconds = Int(min(max(now.timeIntervalSince(date), 0), 3.2e9).rounded())
        switch seconds {
        case ..<120: return "\(seconds) s"
        case ..<(120 * 60): return "\(seconds / 60) min"
        case ..<(48 * 3600): return "\(seconds / 3600) h"
        default: return "\(seconds / 86_400) days"
        }
    }
}
