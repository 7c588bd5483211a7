import FleetCSV
import FleetSchedule
import FleetTestSupport
import Foundation
import Testing

/// The reason a record of the wrong length is given, as the reader words it.
enum SSIMLengthReason {
    static func of(_ length: Int) -> String {
        "the record is \(length) bytes long; SSIM records are exactly 200 (a damaged line, or an export that "
            + "trimmed or joined records)"
    }
}

/// Issue 15: bad SSIM records rejected alone with their line, reason and raw text; a file
/// whose structure cannot be trusted refused as a whole.
@Suite("SSIM records")
struct SSIMRecordTests {
    private typealias S = SSIMText

    static let good = S.leg(
        "XX", "1", from: "01DEC26", to: "31DEC26", days: "1234567", origin: "LHR", std: "1000",
        stdVariation: "+0000", destination: "JFK", sta: "1300", staVariation: "-0500")

    /// Another good leg: flight 2.
    static let other = S.replacing(good, 6...9, with: "   2")

    /// The good leg with one field changed.
    static func bad(_ range: ClosedRange<Int>, _ text: String) -> String { S.replacing(good, range, with: text) }

    @Test(
        "each kind of bad leg is rejected alone, naming the field and its value",
        arguments: [
            (bad(15...21, "32DEC26"), "period of operation from \"32DEC26\" (positions 15–21) is not a date"),
            (bad(22...28, "31NOP26"), "period of operation to \"31NOP26\" (positions 22–28) is not a date"),
            (bad(15...28, "31DEC2601DEC26"), "the period of operation ends (01DEC26) before it starts (31DEC26)"),
            (bad(29...35, "2      "), "days of operation \"2      \" (positions 29–35) must hold each day"),
            (
                bad(15...35, "01DEC2601DEC261      "),
                "the period 01DEC26–01DEC26 holds no day of operation \"1      \": the days contradict the period"
            ),
            (bad(29...35, "7654321"), "days of operation \"7654321\" (positions 29–35) must hold each day"),
            (bad(36...36, "3"), "frequency rate \"3\" (position 36)"),
            (bad(55...57, "QQQ"), "unknown arrival station \"QQQ\" (no airport has this IATA code)"),
            (
                bad(37...39, "L1R"),
                "departure station \"L1R\" (positions 37–39) is not a three-letter IATA station code"
            ),
            (bad(55...57, "LHR"), "departure and arrival station are the same airport \"LHR\""),
            (bad(44...47, "2575"), "aircraft departure time \"2575\" (positions 44–47) is not a time"),
            (bad(48...52, "+1600"), "departure time variation \"+1600\" (positions 48–52) is not a UTC/local time"),
            (bad(66...70, "0500 "), "arrival time variation \"0500 \" (positions 66–70)"),
            (bad(194...194, "B"), "arrival date variation \"B\" (position 194) must be blank or 0"),
            (bad(58...61, "0400"), "the arrival is 1 h 0 min before the departure"),
            (bad(194...194, "1"), "block time 32 h 0 min is over the 20-hour limit"),
            (bad(6...9, "1234"), ""),
            (bad(6...9, "1X2 "), "flight \"XX1X2\" (airline positions 3–5, number 6–9, suffix 2) is not a flight"),
            (bad(60...60, "\u{7}"), "position 60 holds the byte 0x7, which is not printable ASCII"),
        ])
    func badLeg(record: String, reason: String) throws {
        let sink = RejectCollector()
        let schedule = try S.reader(from: "2026-12-01").read(
            text: S.season([Self.good, record, Self.other]), sink: sink)
        if reason.isEmpty {  // the control: a changed but valid number is still a flight
            #expect(sink.rows.isEmpty)
            return
        }
        #expect(schedule.flights.map(\.line) == [5, 5, 7, 7], "the records around the bad one are kept")
        let rejected = try #require(sink.rows.first)
        #expect(sink.rows.count == 1)
        #expect(rejected.line == 6)
        #expect(rejected.reason.contains(reason), "\(rejected.reason)")
        #expect(rejected.raw == S.replacing(record, 195...200, with: "000004"))
        #expect(schedule.ssim?.rejectedLegs == 1 && schedule.ssim?.legRecords == 3)
    }

