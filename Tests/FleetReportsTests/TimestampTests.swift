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

    @Test("an unknown zone is UTC")
    func unknownZone() {
        #expect(Timestamp.timeZone("Not/AZone").secondsFromGMT() == 0)
        #expect(Timestamp.timeZone("Asia/Kathmandu").identifier == "Asia/Kathmandu")
    }
}
