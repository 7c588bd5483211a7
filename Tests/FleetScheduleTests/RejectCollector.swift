import FleetSchedule

/// A sink that keeps every row in memory, for tests that check all rejected rows (the
/// schedule itself keeps only the first ``FleetSchedule/Schedule/keptRejects``).
final class RejectCollector: RejectSink {
    /// Every row added, in order.
    private(set) var rows: [RejectedRow] = []

    func add(_ row: RejectedRow) {
        rows.append(row)
    }
}
