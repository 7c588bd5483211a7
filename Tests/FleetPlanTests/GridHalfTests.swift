import FleetPlan
import FleetTestSupport
import FleetWeatherKit
import Foundation
import Testing

/// The documented rule, computed independently in base-10 `Decimal`: the nearest multiple of
/// the step to the coordinate as written, an exact half going to the even multiple.
private func nearestMultiple(_ value: Decimal, step: Decimal) -> Decimal {
    var quotient = value / step
    var rounded = Decimal()
    NSDecimalRound(&rounded, &quotient, 0, .bankers)
    return rounded * step
}

/// A key's two coordinates as exact decimals.
private func decimals(_ key: CellKey) throws -> (Decimal, Decimal) {
    let parts = key.text.split(separator: ",").map(String.init)
    try #require(parts.count == 2)
    let latitude = try #require(Decimal(string: parts[0]))
    let longitude = try #require(Decimal(string: parts[1]))
    return (latitude, longitude)
}

@Suite("Grid: halves")
struct GridHalfTests {
    struct HalfCase: CustomTestStringConvertible, Sendable {
        let degrees: Double
        let value: Double
        let text: String
        var testDescription: String { "\(degrees)° grid: \(value) → \(text)" }
    }

    @Test(
        "a point exactly between two cells goes to the even multiple, in both hemispheres",
        arguments: [
            HalfCase(degrees: 0.01, value: -56.105, text: "-56.10"),
            HalfCase(degrees: 0.01, value: 56.105, text: "56.10"),
            HalfCase(degrees: 0.01, value: -56.115, text: "-56.12"),
            HalfCase(degrees: 0.01, value: 56.115, text: "56.12"),
            HalfCase(degrees: 0.01, value: 1.005, text: "1.00"), HalfCase(degrees: 0.01, value: 1.015, text: "1.02"),
            HalfCase(degrees: 0.01, value: -0.005, text: "0.00"), HalfCase(degrees: 0.01, value: 0.015, text: "0.02"),
            HalfCase(degrees: 0.1, value: 47.55, text: "47.6"), HalfCase(degrees: 0.1, value: -47.45, text: "-47.4"),
            HalfCase(degrees: 0.1, value: 0.25, text: "0.2"), HalfCase(degrees: 0.1, value: -0.05, text: "0.0"),
            HalfCase(degrees: 0.25, value: 0.125, text: "0.00"), HalfCase(degrees: 0.25, value: -0.375, text: "-0.50"),
            HalfCase(degrees: 0.25, value: 47.625, text: "47.50"),
            HalfCase(degrees: 0.25, value: -47.875, text: "-48.00"),
            HalfCase(degrees: 1, value: 2.5, text: "2"), HalfCase(degrees: 1, value: -3.5, text: "-4"),
            HalfCase(degrees: 1, value: 0.5, text: "0"), HalfCase(degrees: 1, value: -0.5, text: "0"),
        ])
    func halves(_ example: HalfCase) throws {
        let grid = try Grid(degrees: example.degrees)
        #expect(grid.key(latitude: example.value, longitude: 0).text.hasPrefix(example.text + ","))
        #expect(grid.key(latitude: 0, longitude: example.value).text.hasSuffix("," + example.text))
    }

    @Test("keys follow the rule at many cell edges and one micro-degree either side, on several grids")
    func manyEdges() throws {
        var checked = 0
        for stepText in ["0.01", "0.1", "0.25", "1", "0.05", "0.001", "0.5", "0.2"] {
            let step = try #require(Decimal(string: stepText))
            let grid = try Grid(degrees: try #require(Double(stepText)))
            let micro = try #require(Decimal(string: "0.000001"))
            let half = try #require(Decimal(string: "0.5"))
            for index in [0, 1, 2, 3, 7, 10, 33, 89, 100, 561, 1234, 5610, 5611, 8999, 17_000, 17_999] {
                let edge = (Decimal(index) + half) * step
                for signed in [edge, -edge] {
                    for offset in [Decimal(0), micro, -micro] {
                        let value = signed + offset
                        guard abs(value) < 180 else { continue }
                        let expected = nearestMultiple(value, step: step)
                        let number = try #require(Double(value.description))
                        let latitude = abs(value) < 90 ? number : 0
                        let key = grid.key(latitude: latitude, longitude: number)
                        let (keyLatitude, keyLongitude) = try decimals(key)
                        #expect(keyLongitude == expected, "\(stepText)° grid, longitude \(value): \(key.text)")
                        if abs(value) < 90 {
                            #expect(keyLatitude == expected, "\(stepText)° grid, latitude \(value): \(key.text)")
                        }
                        checked += 1
                    }
                }
            }
        }
        #expect(checked > 500)
    }

    @Test("the request path carries exactly the key's coordinates, halves included")
    func requestParametersMatchKeys() throws {
        let client = WeatherKitClient(
            endpoint: try WeatherKitEndpoint(string: "https://weatherkit.apple.com"), language: "en-US",
            transport: FakeTransport.always(status: 200), tokens: StaticTokenSource())
        for (degrees, value) in [(0.01, -56.105), (0.01, 56.115), (0.25, -0.375), (0.1, 47.55), (1, -3.5)] {
            let key = try Grid(degrees: degrees).key(latitude: value / 2, longitude: value)
            let url = client.url(for: WeatherQuery(latitude: key.latitude, longitude: key.longitude, dataSets: []))
            let segments = url.path.split(separator: "/").map(String.init)
            let (latitude, longitude) = try decimals(key)
            #expect(segments.suffix(2).compactMap { Decimal(string: $0) } == [latitude, longitude], "\(key.text)")
        }
    }
}
