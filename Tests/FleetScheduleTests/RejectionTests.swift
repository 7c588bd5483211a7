import FleetAirports
import FleetSchedule
import FleetTestSupport
import Foundation
import Testing

/// One bad row and the fragments its rejection reason must contain.
struct RejectionCase: Sendable, CustomTestStringConvertible {
    let id: String
    let row: String
    let expected: [String]
    var testDescription: String { id }
}

@Suite("Row rejections")
struct RejectionTests {
    static let cases: [RejectionCase] = [
        RejectionCase(
            id: "too many fields", row: "UA1,EWR,SFO,2026-12-01T13:05Z,2026-12-01T19:35Z,extra",
            expected: ["expected 5 fields (one per header column) but found 6", "must be in double quotes"]),
        RejectionCase(
            id: "too few fields", row: "UA1,EWR,SFO",
            expected: ["expected 5 fields (one per header column) but found 3"]),
        RejectionCase(
            id: "empty origin", row: "UA1,,SFO,2026-12-01T13:05Z,2026-12-01T19:35Z",
            expected: ["the required origin value is empty"]),
        RejectionCase(
            id: "two empty values", row: "UA1,  ,SFO,,2026-12-01T19:35Z",
            expected: ["the required values origin and departure are empty"]),
        RejectionCase(
            id: "bad designator", row: "UA-12,EWR,SFO,2026-12-01T13:05Z,2026-12-01T19:35Z",
            expected: ["flight \"UA-12\" is not a valid flight designator"]),
        RejectionCase(
            id: "unknown IATA", row: "UA1,qqq,SFO,2026-12-01T13:05Z,2026-12-01T19:35Z",
            expected: ["unknown origin airport \"qqq\" (looked up as an IATA code"]),
        RejectionCase(
            id: "unknown ICAO", row: "UA1,EWR,KZZZ,2026-12-01T13:05Z,2026-12-01T19:35Z",
            expected: ["unknown destination airport \"KZZZ\" (looked up as an ICAO code"]),
        RejectionCase(
            id: "not a code", row: "UA1,EW,SFO,2026-12-01T13:05Z,2026-12-01T19:35Z",
            expected: ["origin \"EW\" is not an airport code"]),
        RejectionCase(
            id: "three digits are not IATA", row: "UA1,EWR,123,2026-12-01T13:05Z,2026-12-01T19:35Z",
            expected: ["destination \"123\" is not an airport code"]),
        RejectionCase(
            id: "same code", row: "UA1,JFK,JFK,2026-12-01T13:05Z,2026-12-01T19:35Z",
            expected: ["origin and destination are the same airport \"JFK\" (John F Kennedy International Airport"]),
        RejectionCase(
            id: "IATA and ICAO of one airport", row: "UA1,JFK,kjfk,2026-12-01T13:05Z,2026-12-01T19:35Z",
            expected: ["origin \"JFK\" and destination \"kjfk\" are the same airport", "KJFK"]),
        RejectionCase(
            id: "BSL and LFSB", row: "LX1,BSL,LFSB,2026-12-01T13:05Z,2026-12-01T19:35Z",
            expected: ["origin \"BSL\" and destination \"LFSB\" are the same airport (EuroAirport Basel-Mulhouse"]),
        RejectionCase(
            id: "MLH and BSL", row: "LX1,MLH,BSL,2026-12-01T13:05Z,2026-12-01T19:35Z",
            expected: ["origin \"MLH\" and destination \"BSL\" are the same airport"]),
        RejectionCase(
            id: "words for a time", row: "UA1,EWR,SFO,tomorrow,2026-12-01T19:35Z",
            expected: ["departure \"tomorrow\" is not a valid time: expected a date and time such as"]),
        RejectionCase(
            id: "month 13", row: "UA1,EWR,SFO,2026-13-01T13:05Z,2026-12-01T19:35Z",
            expected: ["departure \"2026-13-01T13:05Z\" is not a valid time: there is no month 13"]),
        RejectionCase(
            id: "29 February in a common year", row: "UA1,EWR,SFO,2026-12-01T13:05Z,2027-02-29 10:00",
            expected: ["arrival \"2027-02-29 10:00\" is not a valid time: February 2027 has no day 29"]),
        RejectionCase(
            id: "31 April", row: "UA1,EWR,SFO,2026-04-31 10:00,2026-04-31 13:00",
            expected: [
                "departure \"2026-04-31 10:00\" is not a valid time: April 2026 has no day 31",
                "arrival \"2026-04-31 13:00\" is not a valid time",
            ]),
        RejectionCase(
            id: "hour 24", row: "UA1,EWR,SFO,2026-12-01T24:00Z,2026-12-01T19:35Z",
            expected: ["there is no hour 24"]),
        RejectionCase(
            id: "minute 60", row: "UA1,EWR,SFO,2026-12-01T13:60Z,2026-12-01T19:35Z",
            expected: ["there is no minute 60"]),
        RejectionCase(
            id: "second 60", row: "UA1,EWR,SFO,2026-12-01T13:05:60Z,2026-12-01T19:35Z",
            expected: ["there is no second 60"]),
        RejectionCase(
            id: "day zero", row: "UA1,EWR,SFO,2026-12-00T13:05Z,2026-12-01T19:35Z",
            expected: ["December 2026 has no day 0"]),
        RejectionCase(
            id: "year 0000", row: "UA1,EWR,SFO,0000-12-31T18:09:24Z,2026-12-01T19:35Z",
            expected: [
                "departure \"0000-12-31T18:09:24Z\" is not a valid time: year 0000 is outside 2000–2100, "
                    + "the years fleetwx briefs"
            ]),
        RejectionCase(
            id: "year 0001 local", row: "UA1,EWR,SFO,0001-01-01 10:00,2026-12-01T19:35Z",
            expected: ["year 0001 is outside 2000–2100"]),
        RejectionCase(
            id: "year 1999", row: "UA1,EWR,SFO,1999-12-31T23:59Z,2026-12-01T19:35Z",
            expected: ["year 1999 is outside 2000–2100"]),
        RejectionCase(
            id: "year 2101", row: "UA1,EWR,SFO,2026-12-01T13:05Z,2101-01-01T00:00Z",
            expected: ["arrival \"2101-01-01T00:00Z\" is not a valid time: year 2101 is outside 2000–2100"]),
        RejectionCase(
            id: "year 9999", row: "UA1,EWR,SFO,9999-12-31T13:05Z,9999-12-31T19:35Z",
            expected: ["departure \"9999-12-31T13:05Z\" is not a valid time: year 9999 is outside 2000–2100"]),
        RejectionCase(
            id: "year 10000", row: "UA1,EWR,SFO,10000-01-01T13:05Z,2026-12-01T19:35Z",
            expected: ["departure \"10000-01-01T13:05Z\" is not a valid time: year 10000 is outside 2000–2100"]),
        RejectionCase(
            id: "DST gap", row: "UA1,JFK,SFO,2026-03-08 02:30,2026-03-08T12:00Z",
            expected: [
                "departure \"2026-03-08 02:30\" is a local time that does not exist in America/New_York",
                "UTC-05:00 to UTC-04:00",
            ]),
        RejectionCase(
            id: "arrival before departure", row: "UA1,EWR,SFO,2026-12-01T13:05Z,2026-12-01 05:00",
            expected: [
                "arrival \"2026-12-01 05:00\" (2026-12-01T13:00:00Z) is not after departure "
                    + "\"2026-12-01T13:05Z\" (2026-12-01T13:05:00Z)"
            ]),
        RejectionCase(
            id: "arrival equal to departure", row: "UA1,EWR,SFO,2026-12-01T13:05Z,2026-12-01T08:05-05:00",
            expected: ["is not after departure"]),
        RejectionCase(
            id: "block time over 20 hours", row: "SQ21,EWR,SIN,2026-12-01T13:00Z,2026-12-02T09:01Z",
            expected: [
                "block time 20 h 1 min is over the 20-hour limit (departure 2026-12-01T13:00:00Z, "
                    + "arrival 2026-12-02T09:01:00Z)"
            ]),
        RejectionCase(
            id: "several independent problems at once", row: "1234,QQQ,SFO,2026-12-01T13:05Z,soon",
            expected: [
                "flight \"1234\" is not a valid flight designator",
                "BAW12A); unknown origin airport \"QQQ\"",
                "no airport has it); arrival \"soon\" is not a valid time",
            ]),
    ]

