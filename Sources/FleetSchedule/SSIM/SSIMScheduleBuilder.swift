internal import FleetAirports
internal import FleetFiles
internal import Foundation

/// Accumulates a ``Schedule`` from an SSIM file record by record: checks the file's structure
/// (header first, serial numbers in sequence, each trailer's check), keeps each carrier's time
/// mode, and turns each flight leg into its dated flights in the window, or a rejection.
///
/// Every type 3 record ends up expanded (to any number of dates) or in the rejects; every
/// dated flight in the window ends up in `flights` or in the rejects (a duplicate, or long
/// past), named by its record's line.
struct SSIMScheduleBuilder {
    private enum Carrier {
        case none
        case ready(SSIMLegParser)
        case unreadable(line: Int, reason: String)
    }

    private let path: String
    private let airports: AirportDirectory
    private var collector: ScheduleCollector
    private var summary: SSIMSummary
    private var expander: SSIMExpander
    private var carrier = Carrier.none
    private var headerSeen = false
    private var serials = SSIMSerials()
    private var lastType: UInt8 = 0
    private var lastLine = 0
    private var blankLines = 0

    init(
        path: String, airports: AirportDirectory, window: SSIMWindow, screen: ((Flight) -> String?)?,
        sink: (any RejectSink)?
    ) {
        self.path = path
        self.airports = airports
        collector = ScheduleCollector(screen: screen, sink: sink)
        summary = SSIMSummary(window: window)
        expander = SSIMExpander(window: window)
    }

