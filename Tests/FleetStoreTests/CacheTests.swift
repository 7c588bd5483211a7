import FleetTestSupport
import Foundation
import Testing

@testable import FleetStore

@Suite("Data-set cache")
struct CacheTests {
    static let cell = "41.98,-87.90"

    /// An hourly entry for 10:00–20:00 on 1 December 2026.
    static func hourly(
        start: String = "2026-12-01T10:00:00Z", end: String = "2026-12-01T20:00:00Z",
        fetched: String = "2026-12-01T00:00:00Z", expires: String = "2026-12-01T01:00:00Z", body: String = "{}"
    ) -> CacheEntry {
        CacheEntry(
            cell: cell, dataSet: "forecastHourly", windowStart: utc(start), windowEnd: utc(end),
            fetchedAt: utc(fetched), readTime: utc(fetched), expireTime: utc(expires), body: Data(body.utf8))
    }

    static func current(fetched: String, expires: String, body: String = "{}", cell: String = cell) -> CacheEntry {
        CacheEntry(
            cell: cell, dataSet: "currentWeather", fetchedAt: utc(fetched), expireTime: utc(expires),
            body: Data(body.utf8))
    }

    @Test("An entry reads back exactly, empty body included", arguments: StoreBackend.available)
    func roundTrip(backend: StoreBackend) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try makeStore(backend, in: directory, clock: TestClock(utc("2026-12-01T00:00:00Z")))
        let entry = Self.hourly(body: "")
        try await store.store(entry)
        #expect(try await store.cached(cell: Self.cell, dataSet: "forecastHourly") == [entry])
        #expect(try await store.cached(cell: Self.cell, dataSet: "forecastDaily").isEmpty)
    }

    @Test("Storing the same cell, data set and window replaces the entry", arguments: StoreBackend.available)
    func upsert(backend: StoreBackend) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try makeStore(backend, in: directory, clock: TestClock(utc("2026-12-01T00:00:00Z")))
        try await store.store(Self.hourly(body: "old"))
        try await store.store(Self.hourly(fetched: "2026-12-01T02:00:00Z", body: "new"))
        try await store.store(Self.current(fetched: "2026-12-01T00:00:00Z", expires: "2026-12-01T00:10:00Z", body: "a"))
        try await store.store(Self.current(fetched: "2026-12-01T00:05:00Z", expires: "2026-12-01T00:15:00Z", body: "b"))
        let hourly = try await store.cached(cell: Self.cell, dataSet: "forecastHourly")
        #expect(hourly.map(\.body) == [Data("new".utf8)])
        let current = try await store.cached(cell: Self.cell, dataSet: "currentWeather")
        #expect(current.map(\.body) == [Data("b".utf8)])
    }

    @Test("Entries with different windows are kept apart, newest fetch first", arguments: StoreBackend.available)
    func newestFirst(backend: StoreBackend) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try makeStore(backend, in: directory, clock: TestClock(utc("2026-12-01T00:00:00Z")))
        try await store.store(Self.hourly(end: "2026-12-01T20:00:00Z", fetched: "2026-12-01T01:00:00Z", body: "1"))
        try await store.store(Self.hourly(end: "2026-12-01T22:00:00Z", fetched: "2026-12-01T03:00:00Z", body: "3"))
        try await store.store(Self.hourly(end: "2026-12-01T21:00:00Z", fetched: "2026-12-01T02:00:00Z", body: "2"))
        let bodies = try await store.cached(cell: Self.cell, dataSet: "forecastHourly").map(\.body)
        #expect(bodies == ["3", "2", "1"].map { Data($0.utf8) })
    }

    struct Coverage: Sendable, CustomTestStringConvertible {
        let name: String
        let start: String
        let end: String
        let covered: Bool
        var testDescription: String { name }
    }

    static let coverageCases: [Coverage] = [
        Coverage(name: "inside", start: "2026-12-01T12:00:00Z", end: "2026-12-01T18:00:00Z", covered: true),
        Coverage(name: "exactly", start: "2026-12-01T10:00:00Z", end: "2026-12-01T20:00:00Z", covered: true),
        Coverage(name: "starts before", start: "2026-12-01T08:00:00Z", end: "2026-12-01T12:00:00Z", covered: false),
        Coverage(name: "ends after", start: "2026-12-01T19:00:00Z", end: "2026-12-01T21:00:00Z", covered: false),
        Coverage(name: "disjoint", start: "2026-12-02T10:00:00Z", end: "2026-12-02T12:00:00Z", covered: false),
        Coverage(name: "wider", start: "2026-12-01T09:00:00Z", end: "2026-12-01T21:00:00Z", covered: false),
    ]

    @Test(
        "Only an entry whose window contains the needed window covers it",
        arguments: StoreBackend.available, coverageCases)
    func coverage(backend: StoreBackend, _ coverage: Coverage) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try makeStore(backend, in: directory, clock: TestClock(utc("2026-12-01T00:00:00Z")))
        let entry = Self.hourly()
        try await store.store(entry)
        let needed = DateInterval(start: utc(coverage.start), end: utc(coverage.end))
        let found = try await store.bestCached(cell: Self.cell, dataSet: "forecastHourly", covering: needed)
        #expect(found == (coverage.covered ? entry : nil))
    }

    @Test(
        "A nil window is covered by any entry; a windowless entry covers no window", arguments: StoreBackend.available)
    func nilWindow(backend: StoreBackend) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try makeStore(backend, in: directory, clock: TestClock(utc("2026-12-01T00:00:00Z")))
        let current = Self.current(fetched: "2026-12-01T00:00:00Z", expires: "2026-12-01T00:10:00Z")
        try await store.store(current)
        try await store.store(Self.hourly())
        #expect(try await store.bestCached(cell: Self.cell, dataSet: "currentWeather", covering: nil) == current)
        #expect(try await store.bestCached(cell: Self.cell, dataSet: "forecastHourly", covering: nil) == Self.hourly())
        let window = DateInterval(start: utc("2026-12-01T12:00:00Z"), duration: 3600)
        #expect(try await store.bestCached(cell: Self.cell, dataSet: "currentWeather", covering: window) == nil)
        #expect(try await store.bestCached(cell: "0.00,0.00", dataSet: "currentWeather", covering: nil) == nil)
    }

    @Test("The newest covering entry wins even when it has expired", arguments: StoreBackend.available)
    func newestCoveringRegardlessOfExpiry(backend: StoreBackend) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let clock = TestClock(utc("2026-12-01T05:00:00Z"))
        let store = try makeStore(backend, in: directory, clock: clock)
        let olderFresh = Self.hourly(
            start: "2026-12-01T00:00:00Z", end: "2026-12-02T00:00:00Z", fetched: "2026-12-01T01:00:00Z",
            expires: "2026-12-01T09:00:00Z")
        let newerExpired = Self.hourly(fetched: "2026-12-01T03:00:00Z", expires: "2026-12-01T04:00:00Z")
        let newestNotCovering = Self.hourly(start: "2026-12-01T15:00:00Z", fetched: "2026-12-01T04:00:00Z")
        for entry in [olderFresh, newerExpired, newestNotCovering] { try await store.store(entry) }
        let needed = DateInterval(start: utc("2026-12-01T11:00:00Z"), end: utc("2026-12-01T13:00:00Z"))
        let found = try await store.bestCached(cell: Self.cell, dataSet: "forecastHourly", covering: needed)
        #expect(found == newerExpired)
        #expect(found?.isFresh(at: clock.now) == false)
    }

    @Test(
        "A window with one bound or reversed bounds is refused, and a batch stores all or nothing",
        arguments: StoreBackend.available)
    func invalidWindows(backend: StoreBackend) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try makeStore(backend, in: directory, clock: TestClock(utc("2026-12-01T00:00:00Z")))
        var halfOpen = Self.hourly()
        halfOpen.windowEnd = nil
        var reversed = Self.hourly()
        reversed.windowStart = utc("2026-12-02T00:00:00Z")
        for entry in [halfOpen, reversed] {
            await #expect(throws: StoreError.self) { try await store.store(entry) }
        }
        let valid = Self.current(fetched: "2026-12-01T00:00:00Z", expires: "2026-12-01T00:10:00Z")
        await #expect(throws: StoreError.self) { try await store.store(contentsOf: [valid, halfOpen]) }
        #expect(try await store.cacheSummary().entries == 0)
    }

    @Test("Summary counts entries, cells, fresh and expired, bytes and fetch times", arguments: StoreBackend.available)
    func summary(backend: StoreBackend) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try makeStore(backend, in: directory, clock: TestClock(utc("2026-12-01T00:30:00Z")))
        let empty = try await store.cacheSummary()
        let none = CacheSummary(
            entries: 0, cells: 0, fresh: 0, expired: 0, bytes: 0, oldestFetch: nil, newestFetch: nil)
        #expect(empty == none)
        try await store.store(
            Self.hourly(fetched: "2026-12-01T00:00:00Z", expires: "2026-12-01T01:00:00Z", body: "12345"))
        try await store.store(
            Self.current(fetched: "2026-12-01T00:10:00Z", expires: "2026-12-01T00:20:00Z", body: "123"))
        try await store.store(
            Self.current(
                fetched: "2026-12-01T00:20:00Z", expires: "2026-12-01T00:40:00Z", body: "12", cell: "1.00,2.00"))
        let summary = try await store.cacheSummary()
        let expected = CacheSummary(
            entries: 3, cells: 2, fresh: 2, expired: 1, bytes: 10, oldestFetch: utc("2026-12-01T00:00:00Z"),
            newestFetch: utc("2026-12-01T00:20:00Z"))
        #expect(summary == expected)
    }

    @Test("Prune deletes only entries that expired before the cut-off", arguments: StoreBackend.available)
    func prune(backend: StoreBackend) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try makeStore(backend, in: directory, clock: TestClock(utc("2026-12-03T00:00:00Z")))
        try await store.store(Self.current(fetched: "2026-11-30T00:00:00Z", expires: "2026-11-30T00:10:00Z", cell: "a"))
        try await store.store(Self.current(fetched: "2026-11-30T00:00:00Z", expires: "2026-11-30T00:10:00Z", cell: "b"))
        try await store.store(Self.current(fetched: "2026-12-02T00:00:00Z", expires: "2026-12-02T00:10:00Z", cell: "c"))
        #expect(try await store.pruneCache(expiredBefore: utc("2026-12-01T00:00:00Z")) == 2)
        #expect(try await store.pruneCache(expiredBefore: utc("2026-12-01T00:00:00Z")) == 0)
        #expect(try await store.cached(cell: "c", dataSet: "currentWeather").count == 1)
        #expect(try await store.cached(cell: "a", dataSet: "currentWeather").isEmpty)
    }
}
