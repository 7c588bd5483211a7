import FleetTestSupport
import Foundation
import Testing

@testable import FleetStore

@Suite("Store errors")
struct StoreErrorTests {
    @Test("The damaged-file advice quotes the path for the shell, and a long path is bounded, never pasted whole")
    func damagedAdviceQuoted() {
        let odd = StoreError.damaged(path: "/srv/my state/it's.sqlite", problem: "malformed pages").description
        #expect(odd.contains(#"mv '/srv/my state/it'\''s.sqlite' '/srv/my state/it'\''s.sqlite.damaged'"#), "\(odd)")
        let long = "/srv/" + String(repeating: "d", count: 5_000) + ".sqlite"
        for error in [
            StoreError.damaged(path: long, problem: "malformed pages"), .notADatabase(path: long),
            .cannotOpen(path: long, reason: "x"), .foreignDatabase(path: long),
            .newerSchema(path: long, found: 9, supported: 2), .invalidSchemaVersion(path: long, found: -1),
        ] {
            #expect(error.description.utf8.count < 1_000, "\(error.description.prefix(300))")
        }
    }

    @Test("A failed write names the SQL and SQLite's message but never the bound body")
    func sqlButNoValues() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try makeStore(in: directory, clock: TestClock(utc("2026-12-01T00:00:00Z")))
        try await store.rawExecute(
            "CREATE TRIGGER refuse BEFORE INSERT ON cache_entry BEGIN SELECT RAISE(ABORT, 'disk says no'); END")
        let entry = CacheEntry(
            cell: "SECRET-CELL", dataSet: "currentWeather", fetchedAt: utc("2026-12-01T00:00:00Z"), expireTime: nil,
            body: Data("SECRET-BODY-BYTES".utf8))
        let error = try #require(await #expect(throws: StoreError.self) { try await store.store(entry) })
        let text = error.description
        #expect(text.contains("INSERT INTO cache_entry"))
        #expect(text.contains("disk says no"))
        #expect(text.contains("SQLite error 1811"))
        #expect(!text.contains("SECRET"))
        #expect(error.sqlitePrimaryCode == 19)
        // The failed transaction was rolled back: the store keeps working.
        try await store.rawExecute("DROP TRIGGER refuse")
        try await store.store(entry)
        #expect(try await store.cacheSummary().entries == 1)
    }

    @Test("A bad statement is reported with its SQL")
    func prepareFailure() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let connection = try SQLiteConnection(path: directory.file("x.sqlite").path)
        let error = try #require(#expect(throws: StoreError.self) { try connection.run("SELEC 1") })
        #expect(error.description.contains("`SELEC 1`"))
        #expect(error.sqlitePrimaryCode == 1)
    }

    @Test("Messages for refused files name the file and what to do")
    func refusalMessages() {
        #expect(StoreError.notADatabase(path: "/x/s.csv").description.contains("/x/s.csv is not a SQLite database"))
        #expect(StoreError.foreignDatabase(path: "/x/o.db").description.contains("left untouched"))
        #expect(StoreError.unknownReservation(id: 7).description.contains("7"))
        #expect(StoreError.notADatabase(path: "/x").sqlitePrimaryCode == nil)
    }
}
