import FleetAirports
import FleetCSV
import FleetSchedule
import FleetTestSupport
import Foundation
import Testing

@Suite("Schedule files on disk")
struct FixtureTests {
    static let messy = Fixture.directory.appendingPathComponent("messy.csv")

    /// The line of each rejected row in `messy.csv` and a fragment of its reason.
    static let messyRejects: [(line: Int, reason: String)] = [
        (8, "duplicate of line 7: same flight QF1 from SYD departing 2026-12-01T05:00:00Z"),
        (10, "origin \"BSL\" and destination \"LFSB\" are the same airport"),
        (11, "unknown origin airport \"QQQ\" (looked up as an IATA code"),
        (12, "flight \"UA-12\" is not a valid flight designator"),
        (13, "does not exist in America/New_York"),
        (15, "is not after departure"),
        (16, "block time 24 h 0 min is over the 20-hour limit"),
        (17, "expected 8 fields (one per header column) but found 4"),
        (18, "expected 8 fields (one per header column) but found 9"),
        (19, "the required origin value is empty"),
        (20, "departure \"2026-02-30 10:00\" is not a valid time: February 2026 has no day 30"),
        (23, "the row is not valid UTF-8"),
        (25, "duplicate of line 21: same flight DL8 from ATL"),
        (26, "duplicate of line 21: same flight DL8 from ATL"),
        (27, "malformed quoting: the quoted field opened on line 27 is never closed"),
        (28, "not read as a row: the quoted field opened on line 27 is never closed"),
        (29, "not read as a row: the quoted field opened on line 27 is never closed"),
    ]

    @Test("The messy fixture splits into known flights, rejects and warnings")
    func messyFixture() throws {
        let schedule = try Fixture.reader.read(url: Self.messy)
        // Line 27 opens a quote that is never closed: it and every line after it are rejected.
        #expect(schedule.flights.map(\.line) == [2, 3, 5, 6, 7, 14, 21])
        #expect(schedule.flights.map(\.number) == ["UA1545", "UA1546", "BA117", "BA118", "QF1", "AA101", "DL8"])
        #expect(schedule.rejects.map(\.line) == Self.messyRejects.map(\.line))
        for (rejected, expected) in zip(schedule.rejects, Self.messyRejects) {
            #expect(rejected.reason.contains(expected.reason), "line \(rejected.line): \(rejected.reason)")
        }
        #expect(schedule.dataRows == 24)
        #expect(schedule.warnings.map(\.line) == [1, 14, nil])
        #expect(schedule.warnings.first?.message == "ignored column fleetwx does not use: \"Gate\"")
        #expect(schedule.warnings.last?.message == "3 blank rows were skipped")
    }

    @Test("Accepted rows of the messy fixture carry the right values")
    func messyValues() throws {
        let schedule = try Fixture.reader.read(url: Self.messy)
        let byLine = Dictionary(uniqueKeysWithValues: schedule.flights.map { ($0.line, $0) })
        let first = try #require(byLine[2])
        #expect(first.aircraft == "B789")
        #expect(first.tail == "N12345")
        let local = try #require(byLine[3])
        #expect(local.origin.icao == "KSFO")
        #expect(local.departure == Fixture.utc("2026-12-01T16:00:00Z"))
        #expect(local.arrival == Fixture.utc("2026-12-01T21:30:00Z"))
        #expect(local.tail == nil)
        let quoted = try #require(byLine[6])
        #expect(quoted.tail == "G-STBB")
        #expect(quoted.route == "JFK-LHR")
        let multiLine = try #require(byLine[21])
        #expect(multiLine.destination.icao == "KLAX")
        let utf8Reject = try #require(schedule.rejects.first { $0.line == 23 })
        #expect(utf8Reject.raw.hasPrefix("DL7,ATL,LAX,2026-12-01T15:00Z,2026-12-01T20:00Z,,,Caf"))
        let multiLineRaw = "DL8,atl,klax,2026-12-01T16:00Z,2026-12-01T21:00Z,\"B739\",,\"multi\nline gate\""
        #expect(schedule.rejects.first { $0.line == 25 }?.raw == "DL8,ATL,LAX,2026-12-01T16:00Z,2026-12-01T21:00Z,,,")
        #expect(!schedule.rejects.contains { $0.raw == multiLineRaw })
    }

