import FleetReports
import FleetTestSupport
import Foundation
import Testing

private func date(_ text: String) -> Date { WeatherFixtures.date(text) }

@Suite("Timestamp")
struct TimestampTests {
    @Test(
        "UTC text",
        arguments: [
            ("2026-12-01T13:05:00Z", "2026-12-01T13:05:00Z"),
            ("2026-12-01T08:05:00-05:00", "2026-12-01T13:05:00Z"),
            ("2024-02-29T23:59:59Z", "2024-02-29T23:59:59Z"),
            ("2028-02-29T00:00:00Z", "2028-02-29T00:00:00Z"),
            ("1999-12-31T23:59:59Z", "1999-12-31T23:59:59Z"),
            ("2000-01-01T00:00:00Z", "2000-01-01T00:00:00Z"),
            ("1970-01-01T00:00:00Z", "1970-01-01T00:00:00Z"),
            ("1969-12-31T23:59:59Z", "1969-12-31T23:59:59Z"),
            ("2100-03-01T00:00:00Z", "2100-03-01T00:00:00Z"),
            ("2026-12-01T13:05:00.999Z", "2026-12-01T13:05:00Z"),
        ])
    func utc(input: String, expected: String) {
        #expect(Timestamp.utc(date(input)) == expected)
    }

    @Test(
        "local text with the zone's offset on that date",
        arguments: [
            ("2026-12-01T13:05:00Z", "America/New_York", "2026-12-01T08:05:00-05:00"),
            ("2026-07-01T13:05:00Z", "America/New_York", "2026-07-01T09:05:00-04:00"),
            ("2026-12-01T13:05:00Z", "Australia/Sydney", "2026-12-02T00:05:00+11:00"),
            ("2026-07-01T13:05:00Z", "Australia/Sydney", "2026-07-01T23:05:00+10:00"),
            ("2026-12-01T13:05:00Z", "Asia/Kathmandu", "2026-12-01T18:50:00+05:45"),
            ("2026-12-01T13:05:00Z", "America/St_Johns", "2026-12-01T09:35:00-03:30"),
            ("2026-12-01T13:05:00Z", "Pacific/Kiritimati", "2026-12-02T03:05:00+14:00"),
            ("2026-12-01T13:05:00Z", "Pacific/Pago_Pago", "2026-12-01T02:05:00-11:00"),
            ("2026-12-01T13:05:00Z", "Europe/London", "2026-12-01T13:05:00+00:00"),
            ("2026-12-31T23:30:00Z", "Asia/Tokyo", "2027-01-01T08:30:00+09:00"),
            ("2027-01-01T02:00:00Z", "America/Los_Angeles", "2026-12-31T18:00:00-08:00"),
            ("2028-02-29T20:00:00Z", "Australia/Sydney", "2028-03-01T07:00:00+11:00"),
            ("2028-03-01T02:00:00Z", "America/Chicago", "2028-02-29T20:00:00-06:00"),
            ("2026-03-08T07:30:00Z", "America/New_York", "2026-03-08T03:30:00-04:00"),
            ("2026-03-08T06:30:00Z", "America/New_York", "2026-03-08T01:30:00-05:00"),
            ("2026-12-01T13:05:00Z", "Not/AZone", "2026-12-01T13:05:00+00:00"),
        ])
    func local(input: String, zone: String, expected: String) {
        #expect(Timestamp.local(date(input), zone: zone) == expected)
    }

    @Test("UTC text agrees with Foundation's ISO 8601 formatter across many instants")
    func agreesWithFoundation() {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        var seconds = -2_208_988_800.0  // 1900-01-01
        while seconds < 4_102_444_800 {  // 2100-01-01
            let instant = Date(timeIntervalSince1970: seconds)
            #expect(Timestamp.utc(instant) == formatter.string(from: instant))
            seconds += 86_400 * 97 + 3_607
        }
    }