    @Test("a record of the wrong length is rejected with its length; the serial numbers stay in step")
    func wrongLength() throws {
        let text = S.season([Self.good, Self.other, S.replacing(Self.good, 6...9, with: "   3")])
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines[5] = String(lines[5].prefix(150))
        let sink = RejectCollector()
        let schedule = try S.reader(from: "2026-12-01").read(text: lines.joined(separator: "\n"), sink: sink)
        #expect(sink.rows.map(\.line) == [6])
        #expect(sink.rows.first?.reason.hasPrefix("the record is 150 bytes long; SSIM records are exactly 200") == true)
        #expect(schedule.flights.count == 4)
        #expect(schedule.warnings.isEmpty, "\(schedule.warnings)")
    }

    @Test("a leg before any carrier record, or under an unreadable one, is rejected and says why")
    func carrierProblems() throws {
        let noCarrier = S.file([S.header, Self.good, S.trailer("XX")])
        let sink = RejectCollector()
        _ = try S.reader(from: "2026-12-01").read(text: noCarrier, sink: sink)
        #expect(sink.rows.first?.reason.hasPrefix("flight leg before any carrier record (type 2)") == true)

        let badMode = S.file([
            S.header, S.replacing(S.carrier("XX", mode: "L"), 2...2, with: "Q"), Self.good, S.trailer("XX"),
        ])
        let second = RejectCollector()
        let schedule = try S.reader(from: "2026-12-01").read(text: badMode, sink: second)
        #expect(
            second.rows.first?.reason
                == "its carrier record (line 2) cannot be read: time mode \"Q\" (position 2) is neither U (UTC) nor L (local)"
        )
        #expect(schedule.flights.isEmpty)
    }

    @Test("a gap in the serial numbers is a warning naming both numbers")
    func serialGap() throws {
        let text = S.season([Self.good, Self.other])
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines[5] = S.replacing(lines[5], 195...200, with: "000006")
        lines[6] = S.replacing(lines[6], 195...200, with: "000007")
        lines[6] = S.replacing(lines[6], 188...193, with: "000006")
        let schedule = try S.reader(from: "2026-12-01").read(text: lines.joined(separator: "\n"))
        #expect(schedule.ssim?.serialBreaks == 1)
        #expect(
            schedule.warnings.first?.description
                == "line 6: record serial number 000006 where 000004 was expected: records are missing or out of order")
        #expect(schedule.flights.count == 4)
    }

    @Test("no header, a failed trailer check or no trailer refuses the whole file")
    func fatal() throws {
        let reader = S.reader(from: "2026-12-01")
        let headerless = S.file([S.carrier("XX", mode: "L"), Self.good, S.trailer("XX")])
        #expect(
            throws: ScheduleError.ssimHeaderMissing(
                path: "(text)", line: 1, found: String(S.carrier("XX", mode: "L").prefix(40)))
        ) {
            try reader.read(text: headerless)
        }
        var lines = S.season([Self.good]).split(separator: "\n").map(String.init)
        lines[5] = S.replacing(lines[5], 188...193, with: "000004")
        #expect(
            throws: ScheduleError.ssimTrailerCheck(
                path: "(text)", line: 6, reference: "000004", previous: "serial number 000003")
        ) { try reader.read(text: lines.joined(separator: "\n")) }
        let cut = S.season([Self.good]).split(separator: "\n").dropLast().joined(separator: "\n")
        #expect(throws: ScheduleError.ssimTrailerMissing(path: "(text)", lastLine: 5)) { try reader.read(text: cut) }
        var short = S.season([Self.good]).split(separator: "\n").map(String.init)
        short[5] = String(short[5].prefix(190))
        #expect(throws: ScheduleError.ssimTrailerUnreadable(path: "(text)", line: 6, reason: SSIMLengthReason.of(190)))
        {
            try reader.read(text: short.joined(separator: "\n"))
        }
        let message = ScheduleError.ssimTrailerMissing(path: "s.ssim", lastLine: 5).description
        #expect(message.contains("without a trailer record (type 5)"))
    }

    @Test("the format is told from the first bytes; --format overrides it")
    func detection() throws {
        #expect(ScheduleFormat.detect(Array(S.season([Self.good]).utf8)) == .ssim)
        #expect(ScheduleFormat.detect(Array("flight,origin,destination,departure,arrival\n".utf8)) == .csv)
        #expect(ScheduleFormat.detect(Array(S.file([S.carrier("XX", mode: "U")]).utf8)) == .ssim)
        #expect(
            ScheduleFormat.detect(Array(S.season([Self.good]).replacingOccurrences(of: "\n", with: "").utf8)) == .ssim)
        #expect(ScheduleFormat.detect([UInt8]()) == .csv)
        var reader = S.reader(from: "2026-12-01")
        reader.format = .csv
        #expect(throws: ScheduleError.self) { try reader.read(text: S.season([Self.good])) }
    }
}
