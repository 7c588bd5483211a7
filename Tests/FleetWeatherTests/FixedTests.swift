import FleetWeather
import Testing

/// ``Fixed`` writes its digits straight into one string; these pin the text it gave when it
/// joined a sign, a whole part and a zero-padded fraction (pages and CSVs depend on every byte).
@Suite("Fixed-point text")
struct FixedTests {
    @Test(
        "rounding, signs, padding and the non-finite",
        arguments: [
            (0.0, 0, "0"), (-0.0, 0, "0"), (-0.4, 0, "0"), (-0.5, 0, "0"), (0.5, 0, "0"), (1.5, 0, "2"),
            (2.5, 0, "2"), (-2.5, 0, "-2"), (-2.6, 0, "-3"), (12.0, 1, "12.0"), (0.07, 2, "0.07"),
            (-0.07, 2, "-0.07"), (-0.004, 2, "0.00"), (3.14159, 4, "3.1416"), (1e-7, 6, "0.000000"),
            (123_456.789, 6, "123456.789000"), (42.0, -3, "42"), (42.25, 9, "42.250000"),
            (8_999_999_999_999_998, 0, "8999999999999998"), (1e16, 0, "1e+16"), (-1e16, 1, "-1e+16"),
            (Double.nan, 1, "nan"), (Double.infinity, 0, "inf"), (-Double.infinity, 2, "-inf"),
        ])
    func text(value: Double, decimals: Int, expected: String) {
        #expect(Fixed.text(value, decimals: decimals) == expected)
    }

    @Test("whole numbers")
    func whole() {
        #expect(Fixed.whole(-4.2) == "-4")
        #expect(Fixed.whole(99.5) == "100")
    }
}
