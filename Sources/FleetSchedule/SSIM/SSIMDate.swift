/// SSIM dates: `DDMMMYY` (`01DEC26`), and `00XXX00` for an open end of a period.
enum SSIMDate {
    /// A period end as written.
    enum End: Equatable {
        /// A day, counted from 1970-01-01.
        case day(Int)
        /// `00XXX00`: no end (the period runs on until the file is replaced).
        case open
    }

    private static let months = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"]

    /// Reads `DDMMMYY` or `00XXX00`; two-digit years are 2000–2099 (fleetwx briefs no other).
    ///
    /// - Parameter text: Seven characters from the record.
    /// - Returns: The end, or `nil` when the text is neither form or names no real day.
    static func parse(_ text: String) -> End? {
        if text == "00XXX00" { return .open }
        let bytes = Array(text.utf8)
        guard bytes.count == 7, let day = SSIMRecord.digits(bytes[0...1]), let year = SSIMRecord.digits(bytes[5...6])
        else { return nil }
        let name = String(decoding: bytes[2...4], as: UTF8.self)
        guard let index = months.firstIndex(of: name) else { return nil }
        let month = index + 1
        guard day >= 1, day <= CivilCalendar.days(inMonth: month, year: 2000 + year) else { return nil }
        return .day(CivilCalendar.daysSince1970(year: 2000 + year, month: month, day: day))
    }

    /// A day as ISO 8601 (`2026-12-01`), for messages.
    static func iso(day: Int) -> String {
        String(CivilCalendar.isoText(secondsSince1970: day * 86_400, offset: nil).prefix(10))
    }

    /// The ISO weekday of a day: 1 is Monday, 7 Sunday (1970-01-01 was a Thursday).
    static func weekday(day: Int) -> Int {
        ((day % 7) + 7 + 3) % 7 + 1
    }
}
