public import Foundation

/// Whole-hour and whole-day arithmetic on UTC instants.
public enum TimeMath {
    /// The start of the UTC hour containing an instant.
    ///
    /// - Parameter date: An instant.
    /// - Returns: The hour's start.
    public static func floorHour(_ date: Date) -> Date {
        let seconds = date.timeIntervalSince1970
        return Date(timeIntervalSince1970: (seconds / 3600).rounded(.down) * 3600)
    }

    /// The start of the UTC day containing an instant.
    ///
    /// - Parameter date: An instant.
    /// - Returns: The day's start.
    public static func floorDay(_ date: Date) -> Date {
        let seconds = date.timeIntervalSince1970
        return Date(timeIntervalSince1970: (seconds / 86_400).rounded(.down) * 86_400)
    }
}
