internal import Foundation

/// A column fleetwx reads from a schedule, with the header names it accepts.
///
/// Airlines export schedules from many systems, each with its own header vocabulary, so each
/// column accepts the common spellings (docs/contract.md §3). The order of the cases is the order columns
/// are listed in messages.
public enum ScheduleColumn: String, Sendable, CaseIterable, Comparable {
    /// The flight designator (`UA1545`).
    case flight
    /// The departure airport code.
    case origin
    /// The arrival airport code.
    case destination
    /// The scheduled departure time.
    case departure
    /// The scheduled arrival time.
    case arrival
    /// The aircraft type (optional).
    case aircraft
    /// The aircraft registration (optional).
    case tail

    /// The header names that select this column, compared case-insensitively after trimming.
    public var acceptedNames: [String] {
        switch self {
        case .flight: ["flight", "flight_number", "flight_no"]
        case .origin: ["origin", "from", "dep", "departure_airport"]
        case .destination: ["destination", "to", "arr", "dest", "arrival_airport"]
        case .departure: ["departure", "std", "scheduled_departure", "departure_time"]
        case .arrival: ["arrival", "sta", "scheduled_arrival", "arrival_time"]
        case .aircraft: ["aircraft", "aircraft_type", "equipment"]
        case .tail: ["tail", "registration", "tailnum"]
        }
    }

    /// True for the columns every schedule must have; the header is rejected without them.
    public var isRequired: Bool {
        switch self {
        case .flight, .origin, .destination, .departure, .arrival: true
        case .aircraft, .tail: false
        }
    }

    /// The columns every schedule must have, in message order.
    public static let required: [ScheduleColumn] = allCases.filter(\.isRequired)

    /// Finds the column a header name selects.
    ///
    /// Besides the exact accepted names, spaces and hyphens inside a name count as
    /// underscores, so spreadsheet headers such as `Flight No` or `Departure-Time` work too.
    ///
    /// - Parameter headerName: A header cell as written in the file.
    /// - Returns: The column, or `nil` for a column fleetwx does not use.
    public static func matching(headerName: String) -> ScheduleColumn? {
        lookup[normalise(headerName)]
    }

    public static func < (lhs: ScheduleColumn, rhs: ScheduleColumn) -> Bool {
        order(of: lhs) < order(of: rhs)
    }

    private static func order(of column: ScheduleColumn) -> Int { column.ordinal }

    /// The position of the case in ``allCases``.
    var ordinal: Int {
        switch self {
        case .flight: 0
        case .origin: 1
        case .destination: 2
        case .departure: 3
        case .arrival: 4
        case .aircraft: 5
        case .tail: 6
        }
    }

    private static let lookup: [String: ScheduleColumn] = {
        var table: [String: ScheduleColumn] = [:]
        for column in allCases {
            for name in column.acceptedNames { table[name] = column }
        }
        return table
    }()

    private static func normalise(_ name: String) -> String {
        let trimmed = name.trimmingCharacters(in: .whitespaces).lowercased()
        var result = ""
        var lastWasSeparator = false
        for character in trimmed {
            let isSeparator = character == " " || character == "-" || character == "_"
            if isSeparator {
                if !lastWasSeparator { result.append("_") }
            } else {
                result.append(character)
            }
            lastWasSeparator = isSeparator
        }
        return result
    }
}