    @Test("Every data row lands in exactly one of flights and rejects")
    func nothingIsLost() throws {
        let schedule = try Fixture.reader.read(url: Self.messy)
        // An independent count of the data records, straight from the CSV reader.
        var reader = CSVReader(source: try FileByteSource(url: Self.messy))
        var dataLines: [Int] = []
        _ = try reader.next()
        while let record = try reader.next() {
            let blank =
                record.problem == nil && record.fields.allSatisfy { $0.trimmingCharacters(in: .whitespaces).isEmpty }
            if !blank { dataLines.append(record.line) }
        }
        let accepted = Set(schedule.flights.map(\.line))
        let rejected = Set(schedule.rejects.map(\.line))
        #expect(accepted.isDisjoint(with: rejected))
        #expect(accepted.union(rejected) == Set(dataLines))
        #expect(schedule.dataRows == dataLines.count)
    }

    @Test("A schedule written to disk is read through read(url:)")
    func readFromDisk() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let rows = (0..<50).map { index in
            let hour = String(format: "%02d", index % 24)
            return "UA\(index + 1),EWR,SFO,2026-12-01 \(hour):00,2026-12-01 \(hour):59"
        }
        let url = try directory.write(([Fixture.header] + rows).joined(separator: "\r\n"), to: "nightly/schedule.csv")
        let schedule = try Fixture.reader.read(url: url)
        #expect(schedule.flights.count == 50)
        #expect(schedule.rejects == [])
        #expect(schedule.flights.last?.line == 51)
        // The last row leaves Newark at 01:00 (UTC-5) and reaches San Francisco at 01:59 (UTC-8).
        #expect(schedule.flights.last?.departure == Fixture.utc("2026-12-01T06:00:00Z"))
        #expect(schedule.flights.last?.arrival == Fixture.utc("2026-12-01T09:59:00Z"))
    }

    @Test(
        "Files shorter than a byte-order mark read as empty, not as I/O errors", arguments: ["\n", "\r\n", "x", "ab"])
    func tinyFiles(text: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = try directory.write(text, to: "tiny.csv")
        let error = #expect(throws: ScheduleError.self) { try Fixture.reader.read(url: url) }
        if text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            #expect(error == .empty(path: url.path))
        } else {
            #expect(error == .missingColumns(path: url.path, columns: ScheduleColumn.required, header: [text]))
        }
    }

    @Test("10,000 rows are all read (speed is benchmarked, not tested)")
    func tenThousandRows() throws {
        let codes = ["JFK", "LHR", "SYD", "SIN", "DXB", "CDG", "NRT", "SFO", "ORD", "DEL"]
        var lines = [Fixture.header]
        for index in 0..<10_000 {
            let origin = codes[index % codes.count]
            let destination = codes[(index + 3) % codes.count]
            let day = 1 + index % 28
            let hour = index % 24
            let time = String(format: "2026-12-%02d %02d:%02d", day, hour, index % 60)
            let arrival =
                index.isMultiple(of: 2)
                ? String(format: "2026-12-%02dT%02d:%02dZ", day + 1, hour, index % 60)
                : String(format: "2026-12-%02dT%02d:%02d+14:00", day + 1, hour, index % 60)
            lines.append("XX\(index),\(origin),\(destination),\(time),\(arrival)")
        }
        let text = lines.joined(separator: "\n")
        // Speed is measured by scripts/bench_pipeline.py, not here.
        let schedule = try Fixture.reader.read(text: text)
        #expect(schedule.dataRows == 10_000)
    }
}
