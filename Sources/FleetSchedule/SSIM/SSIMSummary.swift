/// What reading an SSIM season gave: its records by kind and the dated flights of the window
/// (`run.json`'s `schedule_format`, and the plan's summary).
public struct SSIMSummary: Sendable, Equatable {
    /// The dates expanded to.
    public var window: SSIMWindow
    /// Carrier records (type 2).
    public var carriers = 0
    /// The time modes of those carriers, `utc` and `local`, in the order first met.
    public var timeModes: [String] = []
    /// Flight leg records (type 3) in all.
    public var legRecords = 0
    /// Leg records read and expanded (to any number of dates, zero included).
    public var expandedLegs = 0
    /// Of those, legs with no date in the window.
    public var legsOutsideWindow = 0
    /// Leg records rejected (each is in `rejects.csv`).
    public var rejectedLegs = 0
    /// Dated flights the legs gave in the window, before duplicates and the past screen.
    public var datedFlights = 0
    /// Dated flights another record had already given (each is in `rejects.csv`).
    public var duplicates = 0
    /// Segment data records (type 4): read, not used.
    public var segmentRecords = 0
    /// Places where the record serial numbers do not follow on (records missing or reordered).
    public var serialBreaks = 0

    /// Starts a summary for a window.
    public init(window: SSIMWindow) {
        self.window = window
    }
}

/// The formats fleetwx reads schedules in.
public enum ScheduleFormat: String, Sendable, CaseIterable {
    /// The CSV of docs/contract.md §3.
    case csv
    /// IATA SSIM Chapter 7 (docs/ssim.md).
    case ssim

    /// What a file's first bytes say it is: SSIM when its first line is a 200-byte record of
    /// type 1 to 5 or padding (so a season missing its header still reads as SSIM, and says so),
    /// or runs on past 200 bytes as an unbroken file of records does; CSV otherwise.
    ///
    /// - Parameter head: The first bytes of the file (at least 202 when it has them).
    /// - Returns: The format.
    public static func detect(_ head: some Collection<UInt8>) -> ScheduleFormat {
        let bytes = Array(head.prefix(SSIMLayout.recordLength + 2))
        let lineEnd = bytes.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) ?? bytes.count
        guard let first = bytes.first, (UInt8(ascii: "0")...UInt8(ascii: "5")).contains(first) else { return .csv }
        let title = Array(SSIMLayout.headerTitleText.utf8)
        if first == UInt8(ascii: "1"), bytes.dropFirst().starts(with: title) { return .ssim }
        return lineEnd == SSIMLayout.recordLength && !bytes[..<lineEnd].contains(UInt8(ascii: ",")) ? .ssim : .csv
    }
}
