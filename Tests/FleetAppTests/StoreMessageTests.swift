import FleetSchedule
import FleetStore
import Foundation
import Testing

@testable import FleetApp

/// How FleetApp words store errors and schedule paths: the state file named once, outside paths
/// bounded.
@Suite("Store and schedule messages")
struct StoreMessageTests {
    @Test("a SQLite situation in plain words names the state file once, without 'state database X: the state database'")
    func lockedNamedOnce() {
        let path = "/srv/fleetwx/st.sqlite"
        let locked = StoreError.sqlite(code: 5, message: "database is locked", sql: "INSERT INTO run VALUES (?)")
        let text = StateAccess.message(locked, location: .file(URL(fileURLWithPath: path)))
        #expect(text.hasPrefix("the state database \(path) is locked by another process"), "\(text)")
        #expect(!text.contains(": the state database"), "\(text)")
        #expect(text.components(separatedBy: path).count == 2, "\(text)")
        let lacking = StoreError.sqlite(code: 1, message: "no such table: run", sql: "SELECT 1 FROM run")
        let schema = StateAccess.message(lacking, location: .file(URL(fileURLWithPath: path)))
        #expect(schema.hasPrefix("the state database \(path) lacks part of fleetwx's schema"), "\(schema)")
        #expect(!schema.contains("SELECT"), "\(schema)")
    }

    @Test("store errors that name their file are not prefixed again; the others are, once")
    func otherErrorsNamedOnce() {
        let path = "/srv/fleetwx/st.sqlite"
        let url = URL(fileURLWithPath: path)
        let damaged = StateAccess.message(.damaged(path: path, problem: "page 3 cannot be read"), location: .file(url))
        #expect(damaged.hasPrefix("state database \(path) is damaged"), "\(damaged)")
        #expect(damaged.components(separatedBy: "state database \(path)").count == 2, "\(damaged)")
        let unknown = StateAccess.message(.unknownRun(id: "r1"), location: .file(url))
        #expect(unknown == "state database \(path): run r1 was never begun in the state database", "\(unknown)")
    }

    @Test("the quota-unknown warning is one sentence naming the file once")
    func quotaUnknown() {
        let path = "/srv/fleetwx/st.sqlite"
        let error = StoreError.sqlite(code: 11, message: "database disk image is malformed", sql: nil)
        let text = StateAccess.quotaUnknownWarning(error, location: .file(URL(fileURLWithPath: path)))
        #expect(
            text == "this month's quota use is unknown: the state database \(path) is damaged (SQLite found "
                + "malformed pages); move it aside and run again to start a new one")
    }

    @Test("a schedule with nothing to brief is named bounded, however long its path")
    func nothingToBriefBounded() throws {
        let long = "/" + String(repeating: "d", count: 5_000) + "/schedule.csv"
        let header = try #require(RunPipeline.nothingToBrief(Schedule(), path: long))
        let rejected = try #require(RunPipeline.nothingToBrief(Schedule(rejectedCount: 3), path: long))
        for text in [header, rejected] {
            #expect(!text.contains(String(long.prefix(200))), "\(text.prefix(300))")
            #expect(text.contains("… (5,014 bytes)"), "\(text.prefix(300))")
            #expect(text.utf8.count < 600)
        }
    }
}
