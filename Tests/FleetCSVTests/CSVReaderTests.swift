import FleetCSV
import Testing

/// Reads every record of some bytes, fed in chunks of a given size.
private func records(_ bytes: [UInt8], chunkSize: Int = 64 * 1024) throws -> [CSVRecord] {
    var reader = CSVReader(source: MemoryByteSource(bytes, chunkSize: chunkSize))
    var result: [CSVRecord] = []
    while let record = try reader.next() {
        result.append(record)
        if result.count > 1000 {
            Issue.record("reader does not stop")
            break
        }
    }
    return result
}

private func records(_ text: String, chunkSize: Int = 64 * 1024) throws -> [CSVRecord] {
    try records(Array(text.utf8), chunkSize: chunkSize)
}

private let bom: [UInt8] = [0xEF, 0xBB, 0xBF]

@Suite("CSVReader: fields and quoting")
struct CSVReaderFieldTests {
    @Test("a quoted comma stays in its field")
    func quotedComma() throws {
        let read = try records("a,\"b,c\",d\n")
        #expect(read.map(\.fields) == [["a", "b,c", "d"]])
        #expect(read.first?.problem == nil)
    }

    @Test("doubled quotes collapse to one")
    func doubledQuotes() throws {
        let read = try records("\"say \"\"hi\"\"\",\"\"\"\",\"\"\n")
        #expect(read.map(\.fields) == [["say \"hi\"", "\"", ""]])
    }

    @Test("an embedded LF is part of the field and the next record's line counts it")
    func embeddedLF() throws {
        let read = try records("h1,h2\n\"line one\nline two\",b\nnext,row\n")
        #expect(read.map(\.fields) == [["h1", "h2"], ["line one\nline two", "b"], ["next", "row"]])
        #expect(read.map(\.line) == [1, 2, 4])
    }

    @Test("an embedded CRLF is kept and counts as one line")
    func embeddedCRLF() throws {
        let read = try records("h\r\n\"a\r\nb\",c\r\nd,e\r\n")
        #expect(read.map(\.fields) == [["h"], ["a\r\nb", "c"], ["d", "e"]])
        #expect(read.map(\.line) == [1, 2, 4])
    }

    @Test("line numbers after several multi-line fields")
    func lineNumbersAfterMultiLineFields() throws {
        let text = "h\n\"1\n2\n3\"\nx\n\"a\nb\",\"c\nd\"\ny\n"
        let read = try records(text)
        #expect(read.map(\.line) == [1, 2, 5, 6, 9])
        #expect(read.last?.fields == ["y"])
    }

    @Test("raw text is the record exactly as written, without its line end")
    func rawText() throws {
        let read = try records("a, \"b,c\" ,\"\"\"q\"\"\"\r\n\"x\ny\",z\n")
        #expect(read.map(\.raw) == ["a, \"b,c\" ,\"\"\"q\"\"\"", "\"x\ny\",z"])
    }

    @Test("an empty quoted field and empty unquoted fields")
    func emptyFields() throws {
        let read = try records("\"\",,\n")
        #expect(read.map(\.fields) == [["", "", ""]])
    }

    @Test("a blank line is a blank record with its own line number")
    func blankLine() throws {
        let read = try records("a\n\nb\n")
        #expect(read.map(\.line) == [1, 2, 3])
        #expect(read.map(\.isBlank) == [false, true, false])
    }

    @Test("a line of only spaces and tabs between commas is blank; any other character is not")
    func lineOfSpaces() throws {
        let read = try records(" , \t,\n , x\n")
        #expect(read.map(\.isBlank) == [true, false])
    }

    @Test("a line of commas is blank")
    func lineOfCommas() throws {
        let read = try records(",,\n")
        #expect(read.first?.isBlank == true)
    }
}

