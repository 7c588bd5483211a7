internal import FleetFiles

/// Where SSIM Chapter 7 puts each field fleetwx reads: 1-based, inclusive byte positions in a
/// 200-byte record, as the manual numbers them (docs/ssim.md has the whole table and sources).
///
/// Named once here, so the reader and its messages use the same positions; the tests write
/// records by the manual's positions on their own, and so check these.
enum SSIMLayout {
    /// Every record is this long.
    static let recordLength = 200
    /// The record type, `1`–`5` (`0` for the zero-filled padding records).
    static let recordType = 1...1
    /// The record serial number, six digits, counting every record but the padding.
    static let serialNumber = 195...200

    /// Type 1, header: the title every SSIM file starts with.
    static let headerTitle = 2...35
    static let headerTitleText = "AIRLINE STANDARD SCHEDULE DATA SET"

    /// Type 2, carrier: `U` (UTC) or `L` (local) times.
    static let carrierTimeMode = 2...2

    /// Type 3, flight leg.
    static let operationalSuffix = 2...2
    static let airline = 3...5
    static let flightNumber = 6...9
    static let itineraryVariation = 10...11
    static let periodFrom = 15...21
    static let periodTo = 22...28
    static let daysOfOperation = 29...35
    static let frequencyRate = 36...36
    static let departureStation = 37...39
    static let aircraftDeparture = 44...47
    static let departureVariation = 48...52
    static let arrivalStation = 55...57
    static let aircraftArrival = 58...61
    static let arrivalVariation = 66...70
    static let aircraftType = 73...75
    static let itineraryVariationOverflow = 128...128
    static let departureDateVariation = 193...193
    static let arrivalDateVariation = 194...194

    /// Type 5, trailer: the serial number of the record before it (its `C`ontinued or `E`nd
    /// code, position 194, is not relied on).
    static let trailerCheckReference = 188...193
}

/// One record's bytes, read by field.
struct SSIMRecord {
    /// The bytes as in the file, without the line end.
    let bytes: [UInt8]
    /// The file line (or, in a file without line ends, the record's position) it was read from.
    let line: Int

    /// The record type byte as a character, `nil` for an empty record.
    var type: UInt8? { bytes.first }

    /// Whether this is a zero-filled padding record (SSIM fills blocks of records with them).
    var isPadding: Bool { !bytes.isEmpty && bytes.allSatisfy { $0 == UInt8(ascii: "0") } }

    /// A field's bytes; positions past the end read as empty.
    func field(_ range: ClosedRange<Int>) -> ArraySlice<UInt8> {
        let lower = min(range.lowerBound - 1, bytes.count)
        let upper = min(range.upperBound, bytes.count)
        return bytes[lower..<upper]
    }

    /// A field as text, spaces kept.
    func text(_ range: ClosedRange<Int>) -> String {
        String(decoding: field(range), as: UTF8.self)
    }

    /// A field as text without leading and trailing spaces.
    func trimmed(_ range: ClosedRange<Int>) -> String { text(range).trimmedOfSpaces }

    /// A field of digits only as a number, `nil` when any byte is not a digit or the record
    /// ends inside it.
    func number(_ range: ClosedRange<Int>) -> Int? {
        let slice = field(range)
        return slice.count == range.count ? Self.digits(slice) : nil
    }

    /// Digits as a number, `nil` when empty or any byte is not a digit: the one reader of the
    /// numbers in SSIM fields (serial numbers, times, days and years of dates, variations).
    static func digits(_ bytes: ArraySlice<UInt8>) -> Int? {
        guard !bytes.isEmpty else { return nil }
        var value = 0
        for byte in bytes {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    /// The record as `rejects.csv` shows it (bytes that are not UTF-8 become U+FFFD).
    var raw: String { String(decoding: bytes, as: UTF8.self) }
}
