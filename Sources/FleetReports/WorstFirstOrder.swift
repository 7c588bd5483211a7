internal import FleetBriefing
internal import FleetSchedule
internal import Foundation

/// Puts a run's briefings worst first (``ReportModel/worstFirst(_:_:)``) by sorting small keys
/// and then moving each briefing once.
///
/// Why: a briefing is about 2.6 KB inline, and the standard library's stable sort copied and
/// destroyed whole briefings at every merge step (a copy retains each of the briefing's
/// references): at 100,000 flights the sort was most of the report model's set-up
/// (docs/performance.md). The keys (risk, departure, flight number, line, and the position
/// as the last word, which makes the order the stable sort's) are sorted instead, and the
/// permutation is applied in place, cycle by cycle, with raw moves: no copy, no retain, and
/// no second array of briefings beside the first.
enum WorstFirstOrder {
    /// What ``ReportModel/worstFirst(_:_:)`` compares, with the position for ties.
    private struct Key {
        let rank: Int
        let departure: Date
        let number: String
        let line: Int
        let position: Int

        static func inOrder(_ lhs: Key, _ rhs: Key) -> Bool {
            if lhs.rank != rhs.rank { return lhs.rank < rhs.rank }
            if lhs.departure != rhs.departure { return lhs.departure < rhs.departure }
            if lhs.number != rhs.number { return lhs.number < rhs.number }
            if lhs.line != rhs.line { return lhs.line < rhs.line }
            return lhs.position < rhs.position
        }
    }

    /// Sorts `briefings` worst first, stably, in place.
    static func sort(_ briefings: inout [FlightBriefing]) {
        var keys = briefings.indices.map { position in
            Key(
                rank: briefings[position].risk.rank, departure: briefings[position].flight.departure,
                number: briefings[position].flight.number, line: briefings[position].flight.line,
                position: position)
        }
        keys.sort(by: Key.inOrder)
        permute(&briefings, taking: keys.map(\.position))
    }

    /// Rearranges `elements` so that position `i` holds what was at `source[i]`.
    ///
    /// - Parameters:
    ///   - elements: The elements.
    ///   - source: A permutation of `elements.indices`.
    static func permute<Element>(_ elements: inout [Element], taking source: [Int]) {
        precondition(source.count == elements.count, "a permutation of every position")
        var placed = [Bool](repeating: false, count: source.count)
        elements.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            for start in source.indices where !placed[start] {
                placed[start] = true
                guard source[start] != start else { continue }
                // Follow the cycle through `start`: lift its element out, pull each
                // position's source into it, and put the lifted element where the cycle closes.
                let lifted = (base + start).move()
                var position = start
                while source[position] != start {
                    let from = source[position]
                    precondition(!placed[from], "a permutation of every position")
                    (base + position).moveInitialize(from: base + from, count: 1)
                    placed[from] = true
                    position = from
                }
                (base + position).initialize(to: lifted)
            }
        }
    }
}
