internal import FleetAirports
internal import FleetCSV
internal import FleetFiles
internal import Foundation

/// Accumulates a ``Schedule`` record by record, after the header has been mapped.
///
/// Owns the blank-row count and the one warning about ignored columns; the duplicate index and
/// the bounded rejects and warnings are the ``ScheduleCollector``'s, shared with SSIM.
/// Every record handed to ``add(_:)`` ends up in exactly one of `flights` and `rejects`,
/// or is counted as blank.
struct ScheduleBuilder {
    private var collector: ScheduleCollector
    private var validator: RowValidator
    private var blankRows = 0

    /// Starts a schedule for a mapped header.
    ///
    /// - Parameters:
    ///   - header: The header map.
    ///   - airports: The directory to resolve codes with.
    ///   - blankRowsBefore: Blank lines skipped before the header.
    ///   - screen: A last check on each valid flight; a reason rejects the row.
    ///   - sink: Where every rejected row goes as it is found.
    init(
        header: HeaderMap, airports: AirportDirectory, blankRowsBefore: Int = 0, screen: ((Flight) -> String?)? = nil,
        sink: (any RejectSink)? = nil
    ) {
        validator = RowValidator(header: header, airports: airports)
        collector = ScheduleCollector(screen: screen, sink: sink)
        blankRows = blankRowsBefore
        if let note = header.note { collector.note(ScheduleWarning(line: header.line, message: note)) }
        if !header.ignored.isEmpty {
            // Bounded: a header of 5,000 extra columns names the first few and counts the rest.
            let shown = header.ignored.prefix(Self.ignoredNamesShown).map(EchoText.quoted)
            let more = header.ignored.count - shown.count
            let names = shown.joined(separator: ", ") + (more > 0 ? " and \(NumberText.grouped(more)) more" : "")
            let noun = header.ignored.count == 1 ? "column" : "columns"
            collector.note(
                ScheduleWarning(line: header.line, message: "ignored \(noun) fleetwx does not use: \(names)"))
        }
    }

    /// How many ignored column names the warning shows.
    static let ignoredNamesShown = 10

    /// Adds one record: a blank one is counted, any other becomes a flight or a rejection.
    ///
    /// - Parameter record: The record.
    mutating func add(_ record: CSVRecord) {
        if record.isBlank {
            blankRows += 1
            return
        }
        switch validator.validate(record) {
        case .rejected(let problems):
            collector.reject(
                line: record.line, reason: problems.map(\.description).joined(separator: "; "), raw: record.raw)
        case .accepted(let flight, let warnings):
            guard collector.accept(flight, raw: record.raw) == .accepted else { return }
            for warning in warnings { collector.warn(ScheduleWarning(line: flight.line, message: warning)) }
        }
    }

    /// Finishes the schedule, adding the blank-row warning if any were skipped.
    ///
    /// - Returns: The schedule.
    func finish() -> Schedule {
        collector.finish(blankRows: blankRows)
    }
}
