import FleetAirports
import FleetSchedule
import FleetTestSupport
import Foundation
import Testing

/// Shared helpers for the schedule reader tests.
enum Fixture {
    /// A reader over the real bundled airport directory.
    static let reader = ScheduleReader(airports: TestAirports.bundled)

    /// The canonical header used by most tests.
    static let header = "flight,origin,destination,departure,arrival"

    /// Reads a schedule made of the canonical header and the given rows (LF line ends).
    ///
    /// - Parameter rows: The data rows.
    /// - Returns: The schedule.
    /// - Throws: ``ScheduleError`` for fatal problems.
    static func read(_ rows: [String], header: String = header) throws -> Schedule {
        try reader.read(text: ([header] + rows).joined(separator: "\n") + "\n")
    }

    /// Reads a single data row and returns its rejection reason, or `nil` when accepted.
    ///
    /// - Parameter row: The data row.
    /// - Returns: The reason.
    /// - Throws: ``ScheduleError`` for fatal problems.
    static func reason(_ row: String) throws -> String? {
        let schedule = try read([row])
        #expect(schedule.dataRows == 1, "row must land in exactly one of flights and rejects")
        return schedule.rejects.first?.reason
    }

    /// Parses `2026-12-01T13:05:00Z` in tests.
    ///
    /// - Parameter text: An ISO 8601 UTC time.
    /// - Returns: The instant.
    static func utc(_ text: String) -> Date {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime]
        guard let date = formatter.date(from: text) else {
            Issue.record("bad test time \(text)")
            return .distantPast
        }
        return date
    }

    /// Formats an instant as `2026-12-01T13:05:00Z`.
    ///
    /// - Parameter date: The instant.
    /// - Returns: The text.
    static func utcText(_ date: Date) -> String {
        ISO8601DateFormatter().string(from: date)
    }

    /// The directory holding fixture files.
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Fixtures")
}
