/// The formats fleetwx reads schedules in.
public enum ScheduleFormat: String, Sendable, CaseIterable {
    /// The CSV of docs/contract.md §3.
    case csv
    /// IATA SSIM Chapter 7 (docs/ssim.md).
    case ssim

    /// How many of a file's first bytes ``detect(_:)`` wants to see.
    public static let headLength = 4_096

    /// What a file's first bytes say it is. A byte order mark and blank lines before the first
    /// record are passed over. Then the file is SSIM when its first line is one of these:
    /// - the header record (`1AIRLINE STANDARD SCHEDULE DATA SET`);
    /// - a 200-byte record of type 0 to 5 holding no comma, so that a season missing its header
    ///   still reads as SSIM, and says so;
    /// - the start of an unbroken run of records (see ``SSIMBytes/isUnbroken(_:)``).
    ///
    /// Anything else is CSV.
    ///
    /// - Parameter head: The first bytes of the file (``headLength`` when it has them).
    /// - Returns: The format.
    public static func detect(_ head: some Collection<UInt8>) -> ScheduleFormat {
        var bytes = ArraySlice(head.prefix(headLength))
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        // Blank lines (spaces, tabs) before the first record, as the SSIM reader skips them.
        while let end = bytes.firstIndex(where: SSIMBytes.isLineEnd),
            bytes[..<end].allSatisfy({ $0 == UInt8(ascii: " ") || $0 == 0x09 })
        {
            bytes = bytes[(end + 1)...]
        }
        guard let first = bytes.first, SSIMBytes.isRecordType(first) else { return .csv }
        if first == UInt8(ascii: "1"), bytes.dropFirst().starts(with: SSIMLayout.headerTitleText.utf8) { return .ssim }
        if SSIMBytes.isUnbroken(bytes) { return .ssim }
        let lineEnd = bytes.firstIndex(where: SSIMBytes.isLineEnd) ?? bytes.endIndex
        let line = bytes[..<lineEnd]
        return line.count == SSIMLayout.recordLength && !line.contains(UInt8(ascii: ",")) ? .ssim : .csv
    }
}