    /// Adds one record as read (`length` is its length in the file, longer than its bytes when cut).
    mutating func add(_ record: SSIMRecord, length: Int) throws(ScheduleError) {
        // Spaces and tabs, or the DOS end-of-file mark (0x1A) some transfers append.
        if record.bytes.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == 0x09 || $0 == 0x1A }) {
            blankLines += 1
            return
        }
        if record.isPadding { return }
        lastLine = record.line
        guard headerSeen || record.type == UInt8(ascii: "1") else {
            throw .ssimHeaderMissing(path: path, line: record.line, found: String(record.raw.prefix(40)))
        }
        let type = record.type ?? 0
        if type == UInt8(ascii: "3") { summary.legRecords += 1 }
        let problem = Self.shapeProblem(record, length: length)
        let serial = problem == nil ? record.number(SSIMLayout.serialNumber) : nil
        if type == UInt8(ascii: "5"), problem != nil || serial == nil {
            // A trailer that cannot be read cannot vouch for the records before it.
            throw .ssimTrailerUnreadable(
                path: path, line: record.line,
                reason: (problem ?? .serial(record.text(SSIMLayout.serialNumber))).description)
        }
        if let problem {
            unreadable(record, type: type, problem)
            return
        }
        guard let serial else {
            unreadable(record, type: type, .serial(record.text(SSIMLayout.serialNumber)))
            return
        }
        guard (UInt8(ascii: "1")...UInt8(ascii: "5")).contains(type) else {
            // Not a record SSIM defines: its serial number means nothing either.
            serials.skip()
            return reject(record, [.recordType(record.text(SSIMLayout.recordType))])
        }
        if type == UInt8(ascii: "5") { try checkTrailer(record) }
        if let warning = serials.follow(serial) {
            summary.serialBreaks += 1
            collector.warn(ScheduleWarning(line: record.line, message: warning))
        }
        lastType = type
        switch type {
        case UInt8(ascii: "1"): header(record)
        case UInt8(ascii: "2"): carrierRecord(record)
        case UInt8(ascii: "3"): leg(record)
        case UInt8(ascii: "4"): summary.segmentRecords += 1
        default: break
        }
    }

    /// The schedule; a file without a header or ending without a trailer is an error.
    func finish() throws(ScheduleError) -> Schedule {
        guard headerSeen else { throw .ssimHeaderMissing(path: path, line: max(1, lastLine), found: "") }
        guard lastType == UInt8(ascii: "5") else { throw .ssimTrailerMissing(path: path, lastLine: lastLine) }
        var schedule = collector.finish(blankRows: blankLines)
        schedule.ssim = summary
        return schedule
    }

    /// A wrong length or a byte SSIM does not use: the record cannot be read by position.
    private static func shapeProblem(_ record: SSIMRecord, length: Int) -> SSIMProblem? {
        guard length == SSIMLayout.recordLength else { return .length(length) }
        if let index = record.bytes.firstIndex(where: { $0 < 0x20 || $0 > 0x7E }) {
            return .unprintable(position: index + 1, byte: record.bytes[index])
        }
        return nil
    }

    /// A record that cannot be read by position: a leg is rejected, a carrier's legs will be.
    private mutating func unreadable(_ record: SSIMRecord, type: UInt8, _ problem: SSIMProblem) {
        serials.skip()
        if (UInt8(ascii: "1")...UInt8(ascii: "4")).contains(type) { lastType = type }
        switch type {
        case UInt8(ascii: "2"):
            summary.carriers += 1
            carrier = .unreadable(line: record.line, reason: problem.description)
        case UInt8(ascii: "3"): reject(record, [problem])
        case UInt8(ascii: "1"), UInt8(ascii: "4"):
            if type == UInt8(ascii: "1") { headerSeen = true }
            let kind = type == UInt8(ascii: "1") ? "header" : "segment data"
            collector.warn(ScheduleWarning(line: record.line, message: "the \(kind) record cannot be read: \(problem)"))
        default: reject(record, [problem])
        }
    }

    private mutating func checkTrailer(_ record: SSIMRecord) throws(ScheduleError) {
        let reference = record.text(SSIMLayout.trailerCheckReference)
        guard let number = record.number(SSIMLayout.trailerCheckReference), serials.vouches(for: number) else {
            throw .ssimTrailerCheck(
                path: path, line: record.line, reference: reference, previous: serials.previousText)
        }
    }

    private mutating func header(_ record: SSIMRecord) {
        if headerSeen {
            collector.warn(ScheduleWarning(line: record.line, message: "a second header record (type 1); read on"))
        }
        headerSeen = true
        if record.text(SSIMLayout.headerTitle) != SSIMLayout.headerTitleText {
            collector.warn(
                ScheduleWarning(
                    line: record.line,
                    message:
                        "the header's title (positions 2–35) is \(EchoText.quoted(record.text(SSIMLayout.headerTitle))), "
                        + "not \"\(SSIMLayout.headerTitleText)\"; read as SSIM"))
        }
    }

    private mutating func carrierRecord(_ record: SSIMRecord) {
        summary.carriers += 1
        let text = record.text(SSIMLayout.carrierTimeMode)
        guard let mode = SSIMTimeMode(rawValue: text) else {
            carrier = .unreadable(
                line: record.line,
                reason: "time mode \(EchoText.quoted(text)) (position 2) is neither U (UTC) nor L (local)")
            return
        }
        let name = mode == .utc ? "utc" : "local"
        if !summary.timeModes.contains(name) { summary.timeModes.append(name) }
        carrier = .ready(SSIMLegParser(airports: airports, mode: mode))
    }

    private mutating func leg(_ record: SSIMRecord) {
        let parser: SSIMLegParser
        switch carrier {
        case .none: return reject(record, [.noCarrier])
        case .unreadable(let line, let reason): return reject(record, [.carrier(line: line, reason: reason)])
        case .ready(let ready): parser = ready
        }
        switch parser.parse(record) {
        case .rejected(let problems): reject(record, problems)
        case .leg(let leg): expand(leg, record: record, mode: parser.mode)
        }
    }

    private mutating func expand(_ leg: SSIMLeg, record: SSIMRecord, mode: SSIMTimeMode) {
        summary.expandedLegs += 1
        let dated = expander.expand(leg, mode: mode)
        if dated.flights.isEmpty { summary.legsOutsideWindow += 1 }
        summary.datedFlights += dated.flights.count
        let raw = record.raw
        for (departure, arrival) in dated.flights {
            let flight = Flight(
                line: record.line, number: leg.designator, origin: leg.origin, destination: leg.destination,
                departure: Date(timeIntervalSince1970: Double(departure)),
                arrival: Date(timeIntervalSince1970: Double(arrival)), aircraft: leg.aircraft)
            let outcome = collector.accept(flight, raw: raw) { earlier in
                "; line \(earlier) already gives this dated flight (another itinerary variation or an overlapping "
                    + "period), so this record's (itinerary variation \(leg.itineraryVariation)) is left out"
            }
            if outcome == .duplicate { summary.duplicates += 1 }
        }
        for warning in dated.warnings { collector.warn(ScheduleWarning(line: record.line, message: warning)) }
    }

    private mutating func reject(_ record: SSIMRecord, _ problems: [SSIMProblem]) {
        if record.type == UInt8(ascii: "3") { summary.rejectedLegs += 1 }
        collector.reject(
            line: record.line, reason: problems.map(\.description).joined(separator: "; "), raw: record.raw)
    }
}
