import FleetAirports
import FleetCSV
import FleetSchedule
import FleetTestSupport
import Foundation
import Testing

/// Issue 15: the shapes SSIM files come in (line ends, no line ends, blocks of records on a
/// line, a byte order mark, a DOS end-of-file mark) and damage that must stay local.
@Suite("SSIM file shapes")
struct SSIMFileShapeTests {
    private typealias S = SSIMText

    /// Three different flights, so none is a duplicate of another.
    static let legs = (1...3).map { number in
        S.leg(
            "XX", String(number), from: "01DEC26", to: "31DEC26", days: "1234567", origin: "LHR", std: "1000",
            stdVariation: "+0000", destination: "JFK", sta: "1300", staVariation: "-0500")
    }

    private static func read(_ text: String, sink: RejectCollector? = nil, chunk: Int = 64 * 1024) throws -> Schedule {
        try S.reader(from: "2026-12-01", days: 1).read(
            source: MemoryByteSource(Array(text.utf8), chunkSize: chunk), path: "(bytes)", sink: sink)
    }

    private static func numbers(_ schedule: Schedule) -> [String] { schedule.flights.map(\.number) }

    @Test("records run together with line ends of every kind between some of them, read in small chunks")
    func unbrokenWithStrayLineEnds() throws {
        let records = S.season(Self.legs).split(separator: "\n").map(String.init)
        let separators = ["", "\n", "\r\n", "\n\n\n", "\r\n\r\n", "", "\r"]
        var text = ""
        for (index, record) in records.enumerated() { text += record + separators[index % separators.count] }
        for chunk in [1, 7, 199, 200, 201, 4096] {
            let schedule = try Self.read(text, chunk: chunk)
            #expect(Self.numbers(schedule) == ["XX1", "XX2", "XX3"], "chunk \(chunk)")
            #expect(schedule.warnings.isEmpty, "chunk \(chunk): \(schedule.warnings)")
        }
    }

    @Test(
        "five records to a line with CRLF, one record a byte short: it alone is rejected, the rest stay aligned",
        arguments: [5, 7, 9])
    func blockedLinesWithADamagedRecord(damaged: Int) throws {
        let more = (4...6).map { S.replacing(Self.legs[0], 6...9, with: "   \($0)") }
        var records = S.season(Self.legs + more).split(separator: "\n").map(String.init)
        // A leg at the start, in the middle or at the end of its line loses a byte.
        records[damaged] = String(records[damaged].prefix(120) + records[damaged].dropFirst(121))
        let lines = stride(from: 0, to: records.count, by: 5).map { records[$0..<min($0 + 5, records.count)].joined() }
        let sink = RejectCollector()
        let schedule = try Self.read(lines.joined(separator: "\r\n") + "\r\n", sink: sink, chunk: 333)
        #expect(sink.rows.count == 1)
        #expect(sink.rows.first?.reason.hasPrefix("the record is 199 bytes long") == true)
        #expect(schedule.ssim?.legRecords == 6 && schedule.ssim?.rejectedLegs == 1)
        #expect(schedule.flights.count == 5, "\(Self.numbers(schedule))")
        #expect(schedule.warnings.isEmpty, "\(schedule.warnings)")
    }

    @Test("a header line with a trailing space, a byte order mark and a blank first line still read as SSIM")
    func looseStarts() throws {
        let text = S.season(Self.legs)
        let trailing = text.replacingOccurrences(of: "001\n", with: "001 \n")
        let spaced = text.split(separator: "\n", maxSplits: 1).map(String.init)
        let withSpace = spaced[0] + " \n" + spaced[1]
        for variant in ["\u{FEFF}" + text, "\n   \n" + text, withSpace, trailing] {
            #expect(ScheduleFormat.detect(Array(variant.utf8)) == .ssim)
            let reader = ScheduleReader(airports: TestAirports.bundled)
            var windowed = reader
            windowed.window = SSIMWindow(firstDay: SSIMWindow.day(parsing: "2026-12-01") ?? 0, days: 1)
            #expect(Self.numbers(try windowed.read(text: variant)) == ["XX1", "XX2", "XX3"])
        }
    }

    @Test("CR-only line ends and a DOS end-of-file mark after the trailer")
    func oldLineEnds() throws {
        let text = S.season(Self.legs)
        #expect(
            Self.numbers(try Self.read(text.replacingOccurrences(of: "\n", with: "\r"), chunk: 201)) == [
                "XX1", "XX2", "XX3",
            ])
        #expect(Self.numbers(try Self.read(text + "\u{1A}")) == ["XX1", "XX2", "XX3"])
    }

    @Test("a record split over two lines is rejected in two pieces, without a serial number warning")
    func splitRecord() throws {
        var lines = S.season(Self.legs).split(separator: "\n").map(String.init)
        let second = lines[5]
        lines[5] = String(second.prefix(120))
        lines.insert(String(second.dropFirst(120)), at: 6)
        let sink = RejectCollector()
        let schedule = try Self.read(lines.joined(separator: "\n") + "\n", sink: sink)
        #expect(sink.rows.map(\.line) == [6, 7])
        #expect(Self.numbers(schedule) == ["XX1", "XX3"])
        #expect(schedule.warnings.isEmpty, "\(schedule.warnings)")
    }

    @Test("a stray record of an unknown type is rejected without upsetting the serial numbers")
    func strayRecord() throws {
        var lines = S.season(Self.legs).split(separator: "\n").map(String.init)
        lines.insert(S.replacing(String(repeating: "9", count: 200), 195...200, with: "000123"), at: 5)
        let sink = RejectCollector()
        let schedule = try Self.read(lines.joined(separator: "\n") + "\n", sink: sink)
        #expect(sink.rows.count == 1)
        #expect(sink.rows.first?.reason.hasPrefix("record type \"9\" (position 1) is not one SSIM defines") == true)
        #expect(schedule.warnings.isEmpty, "\(schedule.warnings)")
        #expect(Self.numbers(schedule) == ["XX1", "XX2", "XX3"])
    }

    @Test("a blank flight number is no flight; warnings about records are bounded like row warnings")
    func blankNumberAndBoundedWarnings() throws {
        let sink = RejectCollector()
        let blank = S.replacing(Self.legs[0], 6...9, with: "    ")
        _ = try Self.read(S.season([blank]), sink: sink)
        #expect(sink.rows.first?.reason.hasPrefix("flight \"XX\" (airline positions 3–5") == true)
        let damaged = S.replacing(S.record("4", [3...5: "XX"]), 100...100, with: "\t")
        let schedule = try Self.read(S.season(Self.legs + Array(repeating: damaged, count: 1_500)))
        #expect(schedule.warnings.count == Schedule.keptWarnings + 1)
        #expect(schedule.warnings.last?.message.hasPrefix("500 more row warning(s)") == true)
    }

    @Test("in UTC mode a variation against the zone is reported as not changing the instants")
    func utcVariationWording() throws {
        let leg = S.leg(
            "XX", "5", from: "01DEC26", to: "31DEC26", days: "1234567", origin: "CDG", std: "1000",
            stdVariation: "+0500", destination: "LHR", sta: "1100", staVariation: "+0000")
        let schedule = try S.reader(from: "2026-12-01", days: 1).read(text: S.season([leg], mode: "U"))
        #expect(schedule.flights.count == 1)
        #expect(
            schedule.warnings.first?.message.hasSuffix(
                "the carrier files UTC times (time mode U), so the instants do not depend on it (its dated flight "
                    + "in the window)") == true, "\(schedule.warnings)")
    }
}
