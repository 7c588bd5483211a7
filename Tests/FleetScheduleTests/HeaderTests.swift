import FleetAirports
import FleetCSV
import FleetSchedule
import FleetTestSupport
import Foundation
import Testing

@Suite("Schedule header")
struct HeaderTests {
    /// A header spelling and the row that goes with it.
    struct AliasCase: Sendable, CustomTestStringConvertible {
        let header: String
        let row: String
        var testDescription: String { header }
    }

    static let aliasCases: [AliasCase] = [
        AliasCase(
            header: "flight,origin,destination,departure,arrival",
            row: "UA1,EWR,SFO,2026-12-01T13:05Z,2026-12-01T19:35Z"),
        AliasCase(
            header: " Flight_Number , FROM ,To, STD ,Sta",
            row: "UA1,EWR,SFO,2026-12-01T13:05Z,2026-12-01T19:35Z"),
        AliasCase(
            header: "flight_no,dep,arr,scheduled_departure,scheduled_arrival",
            row: "UA1,EWR,SFO,2026-12-01T13:05Z,2026-12-01T19:35Z"),
        AliasCase(
            header: "FLIGHT,Departure_Airport,Arrival_Airport,Departure_Time,Arrival_Time",
            row: "UA1,EWR,SFO,2026-12-01T13:05Z,2026-12-01T19:35Z"),
        AliasCase(
            header: "Dest,Arrival,Origin,Flight,Departure",
            row: "SFO,2026-12-01T19:35Z,EWR,UA1,2026-12-01T13:05Z"),
        AliasCase(
            header: "Flight No,From,Dest,Departure Time,Arrival-Time",
            row: "UA1,EWR,SFO,2026-12-01T13:05Z,2026-12-01T19:35Z"),
    ]

    @Test("Header aliases in any case, order and spacing", arguments: aliasCases)
    func aliases(_ alias: AliasCase) throws {
        let schedule = try Fixture.read([alias.row], header: alias.header)
        #expect(schedule.rejects == [])
        let flight = try #require(schedule.flights.first)
        #expect(flight.number == "UA1")
        #expect(flight.origin.icao == "KEWR")
        #expect(flight.destination.icao == "KSFO")
        #expect(flight.departure == Fixture.utc("2026-12-01T13:05:00Z"))
        #expect(flight.arrival == Fixture.utc("2026-12-01T19:35:00Z"))
        #expect(schedule.warnings.isEmpty)
    }

    @Test(
        "Optional aircraft and tail columns under every alias",
        arguments: [
            ("aircraft", "tail"), ("Aircraft_Type", "Registration"), ("EQUIPMENT", "tailnum"),
        ])
    func optionalColumns(aircraft: String, tail: String) throws {
        let header = "flight,origin,destination,departure,arrival,\(aircraft),\(tail)"
        let schedule = try Fixture.read(
            [
                "UA1,EWR,SFO,2026-12-01T13:05Z,2026-12-01T19:35Z, B789 , N12345 ",
                "UA2,EWR,SFO,2026-12-02T13:05Z,2026-12-02T19:35Z,,  ",
            ], header: header)
        #expect(schedule.flights.map(\.aircraft) == ["B789", nil])
        #expect(schedule.flights.map(\.tail) == ["N12345", nil])
    }

