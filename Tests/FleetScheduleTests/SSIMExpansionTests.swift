import FleetAirports
import FleetCSV
import FleetSchedule
import FleetTestSupport
import Foundation
import Testing

/// Issue 15: SSIM legs expanded to the dated flights of a window, with UTC instants right.
@Suite("SSIM expansion")
struct SSIMExpansionTests {
    private typealias S = SSIMText

    private static func read(_ text: String, from: String, days: Int = 2) throws -> Schedule {
        try S.reader(from: from, days: days).read(text: text)
    }

    private static func utc(_ date: Date) -> String {
        ISO8601DateFormatter().string(from: date)
    }

    private static func instants(_ schedule: Schedule) -> [String] {
        schedule.flights.map { flight in
            "\(flight.number) \(flight.origin.code)-\(flight.destination.code) "
                + "\(Self.utc(flight.departure))→\(Self.utc(flight.arrival))"
        }
    }

    @Test("local mode: the file's variations are taken off local times; one flight per date in the window")
    func localMode() throws {
        let leg = S.leg(
            "XX", "1", from: "01DEC26", to: "31DEC26", days: "1234567", origin: "LHR", std: "1000",
            stdVariation: "+0000", destination: "JFK", sta: "1300", staVariation: "-0500")
        let schedule = try Self.read(S.season([leg]), from: "2026-12-01")
        #expect(
            Self.instants(schedule) == [
                "XX1 LHR-JFK 2026-12-01T10:00:00Z→2026-12-01T18:00:00Z",
                "XX1 LHR-JFK 2026-12-02T10:00:00Z→2026-12-02T18:00:00Z",
            ])
        #expect(schedule.format == .ssim)
        let ssim = try #require(schedule.ssim)
        #expect(ssim.legRecords == 1 && ssim.expandedLegs == 1 && ssim.datedFlights == 2 && ssim.timeModes == ["local"])
        #expect(schedule.flights.allSatisfy { $0.line == 5 && $0.aircraft == "738" && $0.tail == nil })
    }

    @Test("UTC mode: times are UTC whatever the variations say")
    func utcMode() throws {
        let leg = S.leg(
            "XX", "1", from: "01DEC26", to: "31DEC26", days: "1234567", origin: "LHR", std: "1000",
            stdVariation: "+0000", destination: "JFK", sta: "1800", staVariation: "-0500")
        let schedule = try Self.read(S.season([leg], mode: "U"), from: "2026-12-01", days: 1)
        #expect(Self.instants(schedule) == ["XX1 LHR-JFK 2026-12-01T10:00:00Z→2026-12-01T18:00:00Z"])
        #expect(schedule.ssim?.timeModes == ["utc"])
    }

    @Test("every second week counts from the Monday of the period's first week, on each day of operation")
    func fortnightly() throws {
        let leg = S.leg(
            "XX", "2", from: "02DEC26", to: "31JAN27", days: "1 3    ", origin: "ZRH", std: "1200",
            stdVariation: "+0100", destination: "LHR", sta: "1330", staVariation: "+0000", frequency: "2")
        let schedule = try Self.read(S.season([leg], mode: "U"), from: "2026-11-30", days: 35)
        #expect(
            schedule.flights.map { String(Self.utc($0.departure).prefix(10)) } == [
                "2026-12-02", "2026-12-14", "2026-12-16", "2026-12-28", "2026-12-30",
            ])
    }

    @Test("date variations move a later leg of a multi-leg flight to the next day; the window takes legs by departure")
    func multiLegDateVariations() throws {
        let first = S.leg(
            "XX", "7", from: "01DEC26", to: "01DEC26", days: " 2     ", origin: "SIN", std: "2300",
            stdVariation: "+0800", destination: "DXB", sta: "0230", staVariation: "+0400", dateVariations: "01")
        let second = S.leg(
            "XX", "7", from: "01DEC26", to: "01DEC26", days: " 2     ", origin: "DXB", std: "0400",
            stdVariation: "+0400", destination: "LHR", sta: "0800", staVariation: "+0000", sequence: "02",
            dateVariations: "11")
        let text = S.season([first, second])
        #expect(
            Self.instants(try Self.read(text, from: "2026-12-01")) == [
                "XX7 SIN-DXB 2026-12-01T15:00:00Z→2026-12-01T22:30:00Z",
                "XX7 DXB-LHR 2026-12-02T00:00:00Z→2026-12-02T08:00:00Z",
            ])
        // The window's end is exclusive and its start inclusive.
        #expect(Self.instants(try Self.read(text, from: "2026-12-01", days: 1)).count == 1)
        #expect(
            Self.instants(try Self.read(text, from: "2026-12-02", days: 1)) == [
                "XX7 DXB-LHR 2026-12-02T00:00:00Z→2026-12-02T08:00:00Z"
            ])
    }

    @Test("date variation A departs the day before the flight's date")
    func dayBefore() throws {
        let leg = S.leg(
            "XX", "8", from: "02DEC26", to: "02DEC26", days: "  3    ", origin: "JFK", std: "2300",
            stdVariation: "-0500", destination: "BOS", sta: "0100", staVariation: "-0500", dateVariations: "A0")
        let schedule = try Self.read(S.season([leg], mode: "U"), from: "2026-12-01", days: 1)
        #expect(Self.instants(schedule) == ["XX8 JFK-BOS 2026-12-01T23:00:00Z→2026-12-02T01:00:00Z"])
    }

    @Test("00XXX00 leaves the period open; a leg with no date in the window is counted, not rejected")
    func openEndAndOutside() throws {
        let open = S.leg(
            "XX", "9", from: "01NOV26", to: "00XXX00", days: "1234567", origin: "CDG", std: "0900",
            stdVariation: "+0200", destination: "FRA", sta: "1000", staVariation: "+0200")
        let past = S.leg(
            "XX", "10", from: "01NOV26", to: "30NOV26", days: "1234567", origin: "CDG", std: "0900",
            stdVariation: "+0100", destination: "FRA", sta: "1000", staVariation: "+0100")
        let schedule = try Self.read(S.season([open, past]), from: "2027-06-01", days: 1)
        #expect(Self.instants(schedule) == ["XX9 CDG-FRA 2027-06-01T07:00:00Z→2027-06-01T08:00:00Z"])
        #expect(schedule.rejectedCount == 0)
        #expect(schedule.ssim?.legsOutsideWindow == 1)
        #expect(schedule.ssim?.expandedLegs == 2)
    }

    @Test("leading zeros leave the flight number; the operational suffix follows it")
    func designator() throws {
        let leg = S.leg(
            "XX", "0012", from: "01DEC26", to: "01DEC26", days: " 2     ", origin: "ORD", std: "0800",
            stdVariation: "-0600", destination: "JFK", sta: "1100", staVariation: "-0500", suffix: "A")
        #expect(try Self.read(S.season([leg]), from: "2026-12-01").flights.map(\.number) == ["XX12A"])
    }

    @Test("the same dated flight from two itinerary variations is kept once; the other is a duplicate reject")
    func duplicates() throws {
        let one = S.leg(
            "XX", "1", from: "01DEC26", to: "10DEC26", days: "1234567", origin: "LHR", std: "1000",
            stdVariation: "+0000", destination: "JFK", sta: "1300", staVariation: "-0500")
        let two = S.leg(
            "XX", "1", from: "05DEC26", to: "31DEC26", days: "1234567", origin: "LHR", std: "1000",
            stdVariation: "+0000", destination: "JFK", sta: "1300", staVariation: "-0500", variation: "02")
        let sink = RejectCollector()
        let schedule = try S.reader(from: "2026-12-04", days: 3).read(text: S.season([one, two]), sink: sink)
        #expect(schedule.flights.count == 3)
        #expect(sink.rows.count == 2)
        #expect(sink.rows.allSatisfy { $0.line == 6 && $0.reason.hasPrefix("duplicate of line 5: same flight XX1") })
        #expect(sink.rows.first?.raw.hasPrefix("3 XX    10201J05DEC26") == true)
        #expect(sink.rows.first?.raw.count == 200)
        #expect(schedule.ssim?.duplicates == 2)
        #expect(schedule.ssim?.datedFlights == 5)
    }

    @Test("a variation that disagrees with the zone after a DST change warns and keeps the file's")
    func variationAgainstZone() throws {
        let leg = S.leg(
            "XX", "3", from: "20MAR27", to: "05APR27", days: "1234567", origin: "LHR", std: "0800",
            stdVariation: "+0000", destination: "CDG", sta: "1020", staVariation: "+0100")
        let schedule = try Self.read(S.season([leg]), from: "2027-03-27", days: 3)
        #expect(
            schedule.flights.map { Self.utc($0.departure) } == [
                "2027-03-27T08:00:00Z", "2027-03-28T08:00:00Z", "2027-03-29T08:00:00Z",
            ])
        let messages = schedule.warnings.map(\.message)
        #expect(messages.count == 2)
        #expect(
            messages.first
                == "departure time variation +0000 (positions 48–52) disagrees with LHR's time zone Europe/London, "
                + "which is UTC+01:00 at 2027-03-28T09:00 local; the file's variation is used (2 of its 3 dated "
                + "flights in the window)")
        #expect(messages.last?.hasPrefix("arrival time variation +0100 (positions 66–70) disagrees with CDG") == true)
    }

    @Test("a file without line ends, CRLF line ends and one-byte chunks read the same")
    func layouts() throws {
        let leg = S.leg(
            "XX", "1", from: "01DEC26", to: "31DEC26", days: "1234567", origin: "LHR", std: "1000",
            stdVariation: "+0000", destination: "JFK", sta: "1300", staVariation: "-0500")
        let text = S.season([leg, S.replacing(leg, 6...9, with: "   2")])
        let expected = Self.instants(try Self.read(text, from: "2026-12-01"))
        #expect(expected.count == 4)
        let unbroken = text.replacingOccurrences(of: "\n", with: "")
        #expect(Self.instants(try Self.read(unbroken, from: "2026-12-01")) == expected)
        let crlf = text.replacingOccurrences(of: "\n", with: "\r\n")
        #expect(Self.instants(try Self.read(crlf, from: "2026-12-01")) == expected)
        let chunked = try S.reader(from: "2026-12-01").read(
            source: MemoryByteSource(Array(text.utf8), chunkSize: 1), path: "(bytes)")
        #expect(Self.instants(chunked) == expected)
    }
}
