import FleetSchedule
import Foundation
import Testing

/// A departure value, the origin it is read at, and the UTC instant expected.
struct TimeCase: Sendable, CustomTestStringConvertible {
    let value: String
    let origin: String
    let utc: String
    var testDescription: String { "\(value) at \(origin)" }
}

@Suite("Schedule times")
struct TimeTests {
    static let absolute: [TimeCase] = [
        TimeCase(value: "2026-12-01T13:05:00Z", origin: "EWR", utc: "2026-12-01T13:05:00Z"),
        TimeCase(value: "2026-12-01T13:05Z", origin: "EWR", utc: "2026-12-01T13:05:00Z"),
        TimeCase(value: "2026-12-01t13:05z", origin: "EWR", utc: "2026-12-01T13:05:00Z"),
        TimeCase(value: "2026-12-01 13:05Z", origin: "EWR", utc: "2026-12-01T13:05:00Z"),
        TimeCase(value: "2026-12-01T08:05:00-05:00", origin: "EWR", utc: "2026-12-01T13:05:00Z"),
        TimeCase(value: "2026-12-01T18:35+05:30", origin: "EWR", utc: "2026-12-01T13:05:00Z"),
        TimeCase(value: "2026-12-01T18:35:00+0530", origin: "EWR", utc: "2026-12-01T13:05:00Z"),
        TimeCase(value: "2026-12-01T14:05+01", origin: "EWR", utc: "2026-12-01T13:05:00Z"),
        TimeCase(value: "2026-12-01T13:05:00.250Z", origin: "EWR", utc: "2026-12-01T13:05:00.250Z"),
        TimeCase(value: "  2026-12-01T13:05:00Z  ", origin: "EWR", utc: "2026-12-01T13:05:00Z"),
        // An offset wins over the airport's zone: Sydney's zone is not consulted.
        TimeCase(value: "2026-12-01T13:05Z", origin: "SYD", utc: "2026-12-01T13:05:00Z"),
        // The offset moves the instant across midnight and a year boundary.
        TimeCase(value: "2027-01-01T01:00+02:00", origin: "EWR", utc: "2026-12-31T23:00:00Z"),
    ]

    static let local: [TimeCase] = [
        TimeCase(value: "2026-12-01T08:05", origin: "EWR", utc: "2026-12-01T13:05:00Z"),
        TimeCase(value: "2026-12-01 08:05", origin: "JFK", utc: "2026-12-01T13:05:00Z"),
        TimeCase(value: "2026-12-01T08:05:30", origin: "KJFK", utc: "2026-12-01T13:05:30Z"),
        TimeCase(value: "2026-07-01 08:05", origin: "JFK", utc: "2026-07-01T12:05:00Z"),
        // Southern hemisphere: Sydney is on daylight time (UTC+11) in December, UTC+10 in July.
        TimeCase(value: "2026-12-01 08:05", origin: "SYD", utc: "2026-11-30T21:05:00Z"),
        TimeCase(value: "2026-07-01 08:05", origin: "SYD", utc: "2026-06-30T22:05:00Z"),
        TimeCase(value: "2026-12-01 08:05", origin: "AKL", utc: "2026-11-30T19:05:00Z"),
        TimeCase(value: "2026-12-01 08:05", origin: "LHR", utc: "2026-12-01T08:05:00Z"),
        TimeCase(value: "2026-07-01 08:05", origin: "LHR", utc: "2026-07-01T07:05:00Z"),
        TimeCase(value: "2026-12-01 08:05", origin: "DEL", utc: "2026-12-01T02:35:00Z"),
        TimeCase(value: "2026-12-01 08:05", origin: "DXB", utc: "2026-12-01T04:05:00Z"),
        // Just before and after the New York spring-forward gap and the London one.
        TimeCase(value: "2026-03-08 01:59", origin: "JFK", utc: "2026-03-08T06:59:00Z"),
        TimeCase(value: "2026-03-08 03:00", origin: "JFK", utc: "2026-03-08T07:00:00Z"),
        TimeCase(value: "2026-03-29 00:59", origin: "LHR", utc: "2026-03-29T00:59:00Z"),
        TimeCase(value: "2026-03-29 02:00", origin: "LHR", utc: "2026-03-29T01:00:00Z"),
        // Sydney's own gap is in October (clocks go forward at 02:00).
        TimeCase(value: "2026-10-04 03:00", origin: "SYD", utc: "2026-10-03T16:00:00Z"),
    ]

