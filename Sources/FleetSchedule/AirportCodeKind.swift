/// How an airport code was read, by its shape.
enum AirportCodeKind: Equatable {
    /// Three letters.
    case iata
    /// Four letters or digits.
    case icao

    /// Classifies a trimmed code.
    ///
    /// - Parameter code: The code, any case.
    /// - Returns: The kind, or `nil` when the code has neither shape.
    init?(code: String) {
        let bytes = code.utf8
        let isLetter = { (byte: UInt8) in (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
        let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        if bytes.count == 3, bytes.allSatisfy(isLetter) {
            self = .iata
        } else if bytes.count == 4, bytes.allSatisfy({ isLetter($0) || isDigit($0) }) {
            self = .icao
        } else {
            return nil
        }
    }

    /// `an IATA` / `an ICAO`, for messages.
    var article: String {
        switch self {
        case .iata: "an IATA"
        case .icao: "an ICAO"
        }
    }
}
