import Foundation

/// A second good row (JFK→ORD, inside the demo recordings' window).
private let returnRow = "UA1546,JFK,ORD,2026-12-01T11:30,2026-12-01T13:15,B738,N37253"

/// The demo header.
private let header = "flight,origin,destination,departure,arrival,aircraft,tail"

/// The demo row with its tail (or aircraft) replaced.
private func demoRowWith(tail: String = "N37253", aircraft: String = "B738") -> String {
    "UA1545,ORD,JFK,2026-12-01T07:05,2026-12-01T10:15,\(aircraft),\(tail)"
}

extension CatalogueWorkspace {
    /// Writes `s.csv` from raw bytes and copies the demo recordings in.
    fileprivate func bytesSchedule(_ bytes: [UInt8]) throws {
        try write(bytes: bytes, to: "s.csv")
        try demoWeather()
    }
}

private func utf8(_ text: String) -> [UInt8] { Array(text.utf8) }

/// Bad schedules: the file itself, its header, its rows.
extension BadInputCatalogue {
    static let schedules: [BadInput] = files + headers + rowSyntax + rowValues

    /// The file: missing, empty, not a regular file, not UTF-8.
    private static let files: [BadInput] = [
        BadInput(
            "schedule", "missing file", ["run", "nope.csv", "--replay", "weather", "--out", "r"], exit: 1, "nope.csv"),
        BadInput(
            "schedule", "empty file",
            setup: { try $0.text("") }, oneRowRun(), exit: 1, "s.csv"),
        BadInput(
            "schedule", "only blank lines", setup: { try $0.text("\n\r\n  \n") }, oneRowRun(), exit: 1, "is empty"),
        BadInput(
            "schedule", "a directory",
            setup: {
                try $0.folder("s.csv")
                try $0.demoWeather()
            }, oneRowRun(), exit: 1, "s.csv"),
        BadInput(
            "schedule", "a FIFO",
            setup: {
                try $0.fifo("s.csv")
                try $0.demoWeather()
            }, oneRowRun(), exit: 1, "s.csv"),
        BadInput(
            "schedule", "a symbolic link loop",
            setup: {
                try $0.symlink("s.csv", to: "s.csv")
                try $0.demoWeather()
            }, oneRowRun(), exit: 1, "s.csv"),
        BadInput(
            "schedule", "UTF-16 with its BOM",
            setup: {
                var bytes: [UInt8] = [0xFF, 0xFE]
                for unit in "\(header)\n\(demoRow)\n".utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
                try $0.bytesSchedule(bytes)
            }, oneRowRun(), exit: 1, "UTF-8"),
        BadInput(
            "schedule", "a Latin-1 row is rejected, the others kept",
            setup: {
                try $0.bytesSchedule(
                    utf8("\(header)\n\(demoRow)\nUA9,ORD,JFK,2026-12-01T07:05,2026-12-01T10:15,") + [0xC9]
                        + utf8("T,N1\n"))
            },
            oneRowRun(), exit: 2, "1 flights, 1 rejected"),
        BadInput(
            "schedule", "CR-only line ends", setup: { try $0.text("\(header)\r\(demoRow)\r\(returnRow)\r") },
            oneRowRun(),
            exit: 0,
            "2 flights, 0 rejected"),
        BadInput(
            "schedule", "CRLF and no final line end", setup: { try $0.text("\(header)\r\n\(demoRow)\r\n\(returnRow)") },
            oneRowRun(), exit: 0, "2 flights, 0 rejected"),
    ]