@Suite("CSVReader: line ends, BOM, chunks")
struct CSVReaderStreamTests {
    @Test(
        "LF, CRLF and lone CR line ends read the same",
        arguments: [("LF", "\n"), ("CRLF", "\r\n"), ("CR", "\r")])
    func lineEnds(name: String, end: String) throws {
        let text = ["a,b", "\"c\",d", "e,\"f\""].joined(separator: end) + end
        let read = try records(text)
        #expect(read.map(\.fields) == [["a", "b"], ["c", "d"], ["e", "f"]], "\(name)")
        #expect(read.map(\.line) == [1, 2, 3], "\(name)")
        #expect(read.map(\.raw) == ["a,b", "\"c\",d", "e,\"f\""], "\(name)")
    }

    @Test("a lone CR inside quotes is kept and counted as a line")
    func loneCRInQuotes() throws {
        let read = try records("\"a\rb\",c\rd\r")
        #expect(read.map(\.fields) == [["a\rb", "c"], ["d"]])
        #expect(read.map(\.line) == [1, 3])
    }

    @Test("a leading BOM is skipped, whatever the chunk size", arguments: [1, 2, 3, 4, 64])
    func byteOrderMark(chunkSize: Int) throws {
        let read = try records(bom + Array("flight,origin\nUA1,JFK\n".utf8), chunkSize: chunkSize)
        #expect(read.map(\.fields) == [["flight", "origin"], ["UA1", "JFK"]])
        #expect(read.first?.raw == "flight,origin")
        #expect(read.map(\.line) == [1, 2])
    }

    @Test("input that is only a BOM has no records", arguments: [1, 2, 64])
    func onlyByteOrderMark(chunkSize: Int) throws {
        #expect(try records(bom, chunkSize: chunkSize).isEmpty)
    }

    @Test("a BOM-like sequence after the start is data")
    func byteOrderMarkLaterIsData() throws {
        let read = try records(Array("a\n".utf8) + bom + Array("b\n".utf8))
        #expect(read.last?.fields == ["\u{FEFF}b"])
    }

    @Test("empty input has no records")
    func emptyInput() throws {
        #expect(try records("").isEmpty)
    }

    @Test("a file without a final line break keeps its last record")
    func noFinalNewline() throws {
        let read = try records("a,b\nc,\"d\"")
        #expect(read.map(\.fields) == [["a", "b"], ["c", "d"]])
        #expect(read.last?.raw == "c,\"d\"")
        #expect(read.last?.line == 2)
    }

    @Test("a final line break does not add an empty record")
    func finalNewline() throws {
        #expect(try records("a\r\n").count == 1)
    }

    /// Quotes, CRLF, a lone CR, multi-line fields, a BOM and no final newline.
    private static let mixedInput: [UInt8] =
        bom
        + Array(
            "flight,\"note\",x\r\nUA1,\"multi\r\nline, with \"\"quotes\"\"\",1\rBA2,plain,2\n\n\"a\nb\",\"\",\"3\"\nlast,row,é"
                .utf8)

    @Test("chunk sizes 1 to 7 give the same records as one chunk", arguments: 1...7)
    func chunkSizes(chunkSize: Int) throws {
        let whole = try records(Self.mixedInput)
        #expect(whole.count == 6)
        #expect(try records(Self.mixedInput, chunkSize: chunkSize) == whole)
    }
}

@Suite("CSVReader: syntax problems")
struct CSVReaderProblemTests {
    @Test("text after a closing quote is reported and the next record is clean")
    func textAfterClosingQuote() throws {
        let read = try records("\"ab\"c,d\ne,f\n")
        #expect(read.first?.problem == .textAfterClosingQuote)
        #expect(read.first?.fields == ["abc", "d"])
        #expect(read.first?.raw == "\"ab\"c,d")
        #expect(read.last?.problem == nil)
        #expect(read.last?.fields == ["e", "f"])
    }

