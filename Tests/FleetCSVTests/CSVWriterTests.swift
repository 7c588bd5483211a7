import FleetCSV
import Testing

@Suite("CSVWriter")
struct CSVWriterTests {
    @Test("a header and a row with CRLF line ends")
    func headerAndRow() {
        var writer = CSVWriter(header: ["flight", "origin"])
        writer.appendRow([.text("UA1"), .text("JFK")])
        #expect(writer.text == "flight,origin\r\nUA1,JFK\r\n")
    }

    @Test("an empty writer has no text")
    func empty() {
        #expect(CSVWriter().text.isEmpty)
    }

    @Test(
        "cells that need quotes are quoted, quotes doubled",
        arguments: [
            ("plain", "UA1", "UA1"),
            ("comma", "a,b", "\"a,b\""),
            ("quote", "say \"hi\"", "\"say \"\"hi\"\"\""),
            ("LF", "a\nb", "\"a\nb\""),
            ("CRLF", "a\r\nb", "\"a\r\nb\""),
            ("space only", "a b", "a b"),
            ("non-ASCII", "Zürich", "Zürich"),
            ("empty", "", ""),
        ])
    func quoting(name: String, value: String, expected: String) {
        #expect(CSVWriter.encode(.text(value)) == expected, "\(name)")
    }

    @Test(
        "text starting with a formula character gets a leading quote",
        arguments: [
            ("equals", "=1+2", "'=1+2"),
            ("plus", "+1", "'+1"),
            ("minus", "-3.5", "'-3.5"),
            ("at", "@SUM(A1)", "'@SUM(A1)"),
            ("tab", "\tx", "'\tx"),
            ("carriage return", "\rx", "\"'\rx\""),
            ("formula with comma", "=HYPERLINK(\"http://x\",\"y\")", "\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\""),
        ])
    func formulaGuardOnText(name: String, value: String, expected: String) {
        #expect(CSVWriter.encode(.text(value)) == expected, "\(name)")
    }

    @Test(
        "a cell with ';' is quoted, and a ';'-separated piece that could start a formula is guarded",
        arguments: [
            ("semicolon", "thunderstorms;fog", "\"thunderstorms;fog\""),
            ("formula after semicolon", "B738;=1+1", "\"B738;'=1+1\""),
            ("every piece", "a;+1;-2;@x;ok", "\"a;'+1;'-2;'@x;ok\""),
            ("tab after semicolon", "a;\tb", "\"a;'\tb\""),
            ("carriage return after semicolon", "a;\rb", "\"a;'\rb\""),
            ("quote then formula after semicolon", "a;\"=1", "\"a;'\"\"=1\""),
            ("formula first and later", "=1;=2", "\"'=1;'=2\""),
            ("trailing semicolon", "a;", "\"a;\""),
            ("harmless pieces", "a;b=c; -1", "\"a;b=c; -1\""),
        ])
    func semicolonLocales(name: String, value: String, expected: String) {
        #expect(CSVWriter.encode(.text(value)) == expected, "\(name)")
    }

    /// How Excel splits a line in a locale whose list separator is `;`: at every `;`, with
    /// quotes honoured only at the start of a piece (a quoted comma cell in the middle of the
    /// line does not protect the `;` inside it).
    private static func semicolonPieces(_ line: String) -> [String] {
        line.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
    }

    @Test("no piece of a written row starts a formula when split at ';' as a ';' locale does")
    func semicolonLocaleRow() {
        let line = CSVWriter.line([
            .text("UA1"), .text("B738;=HYPERLINK(\"http://x\";\"y\");"), .text("a;@SUM(A1)"), .number("-3.5"),
        ])
        for piece in Self.semicolonPieces(line).dropFirst() {
            let first = piece.unicodeScalars.first { $0 != "\"" }
            #expect(!["=", "+", "-", "@", "\t", "\r"].contains(first), "\(piece)")
        }
    }

    @Test("numbers are never formula-guarded", arguments: ["=1", "+1", "-3.5", "@1", "\t1", "-0.5"])
    func numbersUnguarded(value: String) {
        let encoded = CSVWriter.encode(.number(value))
        #expect(!encoded.contains("'"))
        #expect(encoded == value || encoded == "\"\(value)\"")
    }

    @Test("a negative number stays a plain number")
    func negativeNumber() {
        #expect(CSVWriter.encode(.number("-3.5")) == "-3.5")
    }

    @Test("text that only contains a formula character later is left alone", arguments: ["a=b", "UA-1", "x@y", " =1"])
    func formulaCharacterLater(value: String) {
        #expect(CSVWriter.encode(.text(value)) == value)
    }

    @Test("guardFormula on its own")
    func guardFormula() {
        #expect(CSVWriter.guardFormula("") == "")
        #expect(CSVWriter.guardFormula("=x") == "'=x")
        #expect(CSVWriter.guardFormula("é") == "é")
    }

    @Test("an empty cell is empty")
    func emptyCell() {
        var writer = CSVWriter()
        writer.appendRow([.empty, .text("x"), .empty])
        #expect(writer.text == ",x,\r\n")
    }

    @Test("what the writer writes, the reader reads back", arguments: [1, 3, 64 * 1024])
    func roundTrip(chunkSize: Int) throws {
        let rows: [[String]] = [
            ["flight", "note", "raw"],
            ["UA1", "plain", "a,b"],
            ["BA2", "say \"hi\"", "line one\nline two"],
            ["LH3", "crlf\r\ninside", "Zürich ✈ 東京"],
            ["", "", ""],
            ["AF4", "trailing space ", "\"quoted\""],
        ]
        var writer = CSVWriter()
        for row in rows { writer.appendRow(row.map(CSVCell.text)) }
        writer.appendRow([.text("=cmd"), .number("-3.5"), .text("@x"), .text("B738;=1+1")])
        var reader = CSVReader(source: MemoryByteSource(writer.text, chunkSize: chunkSize))
        var read: [[String]] = []
        while let record = try reader.next() {
            #expect(record.problem == nil)
            read.append(record.fields)
        }
        #expect(read == rows + [["'=cmd", "-3.5", "'@x", "B738;'=1+1"]])
    }
}
