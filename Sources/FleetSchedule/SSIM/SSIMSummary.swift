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
