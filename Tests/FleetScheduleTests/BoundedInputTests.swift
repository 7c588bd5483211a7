import FleetCSV
import FleetSchedule
import FleetTestSupport
import Foundation
import Testing

/// Issue 9: rows over the limit, NUL and control characters, bounded echoes, invisible marks,
/// and rejected rows handed to a sink rather than kept.
@Suite("Bounded schedule input")
struct BoundedInputTests {
    static let good = "UA1,EWR,SFO,2026-12-01T13:05Z,2026-12-01T19:35Z"

    @Test("a row over the record limit is rejected with its length; the rows around it are kept")
    func rowOverLimit() throws {
        var reader = Fixture.reader
        reader.recordLimit = 200
        let long = "UA2,EWR,SFO,2026-12-02T13:05Z,2026-12-02T19:35Z,\(String(repeating: "N", count: 500))"
        let schedule = try reader.read(
            text:
                "flight,origin,destination,departure,arrival,tail\n\(Self.good),N1\n\(long)\n\(Self.good.replacingOccurrences(of: "UA1", with: "UA3")),N3\n"
        )
        #expect(schedule.flights.map(\.line) == [2, 4])
        let rejected = try #require(schedule.rejects.first)
        #expect(rejected.line == 3)
        #expect(
            rejected.reason
                == "cannot read the row: the row is over the 200 bytes limit (548 bytes); only its first 200 bytes "
                + "are kept here")
        #expect(rejected.raw == String(long.prefix(200)))
    }

    @Test(
        "a NUL byte in any field rejects the row, naming the column",
        arguments: [
            ("flight,origin,destination,departure,arrival,tail", "\(good),N1\u{0}2", "the tail value holds a NUL byte"),
            (
                "flight,origin,destination,departure,arrival,aircraft", "\(good),B7\u{0}8",
                "the aircraft value holds a NUL byte"
            ),
            (
                "flight,origin,destination,departure,arrival,notes", "\(good),a\u{0}",
                "the column 6 (\"notes\") value holds a NUL"
            ),
            (
                "flight,origin,destination,departure,arrival", "UA\u{0}1,EWR,SFO,2026-12-01T13:05Z,2026-12-01T19:35Z",
                "the flight value holds"
            ),
        ])
    func nulByte(header: String, row: String, reason: String) throws {
        let schedule = try Fixture.read([row], header: header)
        #expect(schedule.flights.isEmpty)
        let rejected = try #require(schedule.rejects.first)
        #expect(rejected.reason.contains(reason), "\(rejected.reason)")
        #expect(rejected.reason.contains("U+0000"))
    }

    @Test(
        "a control character in aircraft or tail rejects the row, shown visibly",
        arguments: ["\u{7}", "\u{1B}[2J", "\u{7F}", "\u{85}", "a\nb"])
    func controlCharacter(character: String) throws {
        let schedule = try Fixture.read(
            ["\(Self.good),\"N\(character)1\""], header: "flight,origin,destination,departure,arrival,tail")
        #expect(schedule.flights.isEmpty)
        let reason = try #require(schedule.rejects.first?.reason)
        #expect(reason.hasPrefix("tail \"N"), "\(reason)")
        #expect(reason.contains("\\"), "shown as an escape: \(reason)")
        #expect(!reason.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        #expect(reason.contains("holds a control character"))
    }

    @Test(
        "a rejected value shows every character the console escapes, the Arabic letter mark included",
        arguments: [("\u{61C}", "\\u{61c}"), ("\u{FEFF}", "\\u{feff}"), ("\u{202E}", "\\u{202e}"), ("\u{1B}", "\\x1b")])
    func rejectedValueEscapes(character: String, escape: String) throws {
        let reason = try #require(try Fixture.reason("UA1,E\(character)WR,SFO,2026-12-01T13:05Z,2026-12-01T19:35Z"))
        #expect(reason.hasPrefix("origin \"E\(escape)WR\""), "\(reason)")
        #expect(!reason.contains(character), "\(reason)")
    }

    @Test("a block just over 20 hours says its seconds")
    func blockSeconds() throws {
        let reason = try Fixture.reason("SQ21,EWR,SIN,2026-12-01T13:00:00Z,2026-12-02T09:00:01Z")
        #expect(reason?.hasPrefix("block time 20 h 0 min 1 s is over the 20-hour limit") == true, "\(reason ?? "")")
    }

    @Test("a long value is cut in its reason, with its size")
    func longValueCut() throws {
        let value = String(repeating: "X", count: 5_000)
        let reason = try #require(try Fixture.reason("\(value),EWR,SFO,2026-12-01T13:05Z,2026-12-01T19:35Z"))
        #expect(reason.hasPrefix("flight \"\(String(repeating: "X", count: 80))…\" (5,000 bytes) is not a valid"))
        #expect(reason.utf8.count < 400)
    }

    @Test("a byte order mark inside the header is removed, with a note", arguments: [0, 1])
    func headerByteOrderMark(position: Int) throws {
        var names = ["flight", "origin", "destination", "departure", "arrival"]
        // The reader skips the file's own mark: a second one (a file saved twice) stays in the cell.
        names[position] = (position == 0 ? "\u{FEFF}\u{FEFF}" : "\u{FEFF}") + names[position]
        let schedule = try Fixture.read([Self.good], header: names.joined(separator: ","))
        #expect(schedule.flights.count == 1)
        let note = try #require(schedule.warnings.first)
        #expect(note.message.hasPrefix("header cell \(position + 1) starts with an invisible byte order mark (U+FEFF)"))
        #expect(!note.message.contains("\u{FEFF}"))
    }

    @Test("a missing column message shows invisible characters and bounds long names")
    func missingColumnBounded() throws {
        let long = String(repeating: "n", count: 10_000)
        do {
            _ = try Fixture.reader.read(text: "fl\u{200B}ight,\(long),origin,destination,departure,arrival\n")
            Issue.record("read")
        } catch {
            let text = error.description
            #expect(text.contains("\"fl\\u{200b}ight\""), "\(text.prefix(300))")
            #expect(text.contains("…\" (10,000 bytes)"))
            #expect(text.utf8.count < 1_000)
        }
    }

    @Test("the ignored-columns warning names ten and counts the rest, each name bounded")
    func ignoredBounded() throws {
        let extra = (1...30).map { "c\($0)" } + [String(repeating: "z", count: 3_000)]
        let header = Fixture.header + "," + extra.joined(separator: ",")
        let schedule = try Fixture.read([Self.good + String(repeating: ",", count: extra.count)], header: header)
        let warning = try #require(schedule.warnings.first?.message)
        #expect(warning.hasSuffix("\"c10\" and 21 more"), "\(warning)")
    }

    @Test("every rejected row goes to the sink; the schedule keeps the first 50 and counts them all")
    func sink() throws {
        let rows = [Self.good] + Array(repeating: Self.good, count: 120)
        let collector = RejectCollector()
        let schedule = try Fixture.reader.read(
            text: ([Fixture.header] + rows).joined(separator: "\n") + "\n", sink: collector)
        #expect(collector.rows.count == 120)
        #expect(collector.rows.map(\.line) == Array(3...122))
        #expect(schedule.rejects == Array(collector.rows.prefix(50)))
        #expect(schedule.rejectedCount == 120)
        #expect(schedule.dataRows == 121)
    }

    @Test("row warnings are bounded: the first 1,000 and a count of the rest")
    func warningsBounded() throws {
        let rows = (0..<1_200).map { "UA\($0 + 1),JFK,LHR,2026-11-01 01:30,2026-11-01T14:00Z" }
        let schedule = try Fixture.read(rows)
        #expect(schedule.flights.count == 1_200)
        #expect(schedule.warnings.count == 1_001)
        #expect(
            schedule.warnings.last?.message
                == "200 more row warning(s) like those above are not listed (the first 1,000 are)")
    }
}
