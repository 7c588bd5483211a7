internal import FleetAirports
internal import FleetCSV
internal import FleetFiles
internal import Foundation

/// Checks one schedule row and turns it into a ``Flight``, or says everything wrong with it.
///
/// Independent problems (flight, airports, time syntax) are all reported together, so a
/// scheduler fixes a row in one pass; checks that need earlier values (same airport, local
/// times, arrival after departure, block time) run only once those values are good.
/// Duplicates need the rows before this one and are left to ``ScheduleBuilder``.
struct RowValidator {
    /// The result of checking a row.
    enum Outcome {
        /// The row is a flight; `warnings` are worth telling but do not reject it.
        case accepted(Flight, warnings: [String])
        /// The row is rejected for these reasons.
        case rejected([RowProblem])
    }

    private let header: HeaderMap
    private let airports: AirportDirectory
    private var resolver = LocalTimeResolver()

    init(header: HeaderMap, airports: AirportDirectory) {
        self.header = header
        self.airports = airports
    }

    /// Checks a non-blank record.
    ///
    /// - Parameter record: The record.
    /// - Returns: The flight or the reasons for rejecting the row.
    mutating func validate(_ record: CSVRecord) -> Outcome {
        if let problem = record.problem { return .rejected([.syntax(problem)]) }
        guard record.fields.count == header.width else {
            return .rejected([.fieldCount(expected: header.width, found: record.fields.count)])
        }
        if record.holdsNUL, let problem = Self.nulBytes(record.fields, header: header) { return .rejected([problem]) }
        let row = RowValues(header: header, fields: record.fields)
        if ScheduleColumn.required.contains(where: { row[$0].isEmpty }) {
            return .rejected([.emptyValues(ScheduleColumn.required.filter { row[$0].isEmpty })])
        }

        var problems: [RowProblem] = []
        // C0 and C1 controls and DEL: no aircraft type or registration has one, and a terminal or
        // spreadsheet showing the report would act on it.
        for column in [ScheduleColumn.aircraft, .tail] where Self.holdsControl(row[column]) {
            problems.append(.controlCharacter(column, row[column]))
        }
        let number = designator(row[.flight]).collect(into: &problems)
        let origin = airport(.origin, row[.origin]).collect(into: &problems)
        let destination = airport(.destination, row[.destination]).collect(into: &problems)
        let departure = time(.departure, row[.departure]).collect(into: &problems)
        let arrival = time(.arrival, row[.arrival]).collect(into: &problems)
        guard let number, let origin, let destination, let departure, let arrival, problems.isEmpty else {
            return .rejected(problems)
        }
        if Self.isSameAirport(origin, destination) {
            let name = "\(origin.name), \(origin.hasRealICAO ? origin.icao : origin.code)"
            return .rejected([.sameAirport(origin: row[.origin], destination: row[.destination], airport: name)])
        }
        var warnings: [String] = []
        let departureUTC = instant(.departure, row[.departure], departure, at: origin, warnings: &warnings).collect(
            into: &problems)
        let arrivalUTC = instant(.arrival, row[.arrival], arrival, at: destination, warnings: &warnings).collect(
            into: &problems)
        guard let departureUTC, let arrivalUTC else { return .rejected(problems) }
        if let problem = Self.checkBlock(row: row, departureUTC: departureUTC, arrivalUTC: arrivalUTC) {
            return .rejected([problem])
        }
        let flight = Flight(
            line: record.line, number: number, origin: origin, destination: destination,
            departure: Date(timeIntervalSince1970: departureUTC), arrival: Date(timeIntervalSince1970: arrivalUTC),
            aircraft: row.optional(.aircraft), tail: row.optional(.tail))
        return .accepted(flight, warnings: warnings)
    }

    /// True when two resolved airports are one: the same ICAO code, or the same name at the same
    /// coordinates (airportsdata lists Basel-Mulhouse as `LFSB`/`BSL` and again as `_MLH`/`MLH`).
    ///
    /// - Parameters:
    ///   - lhs: One airport.
    ///   - rhs: The other.
    /// - Returns: Whether they are the same place.
    static func isSameAirport(_ lhs: Airport, _ rhs: Airport) -> Bool {
        lhs.icao == rhs.icao
            || (lhs.name == rhs.name && lhs.latitude == rhs.latitude && lhs.longitude == rhs.longitude)
    }

