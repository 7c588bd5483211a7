import Foundation
import Testing

@testable import FleetReports

/// The offsets ``Timestamp`` caches by zone and hour are Foundation's, also in the hours in
/// which a zone changes offset (where a cached hour would be wrong for part of it).
@Suite("Timestamp offset cache")
struct TimestampOffsetCacheTests {
    @Test(
        "every minute around the 2026 changes, and in zones that do not change",
        arguments: [
            ("America/New_York", "2026-03-08T05:00:00Z"),
            ("America/New_York", "2026-11-01T04:00:00Z"),
            ("Europe/London", "2026-03-29T00:00:00Z"),
            ("Australia/Lord_Howe", "2026-04-04T14:00:00Z"),
            ("Australia/Lord_Howe", "2026-10-03T14:00:00Z"),
            ("Asia/Kathmandu", "2026-12-01T00:00:00Z"),
            ("America/St_Johns", "2026-11-01T02:00:00Z"),
            ("Not/AZone", "2026-12-01T00:00:00Z"),
        ])
    func matchesFoundation(zone: String, around: String) throws {
        let center = try #require(ISO8601DateFormatter().date(from: around))
        let foundation = Timestamp.timeZone(zone)
        // Twice over: the first pass fills the cache, the second reads it.
        for _ in 0..<2 {
            for minute in stride(from: -180, through: 180, by: 1) {
                let date = center.addingTimeInterval(Double(minute) * 60 + 17)
                #expect(
                    Timestamp.secondsFromGMT(date, zone: zone) == foundation.secondsFromGMT(for: date),
                    "\(zone) at \(date)")
            }
        }
    }

    @Test("the local day is the day of the local text")
    func localDay() throws {
        let start = try #require(ISO8601DateFormatter().date(from: "2026-11-30T00:00:00Z"))
        for quarter in 0..<(4 * 72) {
            let date = start.addingTimeInterval(Double(quarter) * 900)
            for zone in ["UTC", "Asia/Kathmandu", "Pacific/Kiritimati", "America/Adak"] {
                let local = Timestamp.local(date, zone: zone)
                let days = Timestamp.localDay(date, zone: zone)
                let text = Date(timeIntervalSince1970: Double(days) * 86400)
                #expect(Timestamp.utc(text).prefix(10) == local.prefix(10), "\(zone) at \(date)")
            }
        }
    }
}