    @Test(
        "an unterminated quote ends its record with its line; every later line is rejected on its own",
        arguments: [("LF", "\n"), ("CRLF", "\r\n"), ("CR", "\r")])
    func unterminatedQuote(name: String, end: String) throws {
        let text = ["h1,h2", "1,\"oops", "2,x", "3,y"].joined(separator: end) + end
        let read = try records(text)
        #expect(read.count == 4, "\(name)")
        let broken = try #require(read.dropFirst().first)
        #expect(broken.problem == .unterminatedQuote(openedOnLine: 2))
        #expect(broken.line == 2)
        #expect(broken.raw == "1,\"oops")
        #expect(broken.fields.isEmpty)
        #expect(!broken.isBlank)
        #expect(read.suffix(2).map(\.raw) == ["2,x", "3,y"])
        #expect(read.suffix(2).map(\.line) == [3, 4])
        #expect(read.suffix(2).allSatisfy { $0.problem == .insideUnterminatedQuote(openedOnLine: 2) })
    }

    @Test("an unterminated quote reads the same in tiny chunks", arguments: [1, 2, 3])
    func unterminatedQuoteChunks(chunkSize: Int) throws {
        let text = "a\n\"b\nc\r\nd\n"
        #expect(try records(text, chunkSize: chunkSize) == records(text))
        #expect(try records(text, chunkSize: chunkSize).map(\.line) == [1, 2, 3, 4])
    }

    @Test("a quote opened on a later line of a record is named by that line")
    func unterminatedQuoteOnLaterLine() throws {
        let read = try records("a,\"x\ny\",\"z\nb\nc")
        #expect(read.map(\.line) == [1, 3, 4])
        #expect(read.first?.problem == .unterminatedQuote(openedOnLine: 2))
        #expect(read.first?.raw == "a,\"x\ny\",\"z")
        #expect(read.dropFirst().map(\.raw) == ["b", "c"])
    }

    @Test("empty lines after an unterminated quote are blank, not rejected")
    func emptyLinesInsideQuote() throws {
        let read = try records("\"a\n\nb\n")
        #expect(read.map(\.line) == [1, 2, 3])
        #expect(read[1].isBlank)
        #expect(read[2].problem == .insideUnterminatedQuote(openedOnLine: 1))
    }

    @Test("an unterminated quote on the last line without a line end")
    func unterminatedQuoteLastLine() throws {
        let read = try records("a\n\"b")
        #expect(read.count == 2)
        #expect(read.last?.problem == .unterminatedQuote(openedOnLine: 2))
        #expect(read.last?.raw == "\"b")
        #expect(read.last?.line == 2)
    }

    @Test("invalid UTF-8 is flagged on its record only")
    func invalidUTF8() throws {
        let bytes: [UInt8] = Array("a,".utf8) + [0xFF, 0xFE] + Array("\nb,c\n".utf8)
        let read = try records(bytes)
        #expect(read.count == 2)
        #expect(read.first?.problem == .invalidUTF8)
        #expect(read.first?.line == 1)
        #expect(read.last?.problem == nil)
        #expect(read.last?.fields == ["b", "c"])
    }

    @Test("valid multi-byte UTF-8 split across chunks is not flagged", arguments: [1, 2, 3])
    func multiByteAcrossChunks(chunkSize: Int) throws {
        let read = try records("Zürich,東京,✈\n", chunkSize: chunkSize)
        #expect(read.first?.problem == nil)
        #expect(read.first?.fields == ["Zürich", "東京", "✈"])
    }

    @Test("problem descriptions are readable")
    func descriptions() {
        #expect(CSVProblem.invalidUTF8.description.contains("UTF-8"))
        #expect(CSVProblem.textAfterClosingQuote.description.contains("closing quote"))
        #expect(CSVProblem.unterminatedQuote(openedOnLine: 7).description.contains("line 7 is never closed"))
        #expect(CSVProblem.insideUnterminatedQuote(openedOnLine: 7).description.contains("line 7"))
        #expect(
            CSVProblem.tooLong(bytes: 52_428_812, limit: 65_536).description
                == "the row is over the 64 KiB limit (52,428,812 bytes); only its first 64 KiB are kept here")
    }
}
