/// Follows the record serial numbers of an SSIM file (positions 195–200): 000001 for the
/// header, one more for each record after it but the padding, 000002 again after 999999.
///
/// A record too damaged to read has no number fleetwx can trust. It may have been one record
/// (a damaged line) or a piece of one (a record split over two lines), so until the next
/// readable record each one only widens the numbers the next may have; a file does not get a
/// warning for every record after one bad line.
struct SSIMSerials {
    /// The number of the last readable record.
    private(set) var last: Int?
    /// Unreadable records since then.
    private var unreadable = 0

    /// The serial number after one.
    static func after(_ serial: Int) -> Int { serial >= 999_999 ? 2 : serial + 1 }

    /// Whether a number may be the next record's: one more than the last, or, after unreadable
    /// records, up to one more for each of them.
    private func mayFollow(_ serial: Int) -> Bool {
        guard let last else { return true }
        if unreadable == 0 { return serial == Self.after(last) }
        return serial > last && serial <= last + unreadable + 1
    }

    /// Notes an unreadable record.
    mutating func skip() { unreadable += 1 }

    /// Notes a readable record's number.
    ///
    /// - Returns: The warning when it does not follow on, else `nil`.
    mutating func follow(_ serial: Int) -> String? {
        defer {
            last = serial
            unreadable = 0
        }
        guard let last, !mayFollow(serial) else { return nil }
        let first = Self.after(last)
        let expected = unreadable == 0 ? Self.text(first) : "\(Self.text(first)) to \(Self.text(last + unreadable + 1))"
        return "record serial number \(Self.text(serial)) where \(expected) was expected: records are missing or "
            + "out of order"
    }

    /// Whether a trailer's check reference names the record before it: the last readable one,
    /// or, when unreadable records came after it, one of the numbers they may have had.
    func vouches(for reference: Int) -> Bool {
        guard let last else { return false }
        return unreadable == 0 ? reference == last : reference > last && reference <= last + unreadable
    }

    /// The record before a trailer, as its message names it.
    var previousText: String {
        guard let last else { return "no serial number" }
        return unreadable == 0
            ? "serial number \(Self.text(last))"
            : "no readable serial number (\(unreadable) unreadable record(s) after \(Self.text(last)))"
    }

    static func text(_ serial: Int) -> String { CivilCalendar.pad(serial, 6) }
}
