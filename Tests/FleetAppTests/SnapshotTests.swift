import FleetTestSupport
import Foundation
import Testing

/// The golden-file helper itself, always against a temporary folder: these tests must never
/// write into `Tests/Snapshots`, whatever the environment of the test run says.
@Suite("Snapshot helper")
struct SnapshotTests {
    /// No record variable: what a normal test run sees.
    static let comparing: [String: String] = [:]
    /// The record variable set, as `FLEETWX_RECORD_SNAPSHOTS=1 swift test` sets it.
    static let recording = [Snapshot.recordVariable: "1"]

    @Test("the same text as the snapshot passes")
    func equalText() throws {
        let folder = try TemporaryDirectory(prefix: "fleetwx-snapshot")
        defer { folder.remove() }
        try folder.write("one\ntwo\n", to: "demo/page.txt")
        #expect(
            Snapshot.mismatch("one\ntwo\n", named: "demo/page.txt", environment: Self.comparing, folder: folder.url)
                == nil)
    }

    @Test("a different text fails, naming the first line that differs and both versions of it")
    func differentText() throws {
        let folder = try TemporaryDirectory(prefix: "fleetwx-snapshot")
        defer { folder.remove() }
        try folder.write("one\ntwo\nthree\n", to: "demo/page.txt")
        let why = Snapshot.mismatch(
            "one\ntwO\nthreE\n", named: "demo/page.txt", environment: Self.comparing, folder: folder.url)
        let message = try #require(why)
        #expect(message.contains("snapshot demo/page.txt differs"), "\(message)")
        #expect(message.contains(#"line 2, byte 3 was "two", is "twO""#), "\(message)")
        #expect(!message.contains("threE"), "only the first difference is shown: \(message)")
        #expect(message.contains("\(Snapshot.recordVariable)=1"), "\(message)")
        #expect(message.contains("git diff Tests/Snapshots"), "\(message)")
    }

    @Test("a text longer than the snapshot fails at the snapshot's end")
    func longerText() throws {
        let folder = try TemporaryDirectory(prefix: "fleetwx-snapshot")
        defer { folder.remove() }
        try folder.write("one", to: "page.txt")
        let why = Snapshot.mismatch("one\nmore", named: "page.txt", environment: Self.comparing, folder: folder.url)
        let message = try #require(why)
        #expect(message.contains(#"line 2 was (end of file), is "more""#), "\(message)")
    }

    @Test("a difference deep in a long line is shown where it is, with a little before it")
    func longLine() throws {
        let folder = try TemporaryDirectory(prefix: "fleetwx-snapshot")
        defer { folder.remove() }
        let row = String(repeating: "<td>é</td>", count: 500)
        try folder.write("head\n" + row + "<td>red</td>" + row + "\n", to: "page.html")
        let why = Snapshot.mismatch(
            "head\n" + row + "<td>amber</td>" + row + "\n", named: "page.html", environment: Self.comparing,
            folder: folder.url)
        let message = try #require(why)
        #expect(message.contains("line 2, byte 5505 was …\""), "\(message)")
        #expect(message.contains("é</td><td>red</td><td>é"), "\(message)")
        #expect(message.contains("é</td><td>amber</td><td>é"), "\(message)")
        #expect(message.count < 1_000, "\(message.count) characters")
    }

    @Test("text that differs only in line endings or Unicode normalisation fails, the difference shown")
    func invisibleDifferences() throws {
        let folder = try TemporaryDirectory(prefix: "fleetwx-snapshot")
        defer { folder.remove() }
        try folder.write("same\nline\n", to: "endings.txt")
        let endings = Snapshot.mismatch(
            "same\r\nline\r\n", named: "endings.txt", environment: Self.comparing, folder: folder.url)
        #expect(endings?.contains(#"line 1, byte 5 was "same", is "same\r""#) == true, "\(endings ?? "passed")")
        try folder.write("Z\u{00FC}rich\n", to: "composed.txt")
        let decomposed = Snapshot.mismatch(
            "Zu\u{0308}rich\n", named: "composed.txt", environment: Self.comparing, folder: folder.url)
        #expect(
            decomposed?.contains("line 1, byte 2 was") == true && decomposed?.contains("Unicode normalisation") == true,
            "\(decomposed ?? "passed")")
    }

    @Test("a missing snapshot fails and says how to record it, without writing it")
    func missingSnapshot() throws {
        let folder = try TemporaryDirectory(prefix: "fleetwx-snapshot")
        defer { folder.remove() }
        let why = Snapshot.mismatch("text", named: "demo/new.txt", environment: Self.comparing, folder: folder.url)
        let message = try #require(why)
        #expect(message.contains("snapshot demo/new.txt"), "\(message)")
        #expect(message.contains("run with \(Snapshot.recordVariable)=1 to record it"), "\(message)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("demo/new.txt").path))
    }

    @Test("the record variable set to anything but 1 does not record")
    func otherRecordValue() throws {
        let folder = try TemporaryDirectory(prefix: "fleetwx-snapshot")
        defer { folder.remove() }
        let why = Snapshot.mismatch(
            "text", named: "new.txt", environment: [Snapshot.recordVariable: "0"], folder: folder.url)
        #expect(why?.contains("to record it") == true, "\(why ?? "passed")")
        #expect(!FileManager.default.fileExists(atPath: folder.file("new.txt").path))
    }

    @Test("recording writes the snapshot, creating its folders, and still fails; the next run passes")
    func recording() throws {
        let folder = try TemporaryDirectory(prefix: "fleetwx-snapshot")
        defer { folder.remove() }
        try folder.write("old\n", to: "demo/old.txt")
        for (name, text) in [("demo/new/page.txt", "fresh\ntext\n"), ("demo/old.txt", "changed\n")] {
            let why = Snapshot.mismatch(text, named: name, environment: Self.recording, folder: folder.url)
            let message = try #require(why, "a recording run must fail")
            #expect(message.contains("snapshot \(name): recorded"), "\(message)")
            #expect(message.contains("git diff Tests/Snapshots"), "\(message)")
            #expect(try String(contentsOf: folder.file(name), encoding: .utf8) == text)
            #expect(Snapshot.mismatch(text, named: name, environment: Self.comparing, folder: folder.url) == nil)
        }
    }

    @Test("a snapshot that cannot be written fails with the reason")
    func unwritable() throws {
        let folder = try TemporaryDirectory(prefix: "fleetwx-snapshot")
        defer { folder.remove() }
        // A file where the snapshot's folder should be.
        try folder.write("not a folder", to: "demo")
        let why = Snapshot.mismatch("text", named: "demo/page.txt", environment: Self.recording, folder: folder.url)
        let message = try #require(why)
        #expect(message.contains("snapshot demo/page.txt: could not be recorded"), "\(message)")
    }
}
