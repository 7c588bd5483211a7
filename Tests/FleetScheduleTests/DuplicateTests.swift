import FleetAirports
import FleetSchedule
import Foundation
import Testing

@Suite("Duplicate rows")
struct DuplicateTests {
    /// A second row and whether it duplicates `UA1,EWR,SFO,2026-12-01T13:05Z,2026-12-01T19:35Z`.
    struct DuplicateCase: Sendable, CustomTestStringConvertible {
        let id: String
        let row: String
        let isDuplicate: Bool
        var testDescription: String { id }
    }

    static let first = "UA1,EWR,SFO,2026-12-01T13:05Z,2026-12-01T19:35Z"

    static let cases: [DuplicateCase] = [
        DuplicateCase(id: "identical row", row: first, isDuplicate: true),
        DuplicateCase(
            id: "flight written differently", row: "ua 1,EWR,SFO,2026-12-01T13:05Z,2026-12-01T19:35Z",
            isDuplicate: true),
        DuplicateCase(
            id: "origin by ICAO in lower case", row: "UA1,kewr,SFO,2026-12-01T13:05Z,2026-12-01T19:35Z",
            isDuplicate: true),
        DuplicateCase(
            id: "same instant with an offset", row: "UA1,EWR,SFO,2026-12-01T08:05-05:00,2026-12-01T19:35Z",
            isDuplicate: true),
        DuplicateCase(
            id: "same instant as local time", row: "UA1,EWR,SFO,2026-12-01 08:05,2026-12-01T19:35Z",
            isDuplicate: true),
        DuplicateCase(
            id: "different destination and arrival still duplicate",
            row: "UA1,EWR,LAX,2026-12-01T13:05Z,2026-12-01T19:00Z", isDuplicate: true),
        DuplicateCase(
            id: "other departure", row: "UA1,EWR,SFO,2026-12-02T13:05Z,2026-12-02T19:35Z", isDuplicate: false),
        DuplicateCase(
            id: "other origin", row: "UA1,JFK,SFO,2026-12-01T13:05Z,2026-12-01T19:35Z", isDuplicate: false),
        DuplicateCase(
            id: "other flight", row: "UA10,EWR,SFO,2026-12-01T13:05Z,2026-12-01T19:35Z", isDuplicate: false),
        DuplicateCase(
            id: "one second later", row: "UA1,EWR,SFO,2026-12-01T13:05:01Z,2026-12-01T19:35Z", isDuplicate: false),
    ]

    @Test("A row with the same flight, origin and departure instant as an earlier one is rejected", arguments: cases)
    func duplicate(_ duplicate: DuplicateCase) throws {
        let schedule = try Fixture.read([Self.first, duplicate.row])
        #expect(schedule.flights.first?.line == 2)
        if duplicate.isDuplicate {
            #expect(schedule.flights.count == 1)
            #expect(
                schedule.rejects == [
                    RejectedRow(
                        line: 3,
                        reason: "duplicate of line 2: same flight UA1 from EWR departing 2026-12-01T13:05:00Z",
                        raw: duplicate.row)
                ])
        } else {
            #expect(schedule.flights.count == 2)
            #expect(schedule.rejects == [])
        }
    }

    @Test("Later copies all name the first line")
    func repeatedCopies() throws {
        let schedule = try Fixture.read([Self.first, Self.first, Self.first])
        #expect(schedule.rejects.map(\.line) == [3, 4])
        #expect(schedule.rejects.allSatisfy { $0.reason.hasPrefix("duplicate of line 2:") })
    }

    @Test("A rejected row does not make a later good row a duplicate")
    func rejectedRowIsNotRemembered() throws {
        let schedule = try Fixture.read([
            "UA1,EWR,SFO,2026-12-01T13:05Z,2026-12-01T13:00Z",
            Self.first,
        ])
        #expect(schedule.flights.map(\.line) == [3])
        #expect(schedule.rejects.map(\.line) == [2])
    }

    @Test("Two codes of one airport count as the same origin")
    func sameAirportByTwoCodes() throws {
        let schedule = try Fixture.read([
            "LX1,BSL,ZRH,2026-12-01T13:05Z,2026-12-01T13:50Z",
            "LX1,MLH,ZRH,2026-12-01T13:05Z,2026-12-01T13:50Z",
            "LX1,LFSB,ZRH,2026-12-01T13:05Z,2026-12-01T13:50Z",
        ])
        #expect(schedule.flights.map(\.line) == [2])
        #expect(schedule.rejects.map(\.line) == [3, 4])
    }
}
