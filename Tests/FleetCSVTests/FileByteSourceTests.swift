import FleetCSV
import Foundation
import Testing

@Suite("FileByteSource")
struct FileByteSourceTests {
    @Test(
        "after the end it keeps answering nil, never reading a closed file",
        arguments: ["", "\n", "ab", "flight,origin\nUA1,JFK\n"])
    func endIsLatched(_ text: String) throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bytes-\(UUID().uuidString).csv")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var source = try FileByteSource(url: url, chunkSize: 2)
        var bytes: [UInt8] = []
        while let chunk = try source.nextChunk() { bytes += chunk }
        #expect(bytes == Array(text.utf8))
        #expect(try source.nextChunk() == nil)
        #expect(try source.nextChunk() == nil)
        // The reader asks again after a file shorter than a byte-order mark.
        var fromFile = CSVReader(source: try FileByteSource(url: url))
        var fromMemory = CSVReader(source: MemoryByteSource(text))
        while let record = try fromFile.next() { #expect(try fromMemory.next()?.fields == record.fields) }
        #expect(try fromMemory.next() == nil)
    }
}
