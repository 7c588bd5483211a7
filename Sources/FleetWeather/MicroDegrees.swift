/// A coordinate in whole micro-degrees (0.000001°, about 0.1 m): the one rounding rule for
/// coordinates, shared by cell keys, request parameters and replay.
///
/// Why integers: a coordinate as written (`-56.105`) has no exact binary value, so rounding
/// it in `Double` decides a half by representation noise (`-56.105 / 0.01` computes as
/// `-5610.5`, while `-56.105 * 100` lands on either side depending on the number), and two
/// places that round "the same" number could disagree. Taken to the nearest micro-degree
/// first, a coordinate of up to six decimals (all airport data has at most six) is exact, and
/// every later step is integer arithmetic with one rule for halves: **ties to even**, the rule
/// ``Fixed`` already uses for all number text. So `-56.105` on a 0.01° grid is always the cell
/// `-56.10` (−5610.5 → −5610), `-56.115` is `-56.12`, `56.105` is `56.10`, wherever it is
/// computed.
public struct MicroDegrees: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Micro-degrees per degree.
    public static let perDegree: Int64 = 1_000_000

    /// The coordinate in micro-degrees.
    public let value: Int64

    /// Wraps a micro-degree count.
    ///
    /// - Parameter value: Micro-degrees.
    public init(value: Int64) {
        self.value = value
    }

    /// The nearest micro-degree to a coordinate in degrees.
    ///
    /// A scaled value within 1e-6 µ° of a half counts as an exact half (binary noise is far
    /// smaller: under 1e-7 µ° for any coordinate within ±360°) and goes to the even count.
    /// Non-finite and absurd values (beyond ±1e9°) become 0; callers validate ranges first.
    ///
    /// - Parameter degrees: The coordinate.
    public init(degrees: Double) {
        guard degrees.isFinite, abs(degrees) < 1e9 else {
            self.value = 0
            return
        }
        let scaled = degrees * Double(Self.perDegree)
        let floor = scaled.rounded(.down)
        let fraction = scaled - floor
        var whole = Int64(floor)
        if abs(fraction - 0.5) < 1e-6 {
            if whole % 2 != 0 { whole += 1 }  // an exact half: to even
        } else if fraction > 0.5 {
            whole += 1
        }
        self.value = whole
    }

    /// The coordinate in degrees (exact for any count a `Double` can hold to 1e-6).
    public var degrees: Double { Double(value) / Double(Self.perDegree) }

    /// The nearest multiple of a step, an exact half going to the even multiple.
    ///
    /// - Parameter step: The step in micro-degrees (at least 1).
    /// - Returns: The multiple.
    public func rounded(toMultipleOf step: Int64) -> MicroDegrees {
        guard step > 1 else { return self }
        var quotient = value / step
        var remainder = value % step
        if remainder < 0 {  // floor division: 0 ≤ remainder < step
            quotient -= 1
            remainder += step
        }
        if 2 * remainder > step || (2 * remainder == step && quotient % 2 != 0) { quotient += 1 }
        return MicroDegrees(value: quotient * step)
    }

    /// Plain decimal text with a fixed number of decimals (0…6), never `-0`: exact, since the
    /// value is a whole number of micro-degrees (any rounding to fewer decimals is to even).
    ///
    /// - Parameter decimals: Digits after the point.
    /// - Returns: The text (`-56.10`).
    public func text(decimals: Int) -> String {
        let places = min(max(decimals, 0), 6)
        var divisor: Int64 = 1
        for _ in 0..<(6 - places) { divisor *= 10 }
        let units = MicroDegrees(value: value).rounded(toMultipleOf: divisor).value / divisor
        let magnitude = units.magnitude
        let sign = units < 0 ? "-" : ""
        guard places > 0 else { return sign + String(magnitude) }
        var scale: UInt64 = 1
        for _ in 0..<places { scale *= 10 }
        var fraction = String(magnitude % scale)
        if fraction.count < places { fraction = String(repeating: "0", count: places - fraction.count) + fraction }
        return sign + String(magnitude / scale) + "." + fraction
    }

    /// The shortest plain decimal (`40.71`, `-74`, `0`), as sent in request paths.
    public var description: String {
        var text = text(decimals: 6)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    public static func < (lhs: MicroDegrees, rhs: MicroDegrees) -> Bool { lhs.value < rhs.value }
}
