internal import FleetCSV

/// One reason a schedule row is rejected, worded for the scheduler who has to fix the file.
///
/// Every reason quotes the offending value as written, so the person reading `rejects.csv`
/// can find it without comparing the row against the specification; quoted values are cut
/// and their invisible characters named (``EchoText``).
enum RowProblem: Error, Equatable, CustomStringConvertible {
    /// The CSV reader could not read the row (encoding or quoting).
    case syntax(CSVProblem)
    /// The row has a different number of fields from the header.
    case fieldCount(expected: Int, found: Int)
    /// Required values are empty.
    case emptyValues([ScheduleColumn])
    /// Values hold a NUL byte (named by column: `tail`, or `column 8 ("notes")`).
    case nulByte(columns: [String])
    /// A free-text value (aircraft, tail) holds a control character.
    case controlCharacter(ScheduleColumn, String)
    /// The flight value is not a flight designator.
    case flightDesignator(String)
    /// An airport value is neither an IATA nor an ICAO code in shape.
    case notAnAirportCode(ScheduleColumn, String)
    /// An airport code is well formed but no airport has it.
    case unknownAirport(ScheduleColumn, String, AirportCodeKind)
    /// Origin and destination resolve to the same airport.
    case sameAirport(origin: String, destination: String, airport: String)
    /// A time value cannot be read.
    case timeSyntax(ScheduleColumn, String, TimeSyntaxError)
    /// A local time falls in a DST gap (or another forward jump of the clocks).
    case nonexistentLocalTime(ScheduleColumn, String, zone: String, offsetBefore: Int, offsetAfter: Int)
    /// A local time was given for an airport whose zone this system does not know.
    case unknownTimeZone(ScheduleColumn, String, airport: String, zone: String)
    /// The arrival is at or before the departure.
    case arrivalNotAfterDeparture(departure: String, departureUTC: Double, arrival: String, arrivalUTC: Double)
    /// Departure to arrival is longer than any scheduled flight.
    case blockTimeTooLong(seconds: Double, departureUTC: Double, arrivalUTC: Double)
    /// Same flight, origin and departure instant as an earlier row.
    case duplicate(line: Int, flight: String, origin: String, departureUTC: Double)

    /// The longest block time accepted: 20 hours, beyond the longest scheduled flight.
    static let maximumBlockSeconds: Double = 20 * 3600

    var description: String {
        switch self {
        case .syntax(.insideUnterminatedQuote(let line)):
            CSVProblem.insideUnterminatedQuote(openedOnLine: line).description
        case .syntax(let problem):
            "cannot read the row: \(problem)" + (problem == .invalidUTF8 ? " (save the schedule as UTF-8 CSV)" : "")
        case .nulByte(let columns):
            (columns.count == 1 ? "the \(columns[0]) value holds" : "the values \(Self.list(columns)) hold")
                + " a NUL byte (U+0000), which no schedule value has; the export is probably damaged: "
                + "export the schedule again as UTF-8 CSV"
        case .controlCharacter(let column, let value):
            "\(column.rawValue) \(EchoText.quoted(value)) holds a control character; \(column.rawValue) is text "
                + "on one line (remove the character)"
        case .fieldCount(let expected, let found):
            "expected \(expected) fields (one per header column) but found \(found)"
                + (found > expected ? "; a value containing a comma must be in double quotes" : "")
        case .emptyValues(let columns):
            columns.count == 1
                ? "the required \(columns[0].rawValue) value is empty"
                : "the required values \(Self.list(columns.map(\.rawValue))) are empty"
        case .flightDesignator(let value):
            "flight \(EchoText.quoted(value)) is not a valid flight designator (expected an airline code and a number of "
                + "1–4 digits with an optional letter, such as UA1545, 9W123 or BAW12A)"
        case .notAnAirportCode(let column, let value):
            "\(column.rawValue) \(EchoText.quoted(value)) is not an airport code (expected a 3-letter IATA code such as JFK "
                + "or a 4-character ICAO code such as KJFK)"
        case .unknownAirport(let column, let value, let kind):
            "unknown \(column.rawValue) airport \(EchoText.quoted(value)) (looked up as \(kind.article) code; no airport has it)"
        case .sameAirport(let origin, let destination, let airport):
            origin.uppercased() == destination.uppercased()
                ? "origin and destination are the same airport \(EchoText.quoted(origin)) (\(airport))"
                : "origin \(EchoText.quoted(origin)) and destination \(EchoText.quoted(destination)) are the same airport (\(airport))"
        case .timeSyntax(let column, let value, let error):
            "\(column.rawValue) \(EchoText.quoted(value)) is not a valid time: \(error)"
        case .nonexistentLocalTime(let column, let value, let zone, let before, let after):
            "\(column.rawValue) \(EchoText.quoted(value)) is a local time that does not exist in \(zone): the clocks jump from "
                + "\(CivilCalendar.offsetText(seconds: before)) to \(CivilCalendar.offsetText(seconds: after)) "
                + "and skip it (daylight saving time)"
        case .unknownTimeZone(let column, let value, let airport, let zone):
            "\(column.rawValue) \(EchoText.quoted(value)) is a local time, but airport \(airport) has "
                + (zone.isEmpty ? "no time zone" : "the time zone \"\(zone)\", unknown on this system")
                + "; give the time with a UTC offset or Z"
        case .arrivalNotAfterDeparture(let departure, let departureUTC, let arrival, let arrivalUTC):
            "arrival \(EchoText.quoted(arrival)) (\(utc(arrivalUTC))) is not after departure \(EchoText.quoted(departure)) "
                + "(\(utc(departureUTC)))"
        case .blockTimeTooLong(let seconds, let departureUTC, let arrivalUTC):
            "block time \(Self.duration(seconds)) is over the 20-hour limit (departure \(utc(departureUTC)), "
                + "arrival \(utc(arrivalUTC)))"
        case .duplicate(let line, let flight, let origin, let departureUTC):
            "duplicate of line \(line): same flight \(flight) from \(origin) departing \(utc(departureUTC))"
        }
    }

    /// `20 h 0 min`, with the seconds when there are any (`20 h 0 min 1 s`): a block just
    /// over the limit must not read as exactly at it (issue 9).
    static func duration(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded(.down))
        let text = "\(whole / 3600) h \(whole % 3600 / 60) min"
        return whole % 60 == 0 ? text : text + " \(whole % 60) s"
    }

    private func utc(_ seconds: Double) -> String {
        CivilCalendar.utcText(secondsSince1970: seconds)
    }

    private static func list(_ names: [String]) -> String {
        guard let last = names.last, names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + last
    }
}
