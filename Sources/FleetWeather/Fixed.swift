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
        let units = UInt64(abs(scaled))
        // Written backwards into a buffer on the stack: the fraction's `places` digits, the
        // point, the whole part (at least one digit), the sign; one string, no temporaries.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
            var start = buffer.count
            var rest = units
            for _ in 0..<places {
                start -= 1
                buffer[start] = 0x30 + UInt8(rest % 10)
                rest /= 10
            }
            if places > 0 {
                start -= 1
                buffer[start] = 0x2E  // .
            }
            repeat {
                start -= 1
                buffer[start] = 0x30 + UInt8(rest % 10)
                rest /= 10
            } while rest > 0
            if scaled < 0 && units != 0 {
                start -= 1
                buffer[start] = 0x2D  // -
            }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[start...]), as: UTF8.self)
        }
    }

    /// Whole-number text (`12`, `-4`).
    ///
    /// - Parameter value: The number.
    /// - Returns: The rounded text.
    public static func whole(_ value: Double) -> String { text(value, decimals: 0) }
}
