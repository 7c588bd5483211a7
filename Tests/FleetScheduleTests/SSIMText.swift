import FleetCSV
import FleetSchedule
import FleetTestSupport
import Foundation

/// Builds SSIM Chapter 7 files for tests: records by 1-based field positions, numbered as a
/// real file numbers them (padding records excepted), trailers' check references filled in.
enum SSIMText {
    /// A 200-byte record of a type with fields at their positions.
    static func record(_ type: Character, _ fields: [ClosedRange<Int>: String]) -> String {
        var chars = [Character](repeating: " ", count: 200)
        chars[0] = type
        for (range, text) in fields {
            let padded = Array(text.padding(toLength: range.count, withPad: " ", startingAt: 0))
            chars.replaceSubrange((range.lowerBound - 1)..<range.upperBound, with: padded)
        }
        return String(chars)
    }

    static let padding = String(repeating: "0", count: 200)
    static let header = record("1", [2...35: "AIRLINE STANDARD SCHEDULE DATA SET", 41...41: "1"])

    static func carrier(_ airline: String, mode: Character) -> String {
        record("2", [2...2: String(mode), 3...5: airline, 11...13: "W26", 15...21: "25OCT26", 22...28: "27MAR27"])
    }

    /// A flight leg; `days` is the seven-character days of operation.
    static func leg(
        _ airline: String, _ number: String, from: String, to: String, days: String, origin: String,
        std: String, stdVariation: String, destination: String, sta: String, staVariation: String,
        variation: String = "01", sequence: String = "01", suffix: String = " ", frequency: String = " ",
        aircraft: String = "738", dateVariations: String = "00"
    ) -> String {
        record(
            "3",
            [
                2...2: suffix, 3...5: airline, 6...9: String(repeating: " ", count: max(0, 4 - number.count)) + number,
                10...11: variation, 12...13: sequence, 14...14: "J", 15...21: from, 22...28: to, 29...35: days,
                36...36: frequency, 37...39: origin, 40...43: std, 44...47: std, 48...52: stdVariation,
                55...57: destination, 58...61: sta, 62...65: sta, 66...70: staVariation, 73...75: aircraft,
                193...194: dateVariations,
            ])
    }

    static func trailer(_ airline: String, end: Character = "E") -> String {
        record("5", [3...5: airline, 194...194: String(end)])
    }

    /// Numbers the records from 000001 (padding excepted), fills each trailer's check reference
    /// with the serial before it, and joins them with line feeds.
    static func file(_ records: [String], lineEnd: String = "\n") -> String {
        var serial = 0
        var lines: [String] = []
        for var record in records {
            if record == padding {
                lines.append(record)
                continue
            }
            if record.first == "5" { record = replacing(record, 188...193, with: six(serial)) }
            serial += 1
            lines.append(replacing(record, 195...200, with: six(serial)))
        }
        return lines.joined(separator: lineEnd) + lineEnd
    }

    /// A whole season: header, padding, one carrier with its legs, trailer.
    static func season(_ legs: [String], airline: String = "XX", mode: Character = "L") -> String {
        file([header, padding, padding, carrier(airline, mode: mode)] + legs + [trailer(airline)])
    }

    static func replacing(_ record: String, _ range: ClosedRange<Int>, with text: String) -> String {
        var chars = Array(record)
        chars.replaceSubrange((range.lowerBound - 1)..<range.upperBound, with: Array(text))
        return String(chars)
    }

    static func six(_ value: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, 6 - digits.count)) + digits
    }

    /// A reader for a window.
    static func reader(from: String, days: Int = 2) -> ScheduleReader {
        var reader = ScheduleReader(airports: TestAirports.bundled)
        reader.window = SSIMWindow(firstDay: SSIMWindow.day(parsing: from) ?? 0, days: days)
        return reader
    }
}