    /// The header: missing, doubled, invisible or huge column names.
    private static let headers: [BadInput] = [
        BadInput(
            "schedule", "missing column flight",
            setup: { try $0.text("origin,destination,departure,arrival\nORD,JFK,2026-12-01T07:05,2026-12-01T10:15\n") },
            oneRowRun(), exit: 1, "missing a required column: flight"),
        BadInput(
            "schedule", "a doubled BOM before the header is ignored with a note",
            setup: { try $0.bytesSchedule([0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF] + utf8("\(header)\n\(demoRow)\n")) },
            oneRowRun(), exit: 0, "byte order mark"),
        BadInput(
            "schedule", "a BOM inside a later header name is ignored with a note",
            setup: { try $0.text("flight,\u{FEFF}origin,destination,departure,arrival\n\(demoRow.dropLast(12))\n") },
            oneRowRun(), exit: 0, "byte order mark"),
        BadInput(
            "schedule", "a NUL byte in a header name is shown visibly",
            setup: {
                try $0.text(
                    "fli\u{0}ght,origin,destination,departure,arrival\nUA1,ORD,JFK,2026-12-01T07:05Z,2026-12-01T10:15Z\n"
                )
            },
            oneRowRun(), exit: 1, "fli\\x00ght", notInMessage: ["\u{0}"]),
        BadInput(
            "schedule", "two headers select one column",
            setup: { try $0.text("flight,flight_no,origin,destination,departure,arrival\n") }, oneRowRun(), exit: 1,
            "more than once"),
        BadInput(
            "schedule", "a header row with an unterminated quote",
            setup: { try $0.text("flight,\"origin,destination,departure,arrival\n\(demoRow)\n") }, oneRowRun(), exit: 1,
            "is never closed"),
        BadInput(
            "schedule", "a header that is not UTF-8",
            setup: { try $0.bytesSchedule(utf8("flight,origin,destination,departure,arrival,") + [0xFF] + utf8("\n")) },
            oneRowRun(), exit: 1, "UTF-8"),
        BadInput(
            "schedule", "a 10 KB ignored column name is cut in the warning",
            setup: { try $0.text("\(header),\(String(repeating: "n", count: 10_000))\n\(demoRow),x\n") }, oneRowRun(),
            exit: 0, "(10,000 bytes)"),
        BadInput(
            "schedule", "a 10 KB column name in a header without flight",
            setup: { try $0.text("\(String(repeating: "n", count: 10_000)),origin,destination,departure,arrival\n") },
            oneRowRun(), exit: 1, "missing a required column: flight"),
        BadInput(
            "schedule", "a 200 KB column name is over the row limit",
            setup: { try $0.text("\(header),\(String(repeating: "n", count: 200_000))\n\(demoRow),x\n") }, oneRowRun(),
            exit: 1, "over the 64 KiB limit (200,058 bytes)"),
        BadInput(
            "schedule", "5,000 ignored columns are named in one bounded warning",
            setup: {
                let extra = (1...5_000).map { "c\($0)" }.joined(separator: ",")
                try $0.text("\(header),\(extra)\n\(demoRow),\(String(repeating: ",", count: 4_999))\n")
            }, oneRowRun(), exit: 0, "and 4,990 more"),
        BadInput(
            "schedule", "unnamed columns are ignored",
            setup: { try $0.text("\(header),,\n\(demoRow),,\n") }, oneRowRun(), exit: 0, "unnamed column 8"),
    ]

    /// Row syntax: quoting, field counts, limits, blank rows.
    private static let rowSyntax: [BadInput] = [
        BadInput(
            "schedule", "an unterminated quote rejects its line and every line after it",
            setup: {
                try $0.rows([
                    demoRow, "UA2,\"ORD,JFK,2026-12-01T08:05,2026-12-01T11:15,B738,N1", returnRow, demoRow, "UA3",
                ])
            },
            oneRowRun(), exit: 2, "1 flights, 4 rejected"),
        BadInput(
            "schedule", "an unterminated quote on the last line without a line end",
            setup: { try $0.text("\(header)\n\(demoRow)\nUA2,ORD,JFK,\"2026") }, oneRowRun(), exit: 2,
            "1 flights, 1 rejected"),
        BadInput(
            "schedule", "a quoted field with commas and doubled quotes is one value",
            setup: { try $0.rows([demoRowWith(aircraft: "\"Boeing 737-800, \"\"MAX\"\"\""), returnRow]) }, oneRowRun(),
            exit: 0,
            "2 flights, 0 rejected"),
        BadInput(
            "schedule", "text after a closing quote",
            setup: { try $0.rows([demoRow, "\"UA2\"x,ORD,JFK,2026-12-01T08:05,2026-12-01T11:15,B738,N1"]) },
            oneRowRun(),
            exit: 2,
            "1 flights, 1 rejected"),
        BadInput(
            "schedule", "too few and too many fields",
            setup: { try $0.rows([demoRow, "UA2,ORD,JFK", demoRowWith(tail: "N1,extra")]) }, oneRowRun(), exit: 2,
            "1 flights, 2 rejected"),
        BadInput(
            "schedule", "a 200 KB tail is over the row limit",
            setup: { try $0.rows([demoRowWith(tail: String(repeating: "T", count: 200_000)), returnRow]) }, oneRowRun(),
            exit: 2,
            "1 flights, 1 rejected"),
        BadInput(
            "schedule", "a 200 KB quoted field spanning lines is read as never closed",
            setup: {
                try $0.rows([
                    returnRow, demoRowWith(tail: "\"a\n" + String(repeating: "T", count: 200_000) + "\""), demoRow,
                ])
            },
            oneRowRun(), exit: 2, "1 flights, 3 rejected"),
        BadInput(
            "schedule", "a row of 100,000 commas",
            setup: { try $0.rows([demoRow, String(repeating: ",", count: 100_000) + "x"]) }, oneRowRun(), exit: 2,
            "1 flights, 1 rejected"),
        BadInput(
            "schedule", "blank rows and rows of commas are skipped",
            setup: { try $0.rows(["", demoRow, ",,,,,,", "   ", returnRow, ""]) }, oneRowRun(), exit: 0,
            "blank rows were skipped"),
        BadInput(
            "schedule", "3,000 duplicate rows all reach rejects.csv",
            setup: { try $0.rows([demoRow] + Array(repeating: demoRow, count: 3_000)) }, oneRowRun(), exit: 2,
            "1 flights, 3000 rejected"),
    ]

