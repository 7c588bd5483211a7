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
        for reject in rejects { writer.appendLine(line(reject)) }
        return writer.text
    }

    /// One rejected row as a line of `rejects.csv`, CRLF included.
    ///
    /// - Parameter reject: The row.
    /// - Returns: The line.
    public static func line(_ reject: RejectedRow) -> String {
        CSVWriter.line([.number(String(reject.line)), .text(reject.reason), .text(reject.raw)])
    }
}
