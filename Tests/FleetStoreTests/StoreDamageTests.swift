import FleetTestSupport
import Foundation
import Testing

@testable import FleetStore

/// State files that are damaged, carry an impossible schema version, are locked by another
/// process or sit where they cannot be written: each refused (or reported) in words a person can
/// act on, never with SQL (issue 9, items 3, 4 and 15).
@Suite("Damaged, locked and unwritable state files")
struct StoreDamageTests {
    /// A fleetwx file with 300 cache entries of 3 KB, whose cache table's root page is garbage.
    static func damagedFile(in directory: TemporaryDirectory) async throws -> URL {
        let url = directory.file("state.sqlite")
        do {
            let store = try StateStore(path: url.path)
            for index in 0..<300 {
                try await store.store(
                    CacheEntry(
                        cell: "\(index),0", dataSet: "currentWeather", fetchedAt: utc("2026-12-01T00:00:00Z"),
                        expireTime: nil, body: Data(repeating: 0x7A, count: 3_000)))
            }
        }
        let raw = try SQLiteConnection(path: url.path)
        let pageSize = try raw.integer("PRAGMA page_size")
        let root = try raw.integer("SELECT rootpage FROM sqlite_master WHERE name = 'cache_entry'")
        try raw.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        let handle = try FileHandle(forWritingTo: url)
        try handle.seek(toOffset: UInt64((root - 1) * pageSize))
        try handle.write(contentsOf: Data(repeating: 0xDE, count: Int(pageSize)))
        try handle.close()
        return url
    }

    @Test("a file whose cache pages are overwritten is refused, untouched, with what to do")
    func damagedRefused() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = try await Self.damagedFile(in: directory)
        let before = try contents(of: url)
        let error = try #require(throws: StoreError.self) { try StateStore(path: url.path) }
        guard case .damaged(let path, let problem) = error else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(path == url.path)
        #expect(!problem.contains("error code"), "\(problem)")
        #expect(error.description.contains("Move it aside"), "\(error)")
        #expect(try contents(of: url) == before)
    }

    @Test("a read-only view opens a damaged file and is told what is wrong")
    func damagedReported() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = try await Self.damagedFile(in: directory)
        let store = try StateStore(path: url.path, damaged: .report)
        #expect(store.damage != nil)
        #expect(try await store.usage(month: "2026-12") == 0, "the ledger is still readable")
        let sound = try StateStore(path: directory.file("sound.sqlite").path, damaged: .report)
        #expect(sound.damage == nil)
    }

    @Test("a negative schema version is refused in one line without SQL, untouched", arguments: [-1, -40])
    func negativeSchema(version: Int) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("state.sqlite")
        _ = try StateStore(path: url.path)
        try makeSQLiteFile(at: url, sql: "PRAGMA user_version = \(version)")
        let before = try contents(of: url)
        let error = try #require(throws: StoreError.self) { try StateStore(path: url.path) }
        #expect(error == .invalidSchemaVersion(path: url.path, found: version))
        #expect(!error.description.contains("\n") && !error.description.contains("CREATE"), "\(error)")
        #expect(try contents(of: url) == before)
    }

    @Test("a FIFO is refused without waiting for a writer")
    func fifo() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("state.sqlite").path
        #expect(mkfifo(path, 0o644) == 0)
        let error = try #require(throws: StoreError.self) { try StateStore(path: path) }
        #expect(error.description.contains("not a regular file"), "\(error)")
    }

    @Test("a write while another connection holds an exclusive transaction fails in words, after the given timeout")
    func locked() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("state.sqlite").path
        let store = try StateStore(path: path, busyTimeoutMilliseconds: 50)
        let other = try SQLiteConnection(path: path)
        try other.execute("BEGIN EXCLUSIVE")
        let start = RunStart(id: "r1", startedAt: utc("2026-12-01T00:00:00Z"), command: "run", schedulePath: nil)
        let error = try #require(await #expect(throws: StoreError.self) { try await store.beginRun(start) })
        #expect(error.sqlitePrimaryCode == 5)
        #expect(error.description.contains("locked by another process"), "\(error)")
        #expect(!error.description.contains("INSERT"), "\(error)")
        try other.execute("ROLLBACK")
        try await store.beginRun(start)
    }

    @Test("a file in a folder SQLite cannot write is explained by the folder, not 'unable to open database file'")
    func unwritableFolder() throws {
        let error = try #require(throws: StoreError.self) { try StateStore(path: "/sys/fleetwx-test.sqlite") }
        #expect(error.description.contains("/sys"), "\(error)")
        #expect(!error.description.contains("unable to open database file"), "\(error)")
        let blocked = try TemporaryDirectory()
        defer { blocked.remove() }
        try blocked.write("x", to: "file")
        let under = try #require(throws: StoreError.self) {
            try StateStore(path: blocked.file("file/state.sqlite").path)
        }
        #expect(under.description.contains("it is a regular file, not a folder"), "\(under)")
    }
}
