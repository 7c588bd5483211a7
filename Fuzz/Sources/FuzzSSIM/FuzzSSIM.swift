import FleetAirports
import FleetCSV
import FleetSchedule
import Foundation

/// A reader of SSIM seasons over the bundled airports, expanding to one week.
private let reader: ScheduleReader = {
    do {
        var reader = ScheduleReader(airports: try AirportDirectory.bundled())
        reader.format = .ssim
        reader.window = SSIMWindow(firstDay: SSIMWindow.day(parsing: "2026-12-01") ?? 0, days: 7)
        return reader
    } catch {
        preconditionFailure("the bundled airports do not load: \(error)")
    }
}()

/// Reads the input as an SSIM season and checks that nothing is lost: every flight leg record
/// is expanded or rejected, every dated flight of the window is a flight or a duplicate reject,
/// every flight departs in the window and lands after it leaves, and every rejected row names
/// a line of the input. A file refused as a whole (no header, a failed trailer check) is fine.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSSIM(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = start.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
    let sink = Rejects()
    let schedule: Schedule
    do {
        schedule = try reader.read(source: MemoryByteSource(bytes, chunkSize: 97), path: "fuzz.ssim", sink: sink)
    } catch {
        _ = error.description
        return 0
    }
    guard let ssim = schedule.ssim else { preconditionFailure("an SSIM read without its summary") }
    precondition(
        ssim.expandedLegs + ssim.rejectedLegs == ssim.legRecords,
        "\(ssim.legRecords) legs, \(ssim.expandedLegs) expanded, \(ssim.rejectedLegs) rejected")
    precondition(
        schedule.flights.count + ssim.duplicates == ssim.datedFlights,
        "\(ssim.datedFlights) dated flights, \(schedule.flights.count) kept, \(ssim.duplicates) duplicates")
    precondition(sink.rows.count == schedule.rejectedCount, "\(sink.rows.count) rejects reached the sink")
    if let lines = lineRecords(bytes) {
        precondition(ssim.legRecords == lines, "\(ssim.legRecords) legs read, \(lines) lines start with 3")
    }
    let window = Double(SSIMWindow.day(parsing: "2026-12-01") ?? 0) * 86_400
    for flight in schedule.flights {
        let departure = flight.departure.timeIntervalSince1970
        precondition(departure >= window && departure < window + 7 * 86_400, "a flight outside the window")
        precondition(flight.arrival > flight.departure, "a flight landing before it leaves")
        precondition(flight.arrival.timeIntervalSince(flight.departure) <= 20 * 3600, "a block over 20 h")
    }
    for reject in sink.rows {
        precondition(reject.line >= 1 && reject.line <= count + 1, "rejected row on line \(reject.line)")
        precondition(!reject.reason.isEmpty, "rejected row on line \(reject.line) without a reason")
    }
    return 0
}

/// In a file of lines (not records run together), the lines that start with `3`: lines end at
/// LF, CRLF or CR alone, as the reader's do. `nil` for a file the reader takes as records run
/// together (its first line runs on past 200 bytes into a record type), counted otherwise.
private func lineRecords(_ bytes: [UInt8]) -> Int? {
    var body = bytes[...]
    if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
    let isType = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "5") }
    let isEnd = { (byte: UInt8) in byte == 0x0A || byte == 0x0D }
    if body.count > 200, let first = body.first, isType(first), !body.prefix(200).contains(where: isEnd),
        isType(body[body.startIndex + 200])
    {
        return nil
    }
    var lines = 0
    var atStart = true
    var previous: UInt8 = 0
    for byte in body {
        if byte == 0x0A, previous == 0x0D {
            previous = byte
            continue  // the LF of a CRLF
        }
        if isEnd(byte) {
            atStart = true
        } else {
            if atStart, byte == UInt8(ascii: "3") { lines += 1 }
            atStart = false
        }
        previous = byte
    }
    return lines
}

/// Every rejected row, so the checks above cover all of them.
private final class Rejects: RejectSink {
    private(set) var rows: [RejectedRow] = []

    func add(_ row: RejectedRow) {
        rows.append(row)
    }
}
