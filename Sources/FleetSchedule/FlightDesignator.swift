/// Normalises and checks flight designators (`ua 1545` → `UA1545`).
///
/// A designator is an airline code followed by a flight number of 1–4 digits and an optional
/// operational suffix letter. The airline code is either a two-character IATA code (letters
/// or digits, at least one letter: `UA`, `9W`, `U2`) or a three-letter ICAO code (`BAW`,
/// `DLH`). Only ICAO codes have three characters, which is what makes `UA12345` invalid
/// rather than "airline `UA1`, flight 2345".
public enum FlightDesignator {
    /// Normalises a designator as written in a schedule.
    ///
    /// - Parameter text: The value from the flight column.
    /// - Returns: The designator without spaces and upper-cased, or `nil` when it is not a
    ///   valid designator.
    static func normalise(_ text: String) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 where byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t") {
            bytes.append(isLowercase(byte) ? byte - 32 : byte)
        }
        guard isValid(bytes) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Splits a normalised designator into its airline code and flight number (`UA1545` →
    /// `UA`, `1545`; `BAW12A` → `BAW`, `12A`), by the rules ``normalise(_:)`` checks: the
    /// reports write a route's flights of one airline without repeating its code.
    ///
    /// - Parameter designator: A designator as ``normalise(_:)`` returns it.
    /// - Returns: The two parts, or `nil` when it is not a valid designator.
    public static func split(_ designator: String) -> (airline: String, number: String)? {
        let bytes = Array(designator.utf8)
        guard let length = airlineLength(bytes) else { return nil }
        return (String(decoding: bytes[..<length], as: UTF8.self), String(decoding: bytes[length...], as: UTF8.self))
    }

    /// Whether `text` is a flight number alone: 1–4 digits and an optional upper-case letter.
    public static func isFlightNumber(_ text: some StringProtocol) -> Bool {
        isFlightNumber(ArraySlice(text.utf8))
    }

    private static func isValid(_ bytes: [UInt8]) -> Bool { airlineLength(bytes) != nil }

    /// The length of the airline code of a valid designator (3 for ICAO, 2 for IATA), `nil`
    /// when the designator is not valid.
    private static func airlineLength(_ bytes: [UInt8]) -> Int? {
        let icaoAirline = bytes.count >= 3 && bytes[..<3].allSatisfy(isLetter)
        if icaoAirline, isFlightNumber(bytes[3...]) { return 3 }
        let iataAirline =
            bytes.count >= 2 && bytes[..<2].allSatisfy { isLetter($0) || isDigit($0) }
            && bytes[..<2].contains(where: isLetter)
        return iataAirline && isFlightNumber(bytes[2...]) ? 2 : nil
    }

    /// 1–4 digits and an optional trailing letter.
    private static func isFlightNumber(_ rest: ArraySlice<UInt8>) -> Bool {
        var digits = rest
        if let last = digits.last, isLetter(last) { digits = digits.dropLast() }
        return (1...4).contains(digits.count) && digits.allSatisfy(isDigit)
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")
    }

    private static func isLowercase(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
