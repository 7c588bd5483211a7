internal import FleetCSV
public import FleetSchedule

/// `rejects.csv`: `line,reason,raw` for every rejected row, header even when empty (written
/// row by row by ``RejectsFile``).
public enum RejectsCSV {
    /// The columns.
    public static let columns = ["line", "reason", "raw"]

    /// One rejected row as a line of `rejects.csv`, CRLF included.
    ///
    /// - Parameter reject: The row.
    /// - Returns: The line.
    public static func line(_ reject: RejectedRow) -> String {
        CSVWriter.line([.number(String(reject.line)), .text(reject.reason), .text(reject.raw)])
    }
}
