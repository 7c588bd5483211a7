internal import FleetHTML
internal import FleetWeather
internal import Foundation
internal import Synchronization

/// The values of each hour of a strip (icon, °C, wind, precipitation chance) as a fragment,
/// built once per airport and hour of a run.
///
/// Every strip shows twelve hours and every end of a route has one, so an airport's hour is
/// drawn on many pages (about ten times at 100,000 flights); building its nodes once and
/// copying the text after took a large share off writing the route pages (docs/performance.md).
/// Shared by the pages of all cores, behind one lock held only to look up or store.
final class StripValueCache: Sendable {
    private struct Key: Hashable {
        let airport: String
        let hour: Double
    }

    private let table = Mutex<[Key: HTMLFragment]>([:])

    /// The fragment of `hour` at `airport`, made by `build` the first time it is asked for.
    func fragment(airport: String, hour: HourWeather, build: (HTMLNode) -> Void) -> HTMLFragment {
        let key = Key(airport: airport, hour: hour.forecastStart?.timeIntervalSince1970 ?? .nan)
        if let found = table.withLock({ $0[key] }) { return found }
        let made = HTMLFragment(context: "li", build)
        table.withLock { $0[key] = made }
        return made
    }
}
