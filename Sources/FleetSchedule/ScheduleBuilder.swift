internal import FleetAirports
internal import FleetCSV
internal import FleetFiles
internal import Foundation

/// Accumulates a ``Schedule`` record by record, after the header has been mapped.
///
/// Owns what needs the whole file: the duplicate index (flight, origin airport, departure
/// instant → first line), the blank-row count, and the one warning about ignored columns.
/// Every record handed to ``add(_:)`` ends up in exactly one of `flights` and `rejects`,
/// or is counted as blank.
struct ScheduleBuilder {
    private var schedule = Schedule()
    private var validator: RowValidator
    private var firstLine: [FlightKey: Int] = [:]
    private var blankRows = 0
    private var omittedWarnings = 0
    private let screen: ((Flight) -> String?)?
    private let sink: (any RejectSink)?

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
        self.screen = screen
        self.sink = sink
        blankRows = blankRowsBefore
        if let note = header.note { schedule.warnings.append(ScheduleWarning(line: header.line, message: note)) }
        if !header.ignored.isEmpty {
            // Bounded: a header of 5,000 extra columns names the first few and counts the rest.
            let shown = header.ignored.prefix(Self.ignoredNamesShown).map(EchoText.quoted)
            let more = header.ignored.count - shown.count
            let names = shown.joined(separator: ", ") + (more > 0 ? " and \(NumberText.grouped(more)) more" : "")
            let noun = header.ignored.count == 1 ? "column" : "columns"
            schedule.warnings.append(
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
            reject(record, problems.map(\.description).joined(separator: "; "))
        case .accepted(let flight, let warnings):
            if let reason = screen?(flight) {
                reject(record, reason)
                return
            }
            let key = FlightKey(flight)
            if let earlier = firstLine[key] {
                let problem = RowProblem.duplicate(
                    line: earlier, flight: flight.number, origin: flight.origin.code,
                    departureUTC: flight.departure.timeIntervalSince1970)
                reject(record, problem.description)
                return
            }
            firstLine[key] = flight.line
            schedule.flights.append(flight)
            for warning in warnings { warn(ScheduleWarning(line: flight.line, message: warning)) }
        }
    }

    /// Finishes the schedule, adding the blank-row warning if any were skipped.
    ///
    /// - Returns: The schedule.
    func finish() -> Schedule {
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

    private mutating func reject(_ record: CSVRecord, _ reason: String) {
        let row = RejectedRow(line: record.line, reason: reason, raw: record.raw)
        schedule.rejectedCount += 1
        if schedule.rejects.count < Schedule.keptRejects { schedule.rejects.append(row) }
        sink?.add(row)
    }

    private mutating func warn(_ warning: ScheduleWarning) {
        if schedule.warnings.count < Schedule.keptWarnings {
            schedule.warnings.append(warning)
        } else {
            omittedWarnings += 1
        }
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
