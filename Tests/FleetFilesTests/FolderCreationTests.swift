import FleetFiles
import Foundation
import Testing

/// ``Folders/create(_:permissions:)``: `mkdir -p` whose refusals name the part of the path in
/// the way, in words, and create nothing.
@Suite("Creating folders")
struct FolderCreationTests {
    /// A fresh directory under the system's temporary directory.
    private func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("fleetfolders-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("missing folders are made, an existing one is left as it is")
    func makesMissing() throws {
        let root = try directory()
        defer { try? FileManager.default.removeItem(at: root) }
        let deep = root.appendingPathComponent("a/b//c/").path
        try Folders.create(deep)
        var isDirectory: ObjCBool = false
        #expect(
            FileManager.default.fileExists(atPath: root.appendingPathComponent("a/b/c").path, isDirectory: &isDirectory)
        )
        #expect(isDirectory.boolValue)
        try Folders.create(deep)
        try Folders.create(root.path)
    }

    @Test("a relative path is made from the working directory")
    func relative() throws {
        let root = try directory()
        defer { try? FileManager.default.removeItem(at: root) }
        let previous = FileManager.default.currentDirectoryPath
        #expect(FileManager.default.changeCurrentDirectoryPath(root.path))
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
        try Folders.create("x/y")
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("x/y").path))
    }

    @Test("a file where the folder should be says what it is")
    func folderIsAFile() throws {
        let root = try directory()
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("blocker")
        try Data("x".utf8).write(to: file)
        let error = try #require(throws: RegularFileError.self) { try Folders.create(file.path) }
        #expect(error == .notDirectory(kind: .regularFile))
        #expect(error.description == "it is a regular file, not a folder")
    }

    @Test("a file above the folder is named, and nothing is created below or beside it")
    func partIsAFile() throws {
        let root = try directory()
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("blocker")
        try Data("x".utf8).write(to: file)
        let inside = try #require(throws: RegularFileError.self) {
            try Folders.create(file.appendingPathComponent("c/d").path)
        }
        #expect(inside == .partNotFolder(part: file.path, kind: .regularFile))
        #expect(inside.description == "\(file.path) is a regular file, not a folder", "\(inside)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["blocker"])
    }

    @Test("a folder above that cannot be written is named with the system's answer in words")
    func unwritable() throws {
        let error = try #require(throws: RegularFileError.self) { try Folders.create("/sys/fleetwx-test/a") }
        guard case .cannotCreate(let part, _) = error else {
            Issue.record("expected cannotCreate, got \(error)")
            return
        }
        #expect(part == "/sys/fleetwx-test")
        #expect(error.description.hasPrefix("the folder /sys/fleetwx-test above it cannot be made: "), "\(error)")
        #expect(!error.description.contains("error"), "\(error)")
    }
}