    /// Row values: NUL and control characters, codes, times.
    private static let rowValues: [BadInput] = [
        BadInput(
            "schedule", "a NUL byte in the tail",
            setup: { try $0.rows([demoRowWith(tail: "N3\u{0}7253"), returnRow]) }, oneRowRun(),
            exit: 2,
            "1 flights, 1 rejected"),
        BadInput(
            "schedule", "a NUL byte in the aircraft",
            setup: { try $0.rows([demoRowWith(aircraft: "B7\u{0}38"), returnRow]) },
            oneRowRun(),
            exit: 2, "1 flights, 1 rejected"),
        BadInput(
            "schedule", "a NUL byte in an ignored column",
            setup: { try $0.text("\(header),notes\n\(demoRow),a\u{0}b\n\(returnRow),ok\n") }, oneRowRun(), exit: 2,
            "1 flights, 1 rejected"),
        BadInput(
            "schedule", "a control character in the tail",
            setup: { try $0.rows([demoRowWith(tail: "N37\u{7}253"), returnRow]) },
            oneRowRun(), exit: 2, "1 flights, 1 rejected"),
        BadInput(
            "schedule", "an escape sequence in the aircraft",
            setup: { try $0.rows([demoRowWith(aircraft: "\u{1B}[31mB738"), returnRow]) }, oneRowRun(), exit: 2,
            "1 flights, 1 rejected"),
        BadInput(
            "schedule", "formula-looking text is kept as text",
            setup: { try $0.rows([demoRowWith(tail: "=1+1"), returnRow]) }, oneRowRun(), exit: 0,
            "2 flights, 0 rejected"),
        BadInput(
            "schedule", "unknown airport rejects the row",
            setup: { try $0.rows([demoRow, "XX1,ZZZ,JFK,2026-12-01T07:05,2026-12-01T10:15,B738,N1"]) }, oneRowRun(),
            exit: 2,
            "rejected"),
        BadInput(
            "schedule", "not an airport code",
            setup: { try $0.rows([demoRow, "UA2,O'HARE,JFK,2026-12-01T08:05,2026-12-01T11:15,B738,N1"]) }, oneRowRun(),
            exit: 2,
            "1 flights, 1 rejected"),
        BadInput(
            "schedule", "a 5 KB flight designator",
            setup: {
                try $0.rows([
                    demoRow, "\(String(repeating: "U", count: 5_000)),ORD,JFK,2026-12-01T08:05,2026-12-01T11:15,,",
                ])
            },
            oneRowRun(), exit: 2, "1 flights, 1 rejected"),
        BadInput(
            "schedule", "origin and destination the same airport",
            setup: { try $0.rows([demoRow, "UA2,ORD,KORD,2026-12-01T08:05,2026-12-01T11:15,,"]) }, oneRowRun(), exit: 2,
            "1 flights, 1 rejected"),
        BadInput(
            "schedule", "month 13",
            setup: { try $0.rows([demoRow, "UA2,ORD,JFK,2026-13-01T08:05,2026-12-01T11:15,,"]) },
            oneRowRun(), exit: 2, "1 flights, 1 rejected"),
        BadInput(
            "schedule", "a local time in the DST gap",
            setup: { try $0.rows([demoRow, "UA2,ORD,JFK,2026-03-08T02:30,2026-03-08T06:15,,"]) }, oneRowRun(), exit: 2,
            "1 flights, 1 rejected"),
        BadInput(
            "schedule", "arrival before departure",
            setup: { try $0.rows([demoRow, "UA2,ORD,JFK,2026-12-01T08:05,2026-12-01T07:15,,"]) }, oneRowRun(), exit: 2,
            "1 flights, 1 rejected"),
        BadInput(
            "schedule", "block time 20 h 0 min 1 s",
            setup: { try $0.rows([demoRow, "UA2,ORD,JFK,2026-12-01T08:05:00Z,2026-12-02T04:05:01Z,,"]) }, oneRowRun(),
            exit: 2,
            "1 flights, 1 rejected"),
        BadInput(
            "schedule", "a duplicate row",
            setup: { try $0.rows([demoRow, "UA 1545,KORD,JFK,2026-12-01T07:05,2026-12-01T10:15,B738,N37253"]) },
            oneRowRun(),
            exit: 2, "1 flights, 1 rejected"),
        BadInput(
            "schedule", "1,500 ambiguous local times warn in bounded lines",
            setup: {
                try $0.rows((0..<1_500).map { "UA\($0 + 1),ORD,JFK,2026-11-01T01:30,2026-11-01T06:30,," })
            }, oneRowRun(), exit: 2, "more warning(s) not shown"),
    ]
}