    @Test("A missing required column is fatal and names the accepted header names")
    func missingColumn() throws {
        let error = #expect(throws: ScheduleError.self) {
            try Fixture.reader.read(text: "flight,from,to,std\nUA1,EWR,SFO,2026-12-01T13:05Z\n")
        }
        #expect(
            error
                == .missingColumns(path: "(text)", columns: [.arrival], header: ["flight", "from", "to", "std"]))
        let message = try #require(error).description
        #expect(message.contains("arrival (accepted header names: arrival, sta, scheduled_arrival, arrival_time)"))
        #expect(message.contains("\"flight\", \"from\", \"to\", \"std\""))
    }

    @Test("Several missing columns are all named")
    func severalMissing() throws {
        let error = #expect(throws: ScheduleError.self) {
            try Fixture.reader.read(text: "flt,origin,destination\n")
        }
        guard case .missingColumns(_, let columns, _) = error else {
            Issue.record("unexpected \(String(describing: error))")
            return
        }
        #expect(columns == [.flight, .departure, .arrival])
        let message = try #require(error).description
        #expect(message.contains("flight (accepted header names: flight, flight_number, flight_no)"))
        #expect(
            message.contains("departure (accepted header names: departure, std, scheduled_departure, departure_time)"))
    }

    @Test("Two header cells naming the same column are fatal, naming both")
    func duplicateColumn() throws {
        let text = "flight,from,destination,departure,arrival,Origin\n"
        let error = #expect(throws: ScheduleError.self) { try Fixture.reader.read(text: text) }
        #expect(
            error
                == .duplicateColumns(
                    path: "(text)",
                    duplicates: [DuplicateColumn(column: .origin, headers: ["from", "Origin"], positions: [2, 6])]))
        let message = try #require(error).description
        #expect(message.contains("origin is named by \"from\" (column 2) and \"Origin\" (column 6)"))
    }

    @Test("Other columns are ignored and named once in one warning")
    func ignoredColumns() throws {
        let header = "gate,flight,origin,destination,departure,arrival,notes,"
        let rows = (1...3).map { "A\($0),UA\($0),EWR,SFO,2026-12-01T13:05Z,2026-12-01T19:35Z,n," }
        let schedule = try Fixture.read(rows, header: header)
        #expect(schedule.flights.count == 3)
        #expect(
            schedule.warnings == [
                ScheduleWarning(
                    line: 1,
                    message: "ignored columns fleetwx does not use: \"gate\", \"notes\", \"(unnamed column 8)\"")
            ])
    }

    @Test(
        "An empty file, or one of blank lines only, is fatal and names the path", arguments: ["", "\n\n", " , ,\r\n"])
    func emptyFile(text: String) {
        let error = #expect(throws: ScheduleError.self) { try Fixture.reader.read(text: text) }
        #expect(error == .empty(path: "(text)"))
        #expect(error?.description.contains("(text) is empty") == true)
    }

    @Test("Blank lines before the header are skipped and counted")
    func blankBeforeHeader() throws {
        let schedule = try Fixture.reader.read(
            text: "\n\(Fixture.header)\nUA1,EWR,SFO,2026-12-01T13:05Z,2026-12-01T19:35Z\n")
        #expect(schedule.flights.map(\.line) == [3])
        #expect(schedule.warnings == [ScheduleWarning(line: nil, message: "1 blank row was skipped")])
    }

    @Test("A header that is not valid UTF-8 is fatal")
    func malformedHeader() throws {
        var bytes = Array("flight,origin,destination,departure,arrival".utf8)
        bytes.insert(0xFF, at: 3)
        let error = #expect(throws: ScheduleError.self) {
            try Fixture.reader.read(source: MemoryByteSource(bytes), path: "bad.csv")
        }
        #expect(error == .malformedHeader(path: "bad.csv", line: 1, reason: "the row is not valid UTF-8"))
        #expect(error?.description.contains("UTF-8") == true)
    }

    @Test("A missing file or a directory is fatal and names the path")
    func unreadableFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let missing = directory.file("nope.csv")
        let error = #expect(throws: ScheduleError.self) { try Fixture.reader.read(url: missing) }
        #expect(error == .unreadable(path: missing.path, reason: "no such file"))
        #expect(error?.description == "cannot read the schedule \(missing.path): no such file")
        let folder = #expect(throws: ScheduleError.self) { try Fixture.reader.read(url: directory.url) }
        #expect(folder?.description.contains("it is a directory") == true)
    }

    @Test("Fatal errors read as sentences through LocalizedError too")
    func localizedDescription() {
        let error: any Error = ScheduleError.empty(path: "s.csv")
        #expect(
            error.localizedDescription
                == "the schedule s.csv is empty: it needs a header row naming the columns flight, origin, "
                + "destination, departure, arrival")
    }
}
