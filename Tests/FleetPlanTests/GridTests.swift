import FleetPlan
import Testing

@Suite("Grid")
struct GridTests {
    struct KeyCase: CustomTestStringConvertible, Sendable {
        let name: String
        let degrees: Double
        let latitude: Double
        let longitude: Double
        let text: String
        var testDescription: String { name }
    }

    @Test(
        "cell keys are rounded coordinates with a fixed number of decimals",
        arguments: [
            KeyCase(name: "0.01 Basel", degrees: 0.01, latitude: 47.5896, longitude: 7.52991, text: "47.59,7.53"),
            KeyCase(name: "0.1 Basel", degrees: 0.1, latitude: 47.5896, longitude: 7.52991, text: "47.6,7.5"),
            KeyCase(name: "0.25 Basel", degrees: 0.25, latitude: 47.5896, longitude: 7.52991, text: "47.50,7.50"),
            KeyCase(name: "1 Basel", degrees: 1, latitude: 47.5896, longitude: 7.52991, text: "48,8"),
            KeyCase(
                name: "0.01 New York", degrees: 0.01, latitude: 40.639928, longitude: -73.778692, text: "40.64,-73.78"),
            KeyCase(name: "0.01 Sydney", degrees: 0.01, latitude: -33.9461, longitude: 151.177, text: "-33.95,151.18"),
            KeyCase(name: "0.25 negative", degrees: 0.25, latitude: -0.9, longitude: -179.9, text: "-1.00,-180.00"),
            KeyCase(name: "0.01 rounds to -0", degrees: 0.01, latitude: -0.004, longitude: -0.001, text: "0.00,0.00"),
            KeyCase(name: "0.1 rounds to -0", degrees: 0.1, latitude: -0.04, longitude: 0.04, text: "0.0,0.0"),
            KeyCase(name: "1 rounds to -0", degrees: 1, latitude: -0.4, longitude: -0.49, text: "0,0"),
            KeyCase(name: "0.01 exactly -0", degrees: 0.01, latitude: -0.0, longitude: 0.0, text: "0.00,0.00"),
            KeyCase(name: "0.01 London", degrees: 0.01, latitude: 51.4706, longitude: -0.46194, text: "51.47,-0.46"),
        ])
    func keys(_ example: KeyCase) throws {
        let grid = try Grid(degrees: example.degrees)
        let key = grid.key(latitude: example.latitude, longitude: example.longitude)
        #expect(key.text == example.text)
        #expect(!key.text.contains("-0.00") || example.text.contains("-0.00"))
        #expect(key.description == key.text)
    }

    @Test("the key's coordinates are the rounded ones sent to WeatherKit")
    func keyCoordinates() throws {
        let key = try Grid(degrees: 0.01).key(latitude: 47.5896, longitude: 7.52991)
        #expect(abs(key.latitude - 47.59) < 1e-9)
        #expect(abs(key.longitude - 7.53) < 1e-9)
        let zero = try Grid(degrees: 0.01).key(latitude: -0.001, longitude: -0.001)
        #expect(zero.latitude == 0 && zero.latitude.sign == .plus)
        #expect(zero.longitude.sign == .plus)
    }

    @Test(
        "decimals are the fewest that show a multiple of the cell size",
        arguments: [
            (0.01, 2), (0.1, 1), (0.25, 2), (0.5, 1), (1.0, 0), (0.001, 3), (0.05, 2), (0.002, 3),
        ])
    func decimals(degrees: Double, decimals: Int) throws {
        #expect(try Grid(degrees: degrees).decimals == decimals)
    }

    @Test("the default grid is 0.01°")
    func defaultGrid() throws {
        #expect(try Grid().degrees == 0.01)
    }

    @Test(
        "cell sizes outside 0.001°…1° are refused",
        arguments: [
            0, -0.01, -1, 10.5, Double.nan, Double.infinity, -Double.infinity, Double.leastNonzeroMagnitude, 1e-6,
            0.0009, 0.000999,
            1.000001, 1.5, 2, 10, Double.greatestFiniteMagnitude, -0.001,
        ])
    func badSizes(degrees: Double) {
        #expect(throws: PlanError.self) { try Grid(degrees: degrees) }
    }

    @Test("the smallest and largest allowed cells are 0.001° and 1°", arguments: [0.001, 0.0015, 0.5, 1.0])
    func bounds(degrees: Double) throws {
        #expect(try Grid(degrees: degrees).degrees == degrees)
    }

    @Test("the largest allowed cell is 1°")
    func largest() throws {
        #expect(try Grid(degrees: 1).key(latitude: 44.4, longitude: -76.6).text == "44,-77")
    }

    @Test("format never writes a negative zero", arguments: [-0.0, -0.001, -0.004])
    func formatNegativeZero(value: Double) throws {
        #expect(try Grid(degrees: 0.01).format(value) == "0.00")
    }

    @Test("keys are equal and hash alike by their text")
    func keyIdentity() throws {
        let grid = try Grid(degrees: 0.01)
        let a = grid.key(latitude: 47.5896, longitude: 7.52991)
        let b = grid.key(latitude: 47.591, longitude: 7.5349)
        #expect(a == b)
        #expect(Set([a, b]).count == 1)
        #expect(grid.key(latitude: 1, longitude: 1) < grid.key(latitude: 2, longitude: 1))
    }

    @Test("the bad grid message names the value, the range and why")
    func message() {
        let text = PlanError.badGrid(Double.leastNonzeroMagnitude).description
        #expect(text.contains("5e-324"), "\(text)")
        #expect(text.contains("0.001") && text.contains("1°"), "\(text)")
        #expect(text.contains("WeatherKit"), "\(text)")
        #expect(PlanError.badGrid(11).description.contains("11"))
    }
}