    @Test("Each problem rejects the row with a reason naming the value", arguments: cases)
    func rejects(_ rejection: RejectionCase) throws {
        let schedule = try Fixture.read([rejection.row])
        #expect(schedule.flights.isEmpty)
        let rejected = try #require(schedule.rejects.first)
        #expect(rejected.line == 2)
        #expect(rejected.raw == rejection.row)
        for fragment in rejection.expected {
            #expect(rejected.reason.contains(fragment), "reason was: \(rejected.reason)")
        }
    }

    @Test("A block time of exactly 20 hours is accepted")
    func twentyHours() throws {
        let schedule = try Fixture.read(["SQ21,EWR,SIN,2026-12-01T13:00Z,2026-12-02T09:00Z"])
        #expect(schedule.rejects == [])
        #expect(schedule.flights.count == 1)
    }

    @Test("the first and last days of 2000–2100 are accepted")
    func yearBounds() throws {
        let schedule = try Fixture.read([
            "UA1,EWR,SFO,2000-01-01T00:00Z,2000-01-01T06:00Z", "UA2,EWR,SFO,2100-12-31T12:00Z,2100-12-31 23:59",
        ])
        #expect(schedule.rejects == [])
        #expect(schedule.flights.count == 2)
    }

    @Test("29 February in a leap year is a real date")
    func leapDay() throws {
        let schedule = try Fixture.read(["UA1,EWR,SFO,2028-02-29T13:05Z,2028-02-29T19:35Z"])
        #expect(schedule.flights.first?.departure == Fixture.utc("2028-02-29T13:05:00Z"))
    }

    @Test("A local time at an airport whose zone the system does not know is rejected")
    func unknownZone() throws {
        let nowhere = Airport(
            icao: "XXAA", iata: "XAA", name: "Nowhere Field", city: "Nowhere", country: "XX", elevationFeet: nil,
            latitude: 1, longitude: 1, timeZone: "Mars/Olympus_Mons")
        let nyc = try #require(TestAirports.bundled.lookup("JFK"))
        let reader = ScheduleReader(airports: AirportDirectory(airports: [nowhere, nyc]))
        let text = """
            \(Fixture.header)
            XX1,XAA,JFK,2026-12-01 08:00,2026-12-01T20:00Z
            XX2,XAA,JFK,2026-12-01T08:00Z,2026-12-01T20:00Z
            """
        let schedule = try reader.read(text: text)
        #expect(schedule.flights.map(\.number) == ["XX2"])
        #expect(
            schedule.rejects.first?.reason
                == "departure \"2026-12-01 08:00\" is a local time, but airport XAA has the time zone "
                + "\"Mars/Olympus_Mons\", unknown on this system; give the time with a UTC offset or Z")
    }
}
