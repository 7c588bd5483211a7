import FleetTestSupport
import Foundation
import Synchronization
import Testing

@testable import FleetStore

/// A clock tests can set and move, shared with a ``StateStore`` through its `now` closure.
final class TestClock: Sendable {
    private let current: Mutex<Date>

    init(_ start: Date) { current = Mutex(start) }

    var now: Date { current.withLock { $0 } }

    func set(_ date: Date) { current.withLock { $0 = date } }

    func advance(by seconds: TimeInterval) { current.withLock { $0 += seconds } }
}

/// A UTC instant from ISO 8601 text such as `2026-12-01T13:05:00Z`.
func utc(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> Date {
    guard let date = ISO8601DateFormatter().date(from: text) else {
        Issue.record("bad test date \(text)", sourceLocation: sourceLocation)
        return .distantPast
    }
    return date
}

/// Opens a store on a fresh file in `directory`, driven by `clock`.
func makeStore(in directory: TemporaryDirectory, clock: TestClock, name: String = "state.sqlite") throws -> StateStore {
    try StateStore(path: directory.file(name).path, now: { clock.now })
}

/// The whole contents of a file, to prove a refused file was left untouched.
func contents(of url: URL) throws -> Data { try Data(contentsOf: url) }

/// Builds a plain SQLite file the way another application would, through the raw connection.
func makeSQLiteFile(at url: URL, sql: String) throws {
    let connection = try SQLiteConnection(path: url.path)
    try connection.execute(sql)
}

extension StateStore {
    /// Reads one integer with raw SQL, for checks the public API has no reason to offer.
    func rawInteger(_ sql: String) throws(StoreError) -> Int64 {
        try connection.integer(sql)
    }

    /// Reads one text value with raw SQL.
    func rawText(_ sql: String) throws(StoreError) -> String? {
        try connection.text(sql)
    }

    /// Runs raw SQL on the store's own connection (to install failure triggers in tests).
    func rawExecute(_ sql: String) throws(StoreError) {
        try connection.execute(sql)
    }
}
