internal import FleetHTML
internal import Foundation
internal import Synchronization

/// Pieces of pages made once and shared by the pages of all cores: a value is made the first
/// time its key is asked for, behind one lock held only to look up or store (two cores making
/// the same piece at once both make it; both are equal, one is kept).
final class SharedTable<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let table = Mutex<[Key: Value]>([:])

    /// The value of `key`, made by `make` the first time.
    func value(_ key: Key, make: () -> Value) -> Value {
        if let found = table.withLock({ $0[key] }) { return found }
        let made = make()
        table.withLock { $0[key] = made }
        return made
    }
}

/// One hour of a strip at one airport.
struct StripHour: Hashable, Sendable {
    let airport: String
    let start: Date
}

/// The values of each hour of a strip (icon, °C, wind, precipitation chance) as a fragment,
/// built once per airport and hour of a run (``ReportModel/stripValues``).
///
/// Every strip shows twelve hours and every end of a route has one, so an airport's hour is
/// drawn on many pages (about ten times at 100,000 flights); building its nodes once and
/// copying the text after took a large share off writing the route pages (docs/performance.md).
typealias StripValueCache = SharedTable<StripHour, HTMLFragment>
