/// Counts and sizes as messages write them, one way for every module: the CSV reader's row
/// limits, the schedule's counts of omitted rows, and the size of an outside value cut short
/// (``Swift/String/bounded``).
public enum NumberText {
    /// A count with thousands separators (`52,428,812`).
    ///
    /// - Parameter value: The count.
    /// - Returns: The digits, grouped by three with commas.
    public static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return (value < 0 ? "-" : "") + result
    }

    /// A size in KiB when it is a whole number of them (`64 KiB`), else in bytes
    /// (`1,000 bytes`).
    ///
    /// - Parameter bytes: The size.
    /// - Returns: The size in words.
    public static func size(_ bytes: Int) -> String {
        bytes >= 1024 && bytes % 1024 == 0 ? "\(bytes / 1024) KiB" : "\(grouped(bytes)) bytes"
    }
}
