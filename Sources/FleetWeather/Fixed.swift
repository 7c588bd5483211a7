/// Fixed-point text for numbers (`12.3`, `-4`, `0.07`), without `String(format:)`.
///
/// Why: reports and briefings format well over a million numbers for a 10,000-flight run, and
/// `String(format:)` on Linux goes through NSString and dynamic casts (it was a quarter of
/// the whole run's CPU). Rounding is to nearest, ties to even, on the scaled binary value; a
/// result that rounds to zero is written without a minus sign.
public enum Fixed {
    private static let scales: [Double] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000]

    /// Formats a number with a fixed number of decimals (0…6).
    ///
    /// - Parameters:
    ///   - value: The number.
    ///   - decimals: Digits after the point.
    /// - Returns: The text; `nan`/`inf`/`-inf` for non-finite values.
    public static func text(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
        let places = min(max(decimals, 0), scales.count - 1)
        let scaled = (value * scales[places]).rounded(.toNearestOrEven)
        guard abs(scaled) < 9e15 else { return String(value) }
        let units = Int64(abs(scaled))
        let sign = scaled < 0 && units != 0 ? "-" : ""
        guard places > 0 else { return sign + String(units) }
        let divisor = Int64(scales[places])
        var fraction = String(units % divisor)
        if fraction.count < places { fraction = String(repeating: "0", count: places - fraction.count) + fraction }
        return sign + String(units / divisor) + "." + fraction
    }

    /// Whole-number text (`12`, `-4`).
    ///
    /// - Parameter value: The number.
    /// - Returns: The rounded text.
    public static func whole(_ value: Double) -> String { text(value, decimals: 0) }
}
