import FleetWeather
import Testing

@Suite("MicroDegrees")
struct MicroDegreesTests {
    @Test("MicroDegrees: the nearest whole micro-degree, text exact, halves of a step to even")
    func microDegrees() {
        #expect(MicroDegrees(degrees: -56.105).value == -56_105_000)
        #expect(MicroDegrees(degrees: 179.999999).value == 179_999_999)
        #expect(MicroDegrees(degrees: .nan).value == 0)
        #expect(MicroDegrees(value: -56_105_000).rounded(toMultipleOf: 10_000).value == -56_100_000)
        #expect(MicroDegrees(value: -56_115_000).rounded(toMultipleOf: 10_000).value == -56_120_000)
        #expect(MicroDegrees(value: 56_105_001).rounded(toMultipleOf: 10_000).value == 56_110_000)
        #expect(MicroDegrees(value: -56_100_000).text(decimals: 2) == "-56.10")
        #expect(MicroDegrees(value: -4_000).text(decimals: 2) == "0.00")
        #expect(MicroDegrees(value: -56_100_000).description == "-56.1")
        #expect(MicroDegrees(value: 0).description == "0")
    }
}
