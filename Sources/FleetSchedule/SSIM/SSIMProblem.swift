/// One reason an SSIM record is rejected, worded for the scheduler who has to fix the file:
/// each names the field, its positions in the record and the value as written.
enum SSIMProblem: Error, Equatable, CustomStringConvertible {
    /// The record is not 200 bytes long.
    case length(Int)
    /// The record type byte is not one SSIM defines.
    case recordType(String)
    /// A byte that is not printable ASCII (SSIM records hold nothing else).
    case unprintable(position: Int, byte: UInt8)
    /// The record serial number (positions 195–200) is not six digits.
    case serial(String)
    /// A flight leg comes before any carrier record.
    case noCarrier
    /// The carrier record this leg belongs to could not be read.
    case carrier(line: Int, reason: String)
    /// Airline designator and flight number do not make a flight designator.
    case designator(String)
    /// A period end is not `DDMMMYY` or `00XXX00`.
    case date(field: String, positions: ClosedRange<Int>, value: String)
    /// The period ends before it starts.
    case periodReversed(from: String, to: String)
    /// Days of operation are not digits 1–7 in their own positions.
    case daysOfOperation(String)
    /// The period holds no day the leg operates on.
    case noOperatingDay(days: String, from: String, to: String)
    /// The frequency rate is neither blank (weekly) nor `2` (fortnightly).
    case frequency(String)
    /// A fortnightly leg needs the period's first day to count its weeks from.
    case fortnightlyOpenStart
    /// A station is not a three-letter code.
    case station(field: String, positions: ClosedRange<Int>, value: String)
    /// A station code names no airport.
    case unknownStation(field: String, value: String)
    /// Both stations are one airport.
    case sameStation(String, airport: String)
    /// A time is not `HHMM`.
    case time(field: String, positions: ClosedRange<Int>, value: String)
    /// A UTC/local time variation is not `±HHMM` within −12:00 and +14:00.
    case variation(field: String, positions: ClosedRange<Int>, value: String)
    /// A date variation is not blank, a digit or `A` (the day before).
    case dateVariation(field: String, positions: ClosedRange<Int>, value: String)
    /// The arrival, with its variations applied, is not after the departure.
    case arrivalNotAfterDeparture(seconds: Int)
    /// Departure to arrival is longer than any scheduled flight.
    case blockTooLong(seconds: Int)

    var description: String {
        switch self {
        case .length(let count):
            "the record is \(count) bytes long; SSIM records are exactly 200 (a damaged line, or an export that "
                + "trimmed or joined records)"
        case .recordType(let value):
            value == "0"
                ? "a record starting with 0 is padding, which holds only zeros; this one holds more (a damaged record?)"
                : "record type \(EchoText.quoted(value)) (position 1) is not one SSIM defines (1 header, 2 carrier, "
                    + "3 flight leg, 4 segment data, 5 trailer, 0 padding)"
        case .unprintable(let position, let byte):
            "position \(position) holds the byte 0x\(String(byte, radix: 16, uppercase: true)), which is not printable "
                + "ASCII; SSIM records hold nothing else (export the schedule again)"
        case .serial(let value):
            "the record serial number \(EchoText.quoted(value)) (positions 195–200) is not six digits"
        case .noCarrier:
            "flight leg before any carrier record (type 2): its time mode (UTC or local) is unknown"
        case .carrier(let line, let reason):
            "its carrier record (line \(line)) cannot be read: \(reason)"
        case .designator(let value):
            "flight \(EchoText.quoted(value)) (airline positions 3–5, number 6–9, suffix 2) is not a flight "
                + "designator (an airline code and a number of 1–4 digits)"
        case .date(let field, let positions, let value):
            "\(field) \(EchoText.quoted(value)) (\(Self.positions(positions))) is not a date: expected DDMMMYY "
                + "such as 01DEC26, or 00XXX00 for an open end"
        case .periodReversed(let from, let to):
            "the period of operation ends (\(to)) before it starts (\(from))"
        case .daysOfOperation(let value):
            "days of operation \(EchoText.quoted(value)) (positions 29–35) must hold each day 1 (Monday) to 7 "
                + "(Sunday) in its own position, blank for days without the flight"
        case .noOperatingDay(let days, let from, let to):
            "the period \(from)–\(to) holds no day of operation \(EchoText.quoted(days)): the days contradict "
                + "the period"
        case .frequency(let value):
            "frequency rate \(EchoText.quoted(value)) (position 36) must be blank (every week) or 2 (every "
                + "second week)"
        case .fortnightlyOpenStart:
            "a leg flown every second week needs the period's first day to count its weeks from, not 00XXX00"
        case .station(let field, let positions, let value):
            "\(field) \(EchoText.quoted(value)) (\(Self.positions(positions))) is not a three-letter IATA "
                + "station code"
        case .unknownStation(let field, let value):
            "unknown \(field) \(EchoText.quoted(value)) (no airport has this IATA code)"
        case .sameStation(let value, let airport):
            "departure and arrival station are the same airport \(EchoText.quoted(value)) (\(airport))"
        case .time(let field, let positions, let value):
            "\(field) \(EchoText.quoted(value)) (\(Self.positions(positions))) is not a time: expected HHMM "
                + "from 0000 to 2400"
        case .variation(let field, let positions, let value):
            "\(field) \(EchoText.quoted(value)) (\(Self.positions(positions))) is not a UTC/local time "
                + "variation: expected +HHMM or -HHMM from -1200 to +1400"
        case .dateVariation(let field, let positions, let value):
            "\(field) \(EchoText.quoted(value)) (\(Self.positions(positions))) must be blank or 0 (the flight's "
                + "date), 1–9 (days later) or A (the day before)"
        case .arrivalNotAfterDeparture(let seconds):
            "the arrival is \(seconds == 0 ? "at" : RowProblem.duration(Double(-seconds)) + " before") the "
                + "departure once time and date variations are applied (an arrival after midnight needs 1 in "
                + "position 194, the arrival date variation)"
        case .blockTooLong(let seconds):
            "block time \(RowProblem.duration(Double(seconds))) is over the 20-hour limit (check the date "
                + "variations, positions 193–194)"
        }
    }

    private static func positions(_ range: ClosedRange<Int>) -> String {
        range.count == 1 ? "position \(range.lowerBound)" : "positions \(range.lowerBound)–\(range.upperBound)"
    }
}
