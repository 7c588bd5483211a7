internal import FleetAirports
internal import FleetFiles
internal import Foundation

/// What both schedule readers (CSV and SSIM) gather while reading: accepted flights, rejects
/// (the first few kept, every one handed to the sink), bounded warnings, and the duplicate
/// index (flight, origin airport, departure instant → the line that first had it).
struct ScheduleCollector {
    private(set) var schedule = Schedule()
    private var firstLine: [FlightKey: Int] = [:]
    private var omittedWarnings = 0
    private let screen: ((Flight) -> String?)?
    private let sink: (any RejectSink)?

    init(screen: ((Flight) -> String?)?, sink: (any RejectSink)?) {
        self.screen = screen
        self.sink = sink
    }

    /// What became of a flight offered to the schedule.
    enum Acceptance {
        case accepted
        /// The screen refused it (long past).
        case screened
        /// An earlier line had the same flight.
        case duplicate
    }

    /// Accepts a valid flight unless the screen refuses it or an earlier line had it; then
    /// `raw` goes to the rejects with the reason (`duplicateNote` adds to a duplicate's, given
    /// the earlier line).
    ///
    /// - Returns: What became of it.
    @discardableResult
    mutating func accept(_ flight: Flight, raw: String, duplicateNote: (Int) -> String = { _ in "" }) -> Acceptance {
        if let reason = screen?(flight) {
            reject(line: flight.line, reason: reason, raw: raw)
            return .screened
        }
        let key = FlightKey(flight)
        if let earlier = firstLine[key] {
            let problem = RowProblem.duplicate(
                line: earlier, flight: flight.number, origin: flight.origin.code,
                departureUTC: flight.departure.timeIntervalSince1970)
            reject(line: flight.line, reason: problem.description + duplicateNote(earlier), raw: raw)
            return .duplicate
        }
        firstLine[key] = flight.line
        schedule.flights.append(flight)
        return .accepted
    }

    /// Rejects a row or record into `rejects.csv`.
    mutating func reject(line: Int, reason: String, raw: String) {
        let row = RejectedRow(line: line, reason: reason, raw: raw)
        schedule.rejectedCount += 1
        if schedule.rejects.count < Schedule.keptRejects { schedule.rejects.append(row) }
        sink?.add(row)
    }

    /// Adds a warning, or counts it once ``Schedule/keptWarnings`` are kept.
    mutating func warn(_ warning: ScheduleWarning) {
        if schedule.warnings.count < Schedule.keptWarnings {
            schedule.warnings.append(warning)
        } else {
            omittedWarnings += 1
        }
    }

    /// Adds a warning that is always kept (about the file as a whole, not a row).
    mutating func note(_ warning: ScheduleWarning) {
        schedule.warnings.append(warning)
    }

    /// The schedule, with the count of warnings not kept and of blank rows skipped.
    func finish(blankRows: Int) -> Schedule {
        var result = schedule
        if omittedWarnings > 0 {
            result.warnings.append(
                ScheduleWarning(
                    line: nil,
                    message: "\(NumberText.grouped(omittedWarnings)) more row warning(s) like those above are not "
                        + "listed (the first \(NumberText.grouped(Schedule.keptWarnings)) are)"))
        }
        if blankRows > 0 {
            let noun = blankRows == 1 ? "blank row was" : "blank rows were"
            result.warnings.append(ScheduleWarning(line: nil, message: "\(blankRows) \(noun) skipped"))
        }
        return result
    }
}

/// What makes two rows the same flight: normalised designator, origin airport and departure
/// instant. The origin is keyed by place (name and coordinates) so that two codes for one
/// airport (`BSL`, `LFSB`, `MLH`) count as one.
private struct FlightKey: Hashable {
    let number: String
    let originName: String
    let latitude: Double
    let longitude: Double
    let departure: Date

    init(_ flight: Flight) {
        number = flight.number
        originName = flight.origin.name
        latitude = flight.origin.latitude
        longitude = flight.origin.longitude
        departure = flight.departure
    }

    /// Hashes all but the name (equal keys still hash alike; the coordinates tell airports
    /// apart as well), which is the longest string and was hashed for every row.
    func hash(into hasher: inout Hasher) {
        hasher.combine(number)
        hasher.combine(latitude)
        hasher.combine(longitude)
        hasher.combine(departure)
    }
}