    /// Whether a value holds a C0 or C1 control or DEL; printable ASCII, nearly every value,
    /// is answered from its bytes without walking its scalars.
    private static func holdsControl(_ value: String) -> Bool {
        if value.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return false }
        return value.unicodeScalars.contains(where: \.isControlCode)
    }

    /// A NUL byte in any field, named by column: copied into `flights.csv`, it would cut the
    /// value short in most programs that read it (issue 9).
    private static func nulBytes(_ fields: [String], header: HeaderMap) -> RowProblem? {
        let columns = fields.indices.filter { fields[$0].utf8.contains(0) }
        guard !columns.isEmpty else { return nil }
        return .nulByte(columns: columns.prefix(10).map(header.columnName(at:)))
    }

    private func designator(_ value: String) -> Result<String, RowProblem> {
        FlightDesignator.normalise(value).map { .success($0) } ?? .failure(.flightDesignator(value))
    }

    private func airport(_ column: ScheduleColumn, _ value: String) -> Result<Airport, RowProblem> {
        guard let kind = AirportCodeKind(code: value) else { return .failure(.notAnAirportCode(column, value)) }
        guard let airport = airports.lookup(value) else { return .failure(.unknownAirport(column, value, kind)) }
        return .success(airport)
    }

    private func time(_ column: ScheduleColumn, _ value: String) -> Result<ScheduleTime, RowProblem> {
        ScheduleTime.parse(value).mapError { .timeSyntax(column, value, $0) }
    }

    /// Places a parsed time on the UTC timeline, reading local times in the airport's zone.
    private mutating func instant(
        _ column: ScheduleColumn, _ value: String, _ time: ScheduleTime, at airport: Airport,
        warnings: inout [String]
    ) -> Result<Double, RowProblem> {
        let wall: WallClock
        switch time {
        case .absolute(let seconds): return .success(seconds)
        case .local(let local): wall = local
        }
        switch resolver.resolve(wall, zone: airport.timeZone) {
        case .instant(let seconds):
            return .success(seconds)
        case .ambiguous(let earlier, _, let offset):
            warnings.append(
                "\(column.rawValue) \(EchoText.quoted(value)) happens twice in \(airport.timeZone) (the clocks go back); "
                    + "using the earlier, \(CivilCalendar.utcText(secondsSince1970: earlier)) "
                    + "(\(CivilCalendar.offsetText(seconds: offset)))")
            return .success(earlier)
        case .gap(let before, let after):
            return .failure(
                .nonexistentLocalTime(column, value, zone: airport.timeZone, offsetBefore: before, offsetAfter: after))
        case .unknownZone:
            return .failure(.unknownTimeZone(column, value, airport: airport.code, zone: airport.timeZone))
        }
    }

    private static func checkBlock(row: RowValues, departureUTC: Double, arrivalUTC: Double) -> RowProblem? {
        let block = arrivalUTC - departureUTC
        if block <= 0 {
            return .arrivalNotAfterDeparture(
                departure: row[.departure], departureUTC: departureUTC, arrival: row[.arrival],
                arrivalUTC: arrivalUTC)
        }
        if block > RowProblem.maximumBlockSeconds {
            return .blockTimeTooLong(seconds: block, departureUTC: departureUTC, arrivalUTC: arrivalUTC)
        }
        return nil
    }

}

/// A row's values by column, trimmed.
///
/// An array by column position, not a dictionary: made for every row, it was hashed seven
/// times a row (docs/performance.md).
private struct RowValues {
    private var values: [String]

    init(header: HeaderMap, fields: [String]) {
        values = header.positionsByColumn.map { index in index.map { fields[$0].trimmedOfSpaces } ?? "" }
    }

    /// The trimmed value, empty when missing.
    subscript(column: ScheduleColumn) -> String { values[column.ordinal] }

    /// The trimmed value of an optional column, `nil` when empty or absent.
    func optional(_ column: ScheduleColumn) -> String? {
        let value = self[column]
        return value.isEmpty ? nil : value
    }
}
