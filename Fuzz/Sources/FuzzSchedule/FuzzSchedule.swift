import FleetAirports
import FleetCSV
import FleetSchedule

/// The bundled airport directory, loaded once (it is the slow part of starting a reader). Held to
/// CSV: the property below counts CSV records (`FuzzSSIM` fuzzes the SSIM reader).
private let reader: ScheduleReader = {
    do {
        var reader = ScheduleReader(airports: try AirportDirectory.bundled())
        reader.format = .csv
        return reader
    } catch {
        preconditionFailure("the bundled airports do not load: \(error)")
    }
}()

/// Reads the input as a schedule with the bundled airports and checks that no row is lost:
/// every record after the header that is not blank is either a flight or a rejected row (the
/// README's promise for `flights.csv` and `rejects.csv`), and every rejected row names a line
/// of the input. A schedule the reader refuses as a whole (empty, bad header) is fine.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSchedule(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = start.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
    let schedule: Schedule
    let sink = Rejects()
    do {
        schedule = try reader.read(source: MemoryByteSource(bytes), path: "fuzz.csv", sink: sink)
    } catch {
        _ = error.description
        return 0
    }
    let expected = dataRecords(bytes)
    precondition(
        schedule.dataRows == expected, "\(schedule.dataRows) rows accepted or rejected, \(expected) in the input")
    precondition(
        sink.rows.count == schedule.rejectedCount,
        "\(sink.rows.count) rejected rows reached the sink, \(schedule.rejectedCount) counted")
    for reject in sink.rows {
        precondition(reject.line >= 1 && reject.line <= count + 1, "rejected row on line \(reject.line)")
        precondition(!reject.reason.isEmpty, "rejected row on line \(reject.line) without a reason")
    }
    return 0
}

/// The records after the first non-blank one (the header) that are not blank, counted with
/// the CSV reader alone.
private func dataRecords(_ bytes: [UInt8]) -> Int {
    var csv = CSVReader(source: MemoryByteSource(bytes))
    var sawHeader = false
    var rows = 0
    while let record = try? csv.next() {
        if record.isBlank { continue }
        if sawHeader { rows += 1 } else { sawHeader = true }
    }
    return rows
}

/// Every rejected row, so the checks above cover all of them, not only the first
/// ``FleetSchedule/Schedule/keptRejects`` the schedule keeps.
private final class Rejects: RejectSink {
    private(set) var rows: [RejectedRow] = []

    func add(_ row: RejectedRow) {
        rows.append(row)
    }
}
