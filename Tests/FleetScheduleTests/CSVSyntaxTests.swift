import FleetCSV
import FleetSchedule
import FleetTestSupport
import Foundation
import Testing

@Suite("CSV syntax in schedules")
struct CSVSyntaxTests {
    @Test("A BOM and CRLF line ends are accepted; line numbers count physical lines")
    func bomAndCRLF() throws {
        let text =
            "\u{FEFF}Flight,Origin,Destination,Departure,Arrival\r\n"
            + "UA1,EWR,SFO,2026-12-01T13:05Z,2026-12-01T19:35Z\r\n"
            + "\r\n"
            + "UA2,EWR,SFO,2026-12-02T13:05Z,2026-12-02T19:35Z\r\n"
        let schedule = try Fixture.reader.read(text: text)
        #expect(schedule.rejects == [])
        #expect(schedule.flights.map(\.line) == [2, 4])
        #expect(schedule.flights.map(\.number) == ["UA1", "UA2"])
    }

    @Test("Quoted fields hold commas, doubled quotes and line breaks; later rows keep their line numbers")
    func quotedFields() throws {
        let header = "flight,origin,destination,departure,arrival,aircraft,notes"
        let multiLine =
            "UA2,EWR,SFO,2026-12-02T13:05Z,2026-12-02T19:35Z,B789,\"first line\r\nsecond, \"\"quoted\"\"\nthird\""
        let rows = [
            "UA1,EWR,SFO,2026-12-01T13:05Z,2026-12-01T19:35Z,\"Boeing 787-9, \"\"Dreamliner\"\"\",x",
            multiLine,
            "UA3,EWR,SFO,2026-12-03T13:05Z,2026-12-03T19:35Z,,",
            "UA4,EWR,QQQ,2026-12-04T13:05Z,2026-12-04T19:35Z,,\"a\nb\"",
            "UA5,EWR,QQQ,2026-12-05T13:05Z,2026-12-05T19:35Z,,",
        ]
        let schedule = try Fixture.read(rows, header: header)
        #expect(schedule.flights.map(\.line) == [2, 3, 6])
        #expect(schedule.flights.first?.aircraft == "Boeing 787-9, \"Dreamliner\"")
        #expect(schedule.rejects.map(\.line) == [7, 9])
        #expect(schedule.rejects.first?.raw == rows[3])
        #expect(schedule.rejects.last?.raw == rows[4])
    }

    @Test("A row that is not valid UTF-8 is rejected; the rows around it are kept")
    func invalidUTF8() throws {
        var bytes = Array("\(Fixture.header)\nUA1,EWR,SFO,2026-12-01T13:05Z,2026-12-01T19:35Z\n".utf8)
        bytes += Array("UA2,EWR,SFO,2026-12-02T13:05Z,2026-12-02T19:35Z".utf8) + [0xC3, 0x28] + [0x0A]
        bytes += Array("UA3,EWR,SFO,2026-12-03T13:05Z,2026-12-03T19:35Z\n".utf8)
        let schedule = try Fixture.reader.read(source: MemoryByteSource(bytes), path: "latin.csv")
        #expect(schedule.flights.map(\.number) == ["UA1", "UA3"])
        let rejected = try #require(schedule.rejects.first)
        #expect(rejected.line == 3)
        #expect(rejected.reason == "cannot read the row: the row is not valid UTF-8 (save the schedule as UTF-8 CSV)")
        #expect(rejected.raw.hasPrefix("UA2,EWR,SFO"))
    }

    @Test("An unterminated quote rejects its line, naming it, and every line after it as rows of their own")
    func unterminatedQuote() throws {
        let rows = [
            "UA1,EWR,SFO,2026-12-01T13:05Z,2026-12-01T19:35Z",
            "UA2,\"EWR,SFO,2026-12-02T13:05Z,2026-12-02T19:35Z",
            "UA3,EWR,SFO,2026-12-03T13:05Z,2026-12-03T19:35Z",
            "",
            "UA4,EWR,SFO,2026-12-04T13:05Z,2026-12-04T19:35Z",
        ]
        let schedule = try Fixture.read(rows)
        #expect(schedule.flights.map(\.line) == [2])
        let after = "not read as a row: the quoted field opened on line 3 is never closed; close it and run again"
        #expect(
            schedule.rejects == [
                RejectedRow(
                    line: 3,
                    reason:
                        "cannot read the row: malformed quoting: the quoted field opened on line 3 is never closed, "
                        + "so each line after it is rejected too; close the quote and run again",
                    raw: rows[1]),
                RejectedRow(line: 4, reason: after, raw: rows[2]),
                RejectedRow(line: 6, reason: after, raw: rows[4]),
            ])
        #expect(schedule.dataRows == 4)
    }

    @Test("Text after a closing quote rejects the row")
    func textAfterQuote() throws {
        let reason = try Fixture.reason("\"UA1\"x,EWR,SFO,2026-12-01T13:05Z,2026-12-01T19:35Z")
        #expect(reason == "cannot read the row: malformed quoting: text after a closing quote")
    }

    @Test("Blank rows are skipped and counted in one warning")
    func blankRows() throws {
        let rows = [
            "", "UA1,EWR,SFO,2026-12-01T13:05Z,2026-12-01T19:35Z", ",,,,", "   ", " , ,,, ",
            "UA2,EWR,SFO,2026-12-02T13:05Z,2026-12-02T19:35Z", "",
        ]
        let schedule = try Fixture.read(rows)
        #expect(schedule.flights.map(\.line) == [3, 7])
        #expect(schedule.rejects == [])
        #expect(schedule.warnings == [ScheduleWarning(line: nil, message: "5 blank rows were skipped")])
    }

    @Test("A file without a final line break reads its last row")
    func noFinalNewline() throws {
        let schedule = try Fixture.reader.read(
            text: "\(Fixture.header)\nUA1,EWR,SFO,2026-12-01T13:05Z,2026-12-01T19:35Z")
        #expect(schedule.flights.count == 1)
    }

    @Test("Records split across tiny chunks read the same as whole", arguments: [1, 2, 3, 7])
    func tinyChunks(chunkSize: Int) throws {
        let url = Fixture.directory.appendingPathComponent("messy.csv")
        let bytes = try [UInt8](Data(contentsOf: url))
        let whole = try Fixture.reader.read(source: MemoryByteSource(bytes), path: "messy.csv")
        let chunked = try Fixture.reader.read(source: MemoryByteSource(bytes, chunkSize: chunkSize), path: "messy.csv")
        #expect(chunked.flights == whole.flights)
        #expect(chunked.rejects == whole.rejects)
        #expect(chunked.warnings == whole.warnings)
    }
}
