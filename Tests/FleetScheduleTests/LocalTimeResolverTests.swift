import Foundation
import Testing

@testable import FleetSchedule

@Suite("Local time resolution")
struct LocalTimeResolverTests {
    /// Zones with DST in either hemisphere, half-hour DST (Lord Howe), odd offsets (Chatham,
    /// St John's, Kathmandu) and none at all (Kolkata).
    static let zones = [
        "America/New_York", "Europe/London", "Australia/Sydney", "Australia/Lord_Howe", "Pacific/Chatham",
        "America/St_Johns", "Asia/Kathmandu", "Asia/Kolkata", "America/Santiago",
    ]

    @Test("Every instant of 2026, shown on a local clock, resolves back to itself", arguments: zones)
    func roundTrip(identifier: String) throws {
        let zone = try #require(TimeZone(identifier: identifier))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        var resolver = LocalTimeResolver()
        let start = Fixture.utc("2026-01-01T00:00:00Z").timeIntervalSince1970
        var ambiguous = 0
        for step in 0..<(365 * 48) {
            let instant = start + Double(step) * 1800
            let parts = calendar.dateComponents(
                [.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: instant))
            let wall = WallClock(
                year: parts.year ?? 0, month: parts.month ?? 0, day: parts.day ?? 0, hour: parts.hour ?? 0,
                minute: parts.minute ?? 0, second: parts.second ?? 0, fraction: 0)
            switch resolver.resolve(wall, zone: identifier) {
            case .instant(let seconds):
                #expect(seconds == instant, "\(wall)")
            case .ambiguous(let earlier, let later, _):
                ambiguous += 1
                #expect(earlier < later)
                #expect(earlier == instant || later == instant, "\(wall)")
            case .gap, .unknownZone:
                Issue.record("\(wall) in \(identifier) should exist")
            }
        }
        let observesDST = zone.nextDaylightSavingTimeTransition(after: Date(timeIntervalSince1970: start)) != nil
        #expect((ambiguous > 0) == observesDST)
    }

    @Test(
        "Gaps and overlaps are found where the clocks change",
        arguments: [
            ("America/New_York", "2026-03-08 02:30", "gap"), ("America/New_York", "2026-11-01 01:30", "overlap"),
            ("Europe/London", "2026-03-29 01:30", "gap"), ("Europe/London", "2026-10-25 01:30", "overlap"),
            ("Australia/Sydney", "2026-10-04 02:30", "gap"), ("Australia/Sydney", "2026-04-05 02:30", "overlap"),
            ("Australia/Lord_Howe", "2026-10-04 02:15", "gap"), ("Asia/Kolkata", "2026-03-08 02:30", "instant"),
        ])
    func transitions(identifier: String, text: String, kind: String) throws {
        guard case .success(.local(let wall)) = ScheduleTime.parse(text) else {
            Issue.record("\(text) should parse as a local time")
            return
        }
        var resolver = LocalTimeResolver()
        switch resolver.resolve(wall, zone: identifier) {
        case .gap: #expect(kind == "gap")
        case .ambiguous: #expect(kind == "overlap")
        case .instant: #expect(kind == "instant")
        case .unknownZone: Issue.record("zone \(identifier) unknown")
        }
    }

    @Test("Calendar arithmetic agrees with Foundation from 1900 to 2400")
    func civilDays() {
        let formatter = ISO8601DateFormatter()
        for year in stride(from: 1900, through: 2400, by: 7) {
            for (month, day) in [(1, 1), (2, 28), (3, 1), (12, 31)] {
                let text = String(format: "%04d-%02d-%02dT00:00:00Z", year, month, day)
                let days = CivilCalendar.daysSince1970(year: year, month: month, day: day)
                #expect(formatter.date(from: text)?.timeIntervalSince1970 == Double(days) * 86_400, "\(text)")
                #expect(CivilCalendar.utcText(secondsSince1970: Double(days) * 86_400) == text)
            }
        }
    }
}