    @Test("Times with Z or an offset are absolute", arguments: absolute)
    func absoluteTimes(_ time: TimeCase) throws {
        try expectDeparture(time)
    }

    @Test("Times without an offset are local at the origin", arguments: local)
    func localTimes(_ time: TimeCase) throws {
        try expectDeparture(time)
    }

    @Test("A local arrival is read in the destination's zone, not the origin's")
    func arrivalInDestinationZone() throws {
        let schedule = try Fixture.read(["SQ222,SYD,SIN,2026-12-01 16:00,2026-12-01 21:30"])
        let flight = try #require(schedule.flights.first)
        #expect(flight.departure == Fixture.utc("2026-12-01T05:00:00Z"))
        #expect(flight.arrival == Fixture.utc("2026-12-01T13:30:00Z"))
    }

    @Test(
        "Local times inside a DST gap are rejected and name the zone",
        arguments: [
            ("JFK", "2026-03-08 02:30", "America/New_York"), ("JFK", "2026-03-08 02:00", "America/New_York"),
            ("LHR", "2026-03-29 01:30", "Europe/London"), ("SYD", "2026-10-04 02:30", "Australia/Sydney"),
        ])
    func gap(origin: String, value: String, zone: String) throws {
        let reason = try Fixture.reason("XX1,\(origin),DXB,\(value),2026-12-25T12:00Z")
        #expect(reason?.contains("departure \"\(value)\" is a local time that does not exist in \(zone)") == true)
    }

    @Test("A local time in the DST overlap takes the earlier instant and warns with the line")
    func overlap() throws {
        let schedule = try Fixture.read([
            "UA1,EWR,SFO,2026-12-01T13:05Z,2026-12-01T19:35Z",
            "UA2,JFK,SFO,2026-11-01 01:30,2026-11-01 09:00",
        ])
        let flight = try #require(schedule.flights.last)
        #expect(flight.departure == Fixture.utc("2026-11-01T05:30:00Z"))
        #expect(
            schedule.warnings == [
                ScheduleWarning(
                    line: 3,
                    message: "departure \"2026-11-01 01:30\" happens twice in America/New_York (the clocks go back); "
                        + "using the earlier, 2026-11-01T05:30:00Z (UTC-04:00)")
            ])
    }

    @Test("An ambiguous time on a row rejected for another reason does not warn")
    func overlapOnRejectedRow() throws {
        let schedule = try Fixture.read(["UA2,JFK,SFO,2026-11-01 01:30,2026-11-01T05:00Z"])
        #expect(schedule.rejects.count == 1)
        #expect(schedule.warnings.isEmpty)
    }

    @Test(
        "Malformed time text is rejected",
        arguments: [
            "2026-12-01", "2026-12-01T13", "2026-12-01T13:5", "2026-12-1T13:05", "26-12-01T13:05",
            "2026/12/01 13:05", "2026-12-01T13:05:00.Z", "2026-12-01T13:05+5", "2026-12-01T13:05+05:", "13:05",
            "2026-12-01T13:05 Z", "2026-12-01T13:05+19:00", "2026-12-01T13:05+05:60", "2026-12-01  13:05",
            "2026-12-01T13:05:00Zjunk",
        ])
    func malformed(value: String) throws {
        let reason = try Fixture.reason("UA1,EWR,SFO,\(value),2026-12-02T19:35Z")
        #expect(
            reason?.hasPrefix("departure \"\(value)\" is not a valid time") == true,
            "reason: \(String(describing: reason))")
    }

    private func expectDeparture(_ time: TimeCase, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let arrival = Fixture.utcText(Fixture.utc(time.utc).addingTimeInterval(2 * 3600))
        let schedule = try Fixture.read(["UA1,\(time.origin),CDG,\(time.value),\(arrival)"])
        #expect(schedule.rejects == [], sourceLocation: sourceLocation)
        #expect(schedule.flights.first?.departure == Fixture.utc(time.utc), sourceLocation: sourceLocation)
    }
}