    @Test("clock and day labels")
    func labels() {
        let instant = date("2026-12-01T13:05:00Z")
        #expect(Timestamp.utcClock(instant) == "13:05Z")
        #expect(Timestamp.localClock(instant, zone: "America/New_York") == "08:05")
        #expect(Timestamp.dayLabel(instant) == "Tue 1 Dec")
        #expect(Timestamp.dayLabel(instant, zone: "Australia/Sydney") == "Wed 2 Dec")
        #expect(Timestamp.dayLabel(date("1969-12-31T12:00:00Z")) == "Wed 31 Dec")
        #expect(Timestamp.dayLabel(date("2028-02-29T12:00:00Z")) == "Tue 29 Feb")
    }

    /// Extreme instants: the formatter clamps to years 0000–9999 rather than write text no
    /// reader can parse (year 0000 in a zone west of UTC once came out as `00-1-12-31T…`).
    static let extremes: [Double] = [
        -62_167_219_200,  // 0000-01-01T00:00:00Z
        -62_167_219_201, -62_167_219_200 - 86_400 * 400, -1e12, -1e300, 253_402_300_799,  // 9999-12-31T23:59:59Z
        253_402_300_800, 1e12, 1e300, Date.distantPast.timeIntervalSince1970, Date.distantFuture.timeIntervalSince1970,
        .nan, .infinity, -.infinity,
    ]

    @Test("no instant gives a malformed timestamp, in UTC or any zone", arguments: extremes)
    func wellFormed(seconds: Double) throws {
        let instant = Date(timeIntervalSince1970: seconds)
        let shape = try Regex(
            #"^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(Z|[+-]\d{2}:\d{2})$"#)
        let texts =
            [Timestamp.utc(instant)]
            + ["Asia/Kathmandu", "America/New_York", "Pacific/Kiritimati", "America/Adak"].map {
                Timestamp.local(instant, zone: $0)
            }
        for text in texts {
            #expect(text.wholeMatch(of: shape) != nil, "\(seconds): \(text)")
        }
        #expect(Timestamp.utcClock(instant).count == 6)
        #expect(!Timestamp.dayLabel(instant).isEmpty)
    }

    @Test("the ends of the formatted range")
    func ends() {
        #expect(Timestamp.utc(Date(timeIntervalSince1970: -62_167_219_200)) == "0000-01-01T00:00:00Z")
        #expect(Timestamp.utc(Date(timeIntervalSince1970: -1e12)) == "0000-01-01T00:00:00Z")
        #expect(Timestamp.utc(Date(timeIntervalSince1970: 253_402_300_799)) == "9999-12-31T23:59:59Z")
        #expect(Timestamp.utc(Date(timeIntervalSince1970: 1e300)) == "9999-12-31T23:59:59Z")
        #expect(
            Timestamp.local(Date(timeIntervalSince1970: -62_167_219_200), zone: "America/New_York").hasPrefix(
                "0000-01-01T00:00:00-"))
    }

    @Test("an unknown zone is UTC")
    func unknownZone() {
        #expect(Timestamp.timeZone("Not/AZone").secondsFromGMT() == 0)
        #expect(Timestamp.timeZone("Asia/Kathmandu").identifier == "Asia/Kathmandu")
    }

    @Test("an instant at an airport reads in UTC then local, naming the local day only when it differs")
    func utcAndLocal() {
        let time = WeatherFixtures.date("2026-12-01T23:30:00Z")
        #expect(Timestamp.utcAndLocal(time, zone: "Europe/London") == "Tue 1 Dec 23:30Z (23:30 local)")
        #expect(Timestamp.utcAndLocal(time, zone: "Australia/Sydney") == "Tue 1 Dec 23:30Z (Wed 2 Dec 10:30 local)")
        #expect(Timestamp.utcAndLocal(time, zone: "Asia/Kathmandu") == "Tue 1 Dec 23:30Z (Wed 2 Dec 05:15 local)")
    }

    @Test("ages count in minutes under an hour, then hours, before or after the run's time")
    func ages() {
        #expect(Timestamp.age(20 * 60) == "20 min before this run")
        #expect(Timestamp.age(3600) == "1 h before this run")
        #expect(Timestamp.age(28 * 3600 + 600) == "28 h before this run")
        #expect(Timestamp.age(-2 * 3600) == "2 h after this run's time")
    }
}
