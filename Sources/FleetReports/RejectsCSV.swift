internal import FleetCSV
public import FleetSchedule

/// `rejects.csv`: `line,reason,raw` for every rejected row, header even when empty.
public enum RejectsCSV {
    /// The columns.
    public static let columns = ["line", "reason", "raw"]

    /// Renders the rejected rows.
    ///
    /// - Parameter rejects: The rows in file order.
    /// - Returns: The CSV text.
    public static func render(_ rejects: [RejectedRow]) -> String {
        var writer = CSVWriter(header: columns)
        for reject in rejects {
            writer.appendRow([.number(String(reject.line)), .text(reject.reason), .text(reject.raw)])
        }
        return writer.text
    }
}
