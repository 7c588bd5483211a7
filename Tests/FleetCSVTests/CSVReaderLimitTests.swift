import FleetCSV
import Testing

/// Reads every record with a small record limit, in chunks of a given size.
private func limited(_ text: String, limit: Int, chunkSize: Int = 5) throws -> [CSVRecord] {
    var reader = CSVReader(source: MemoryByteSource(text, chunkSize: chunkSize), recordLimit: limit)
    var result: [CSVRecord] = []
    while let record = try reader.next() {
        result.append(record)
        if result.count > 1000 { break }
    }
    return result
}

@Suite("CSVReader: the record limit")
struct CSVReaderLimitTests {
    @Test("an unquoted record over the limit is cut, flagged with its length, and the next one is clean")
    func tooLong() throws {
        let long = "x,\(String(repeating: "y", count: 40))"
        let read = try limited("a,b\n\(long)\nc,d\n", limit: 16)
        #expect(read.count == 3)
        #expect(read[1].problem == .tooLong(bytes: long.utf8.count, limit: 16))
        #expect(read[1].raw == String(long.prefix(16)))
        #expect(read[1].fields.isEmpty)
        #expect(read[1].line == 2)
        #expect(read[2].fields == ["c", "d"])
        #expect(read[2].line == 3)
    }

    @Test("a record exactly at the limit is read whole")
    func atLimit() throws {
        let read = try limited("abcdefghij,klmno\n", limit: 16)
        #expect(read.first?.problem == nil)
        #expect(read.first?.fields == ["abcdefghij", "klmno"])
    }

    @Test("a long quoted field closed on its line is only too long; the lines after it are rows")
    func longQuotedOneLine() throws {
        let read = try limited("\"\(String(repeating: "q", count: 30))\",z\nok\n", limit: 16)
        #expect(read.first?.problem == .tooLong(bytes: 34, limit: 16))
        #expect(read.last?.fields == ["ok"])
        #expect(read.last?.line == 2)
    }

    @Test("a quoted field that spans lines and is open at the limit is read as never closed", arguments: [1, 3, 64])
    func quoteOpenAtLimit(chunkSize: Int) throws {
        let text = "a,\"b\nccccccccccccccccccccccccc\nd\"\ne\n"
        let read = try limited(text, limit: 16, chunkSize: chunkSize)
        #expect(read.map(\.line) == [1, 2, 3, 4])
        #expect(read[0].problem == .quoteOpenPastLimit(openedOnLine: 1, limit: 16))
        #expect(read[0].raw == "a,\"b")
        #expect(read[1].raw == "cccccccccccccccc")
        #expect(read[1].problem == .insideUnterminatedQuote(openedOnLine: 1))
        #expect(read[2].raw == "d\"")
        #expect(read[3].raw == "e")
    }

    @Test("a quoted field open past the limit on its own line ends at that line")
    func quoteOpenPastLimitOneLine() throws {
        let read = try limited("\"\(String(repeating: "q", count: 30))\nnext\n", limit: 16)
        #expect(read.map(\.line) == [1, 2])
        #expect(read[0].problem == .quoteOpenPastLimit(openedOnLine: 1, limit: 16))
        #expect(read[0].raw == "\"" + String(repeating: "q", count: 15))
        #expect(read[1].problem == .insideUnterminatedQuote(openedOnLine: 1))
    }

    @Test("cutting at the limit never splits a UTF-8 character")
    func cutOnCharacter() throws {
        let read = try limited("abcdefghijklmn✈✈✈\n", limit: 16)
        #expect(read.first?.raw == "abcdefghijklmn")
    }

    @Test("lines after an unterminated quote keep only the limit of a long line")
    func longLineInsideQuote() throws {
        let read = try limited("\"a\n\(String(repeating: "z", count: 50))\nb\n", limit: 16)
        #expect(read.map(\.raw) == ["\"a", String(repeating: "z", count: 16), "b"])
    }

    @Test("one unterminated quote near the top: every later line is its own record, each within the limit")
    func quoteNearTop() throws {
        let rows = (0..<2_000).map { "row\($0),x" }
        let text = "h\n\"open\n" + rows.joined(separator: "\n") + "\n"
        var reader = CSVReader(source: MemoryByteSource(text, chunkSize: 7), recordLimit: 64)
        var read: [CSVRecord] = []
        while let record = try reader.next() { read.append(record) }
        #expect(read.count == 2_002)
        #expect(read.allSatisfy { $0.raw.utf8.count <= 64 })
        #expect(read.dropFirst(2).allSatisfy { $0.problem == .insideUnterminatedQuote(openedOnLine: 2) })
        #expect(read.last?.line == 2_002)
    }
}
