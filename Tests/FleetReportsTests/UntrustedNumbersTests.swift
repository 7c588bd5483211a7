import FleetBriefing
import FleetReports
import FleetTestSupport
import FleetWeather
import Foundation
import Testing

/// Numbers from outside, however large, reach no integer conversion on the way from a body to
/// the briefing and the reports.
@Suite("Untrusted numbers: decode, brief, report")
struct UntrustedNumbersTests {
    /// JFK to LHR inside the 48 hours the fixtures cover.
    static let flight = TestFlights.flight(departure: "2026-12-01T13:05:00Z", arrival: "2026-12-01T20:50:00Z")

    /// Hours of likely rain, as WeatherKit would send them.
    static func rainyHours(chance: Double) -> [HourWeather] {
        WeatherFixtures.hours(from: ReportFixtures.now, count: 48) { _, hour in
            hour.precipitationType = .rain
            hour.precipitationChance = chance
            hour.precipitationIntensity = 8
        }
    }

    /// Writes the reports of one flight with the same weather at both ends.
    static func write(_ weather: CellWeather, in directory: TemporaryDirectory) throws -> [[String: String]] {
        let byAirport = ["JFK": weather, "LHR": weather]
        let model = try ReportFixtures.model([flight], weather: byAirport)
        let out = directory.file("report")
        try ReportWriter(templates: ReportFixtures.templates()).write(model, to: out)
        return try ReportFixtures.table(String(contentsOf: out.appendingPathComponent("flights.csv"), encoding: .utf8))
    }

    @Test("precipitationChance 1e300 in a body is dropped by the decoder, the end is incomplete; reports go on")
    func hugeChanceInABody() throws {
        let response = WeatherFixtures.response(
            latitude: 40.64, longitude: -73.78, hours: Self.rainyHours(chance: 0.75))
        let text = String(decoding: try WeatherJSON.encoder().encode(response), as: UTF8.self)
            .replacingOccurrences(of: #""precipitationChance":0.75"#, with: #""precipitationChance":1e300"#)
        let decoded = try WeatherBody.decode(Data(text.utf8))
        #expect(decoded.warnings.first?.hasPrefix("forecastHourly.hours[0].precipitationChance: 1e+300") == true)
        var weather = CellWeather()
        weather.merge(decoded.response)
        #expect(weather.hours.count == 48)
        #expect(weather.hours.allSatisfy { $0.precipitationChance == nil })
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let row = try #require(try Self.write(weather, in: directory).first)
        #expect(row["dep_precip_chance_pct"] == "")
        // The value is gone, and the end says so: a chance of rain that could not be read
        // could hide icing or heavy rain, so it is not "ok".
        #expect(row["status"] == "unavailable", "\(row)")
        #expect(row["status_detail"]?.contains("precipitationChance unusable in the body") == true, "\(row)")
    }

    @Test(
        "a chance outside 0…1 that reached the models some other way cannot trap a rule or a page",
        arguments: [1e300, Double.infinity, 1.5, 1e19])
    func hugeChanceInTheModel(_ chance: Double) throws {
        let weather = WeatherFixtures.weather(hours: Self.rainyHours(chance: chance))
        let hour = try #require(weather.hours.first)
        let hazards = PrecipitationRule().hazards(in: hour, config: BriefingConfig())
        #expect(hazards.map(\.detail) == ["rain 8.0 mm/h, 100% chance"])
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let row = try #require(try Self.write(weather, in: directory).first)
        #expect(row["risk"] == "amber")
    }
}
