/// Normalises and checks flight designators (`ua 1545` → `UA1545`).
///
/// A designator is an airline code followed by a flight number of 1–4 digits and an optional
/// operational suffix letter. The airline code is either a two-character IATA code (letters
/// or digits, at least one letter: `UA`, `9W`, `U2`) or a three-letter ICAO code (`BAW`,
/// `DLH`). Only ICAO codes have three characters, which is what makes `UA12345` invalid
/// rather than "airline `UA1`, flight 2345".
enum FlightDesignator {
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

    private static func isValid(_ bytes: [UInt8]) -> Bool {
        let icaoAirline = bytes.count >= 3 && bytes[..<3].allSatisfy(isLetter)
        if icaoAirline, isFlightNumber(bytes[3...]) { return true }
        let iataAirline =
            bytes.count >= 2 && bytes[..<2].allSatisfy { isLetter($0) || isDigit($0) }
            && bytes[..<2].contains(where: isLetter)
        return iataAirline && isFlightNumber(bytes[2...])
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
