import FleetFiles
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The file openers' refusals, in words: every `errno` a person meets is named plainly, and
/// folders, loops, FIFOs and oversized files are told apart.
@Suite("Opening files named from outside")
struct FileOpeningTests {
    /// A fresh directory under the system's temporary directory.
    private func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("fleetfiles-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test(
        "each errno a file opener meets has plain words, never a code",
        arguments: [
            (ENOENT, "no such file"), (ENOTDIR, "not a directory"), (EACCES, "permission denied"),
            (ELOOP, "symbolic link loop"), (EISDIR, "it is a directory"), (ENAMETOOLONG, "the path is too long"),
            (EMFILE, "too many files are open"), (ENFILE, "too many files are open"),
        ])
    func errnoWords(_ code: Int32, _ words: String) {
        let text = SystemErrorWords.describe(code)
        #expect(text.contains(words), "\(text)")
        #expect(!text.contains("errno") && !text.contains("error \(code)"))
        #expect(text.first?.isLowercase == true)
    }

    @Test("a symbolic link loop is named as one")
    func loop() throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let link = folder.appendingPathComponent("loop.json").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "loop.json")
        #expect(throws: RegularFileError.cannotOpen(errno: ELOOP)) { try RegularFile.read(link, limit: 10) }
        #expect(throws: RegularFileError.cannotOpen(errno: ELOOP)) { try DirectoryListing.names(link) }
        #expect(RegularFileError.cannotOpen(errno: ELOOP).description.contains("symbolic link loop"))
    }

    @Test("read returns the bytes of a small file and refuses a larger one")
    func readLimit() throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("t.json")
        try Data("{\"a\": 1}".utf8).write(to: file)
        #expect(try RegularFile.read(file.path, limit: 8) == Array("{\"a\": 1}".utf8))
        #expect(throws: RegularFileError.tooLarge(size: 8, limit: 7)) { try RegularFile.read(file.path, limit: 7) }
        let empty = folder.appendingPathComponent("e.json")
        try Data().write(to: empty)
        #expect(try RegularFile.read(empty.path, limit: 8).isEmpty)
    }

    @Test("read refuses a directory and a FIFO by kind, without blocking", .timeLimit(.minutes(1)))
    func readKinds() throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(throws: RegularFileError.notRegular(kind: .directory)) {
            try RegularFile.read(folder.path, limit: 8)
        }
        let fifo = folder.appendingPathComponent("f").path
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(throws: RegularFileError.notRegular(kind: .fifo)) { try RegularFile.read(fifo, limit: 8) }
        #expect(RegularFileError.notRegular(kind: .fifo).description == "it is not a regular file (a FIFO)")
    }

    @Test("a folder lists its names; a file or a FIFO given as a folder is named for what it is")
    func listing() throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("a.json")
        try Data("{}".utf8).write(to: file)
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("sub"), withIntermediateDirectories: false)
        #expect(try DirectoryListing.names(folder.path).sorted() == ["a.json", "sub"])
        #expect(throws: RegularFileError.notDirectory(kind: .regularFile)) {
            try DirectoryListing.names(file.path)
        }
        #expect(
            RegularFileError.notDirectory(kind: .regularFile).description == "it is a regular file, not a folder")
        let fifo = folder.appendingPathComponent("f").path
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(throws: RegularFileError.notDirectory(kind: .fifo)) { try DirectoryListing.names(fifo) }
        let missing = folder.appendingPathComponent("nope").path
        #expect(throws: RegularFileError.cannotOpen(errno: ENOENT)) { try DirectoryListing.names(missing) }
    }
}
