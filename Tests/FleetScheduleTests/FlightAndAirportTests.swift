import FleetAirports
import FleetSchedule
import Foundation
import Testing

@Suite("Flight designators and airport codes")
struct FlightAndAirportTests {
    @Test(
        "Valid designators are normalised",
        arguments: [
            ("ua 1545", "UA1545"), ("UA1545", "UA1545"), ("9W123", "9W123"), ("U21234", "U21234"),
            ("BAW12A", "BAW12A"), ("DLH400", "DLH400"), (" dlh 400 ", "DLH400"), ("u2 1", "U21"),
            ("AA1", "AA1"), ("aal 1234 b", "AAL1234B"), ("B6 0012", "B60012"),
        ])
    func acceptsDesignator(input: String, normalised: String) throws {
        let schedule = try Fixture.read(["\"\(input)\",EWR,SFO,2026-12-01T13:05Z,2026-12-01T19:35Z"])
        #expect(schedule.rejects == [])
        #expect(schedule.flights.first?.number == normalised)
    }

    @Test(
        "Invalid designators are rejected",
        arguments: ["1234", "U", "UA12345", "UA-12", "UA", "BAW", "12A34", "UA12AB", "ÜA123", "UA 12 34 5", "A1B123"])
    func rejectsDesignator(input: String) throws {
        let reason = try Fixture.reason("\(input),EWR,SFO,2026-12-01T13:05Z,2026-12-01T19:35Z")
        #expect(reason?.hasPrefix("flight \"\(input)\" is not a valid flight designator") == true)
    }

    @Test(
        "A designator splits into its airline code and flight number by the same rules",
        arguments: [
            ("UA1545", "UA", "1545"), ("9W123", "9W", "123"), ("U21234", "U2", "1234"), ("BAW12A", "BAW", "12A"),
            ("AAL1234B", "AAL", "1234B"), ("B60012", "B6", "0012"), ("AA1", "AA", "1"),
        ])
    func splitsDesignator(designator: String, airline: String, number: String) {
        let parts = FlightDesignator.split(designator)
        #expect(parts?.airline == airline)
        #expect(parts?.number == number)
        #expect(FlightDesignator.isFlightNumber(number))
        #expect(!FlightDesignator.isFlightNumber(designator))
    }

    @Test("An invalid designator does not split", arguments: ["1234", "UA12345", "BAW", "UA12AB", "A1B123"])
    func doesNotSplit(designator: String) {
        #expect(FlightDesignator.split(designator) == nil)
    }

    @Test(
        "IATA and ICAO codes resolve in any case, trimmed",
        arguments: [
            ("EWR", "KEWR"), ("ewr", "KEWR"), ("Ewr", "KEWR"), ("KEWR", "KEWR"), ("kewr", "KEWR"),
            (" ewr ", "KEWR"), ("syd", "YSSY"), ("yssy", "YSSY"), ("00AA", "00AA"),
        ])
    func resolvesAirport(code: String, icao: String) throws {
        let schedule = try Fixture.read(["UA1,\(code),LHR,2026-12-01T13:05Z,2026-12-01T19:35Z"])
        #expect(schedule.rejects == [])
        #expect(schedule.flights.first?.origin.icao == icao)
    }

    @Test("A route through Basel by its two codes keeps both ends distinct from other airports")
    func baselRoutes() throws {
        let schedule = try Fixture.read([
            "LX1,BSL,ZRH,2026-12-01T13:05Z,2026-12-01T13:50Z",
            "LX2,LFSB,ZRH,2026-12-01T15:05Z,2026-12-01T15:50Z",
        ])
        #expect(schedule.flights.map(\.origin.icao) == ["LFSB", "LFSB"])
        #expect(schedule.flights.map(\.route) == ["BSL-ZRH", "BSL-ZRH"])
    }
}
