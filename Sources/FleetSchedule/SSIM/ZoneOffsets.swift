internal import Foundation

/// The UTC offsets of time zones over a span of time, asked of Foundation a few times per zone.
///
/// Why: checking a season's time variations asks for the offset at every dated leg's departure
/// and arrival, hundreds of thousands of times; `TimeZone.secondsFromGMT(for:)` is slow on Linux.
/// Over a few days a zone has its offset at the start and at most a few changes, which are all
/// a lookup needs to walk.
struct ZoneOffsets {
    /// From which instant which offset holds, in order; the first holds from `span`'s start.
    private struct Table {
        let zone: TimeZone
        let changes: [(from: Int, offset: Int)]
    }

    private let span: Range<Int>
    private var tables: [String: Table] = [:]
    private var unknown: Set<String> = []

    /// Prepares lookups for instants in a span (seconds since 1970); others are asked directly.
    init(span: Range<Int>) {
        self.span = span
    }

    /// The offset of a zone at an instant, seconds east of UTC; `nil` for a zone Foundation
    /// does not know.
    mutating func offset(zone identifier: String, at seconds: Int) -> Int? {
        guard let table = table(identifier) else { return nil }
        guard span.contains(seconds) else {
            return table.zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(seconds)))
        }
        var offset = table.changes[0].offset
        for change in table.changes.dropFirst() {
            guard change.from <= seconds else { break }
            offset = change.offset
        }
        return offset
    }

    private mutating func table(_ identifier: String) -> Table? {
        if let table = tables[identifier] { return table }
        guard !unknown.contains(identifier), !identifier.isEmpty, let zone = TimeZone(identifier: identifier) else {
            unknown.insert(identifier)
            return nil
        }
        var at = Date(timeIntervalSince1970: Double(span.lowerBound))
        var changes = [(from: span.lowerBound, offset: zone.secondsFromGMT(for: at))]
        // Bounded: no zone changes its offset more than a few times a year.
        while changes.count < 64, let next = zone.nextDaylightSavingTimeTransition(after: at),
            next.timeIntervalSince1970 < Double(span.upperBound)
        {
            changes.append((Int(next.timeIntervalSince1970), zone.secondsFromGMT(for: next)))
            at = next
        }
        let table = Table(zone: zone, changes: changes)
        tables[identifier] = table
        return table
    }
}
