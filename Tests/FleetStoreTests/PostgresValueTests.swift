import FleetTestSupport
import Foundation
import Testing

@testable import FleetStore

/// Values through PostgreSQL's wire forms (text parameters, binary rows): bytes, doubles and
/// Unicode read back exactly, and what PostgreSQL cannot hold is refused before anything is
/// written (docs/state-postgresql.md §1).
@Suite("PostgreSQL values", .enabled(if: StoreBackend.available.contains(.postgres)))
struct PostgresValueTests {
    /// Bodies that break naive handling: none, a lone NUL byte, a large random one, every byte.
    static func bodies() -> [Data] {
        var random = SeededRandom(seed: 0x464C_5758)
        let large = Data((0..<300_000).map { _ in UInt8.random(in: 0...255, using: &random) })
        return [Data(), Data([0]), large, Data((0...255).map { UInt8($0) })]
    }

    @Test("cache bodies of 0 bytes, 1 byte, 300 KB random and all 256 byte values read back exactly")
    func bodiesRoundTrip() async throws {
        let database = try PostgresDatabase(prefix: "bodies")
        let clock = TestClock(utc("2026-12-01T10:00:00Z"))
        let store = try database.open(clock: clock)
        let bodies = Self.bodies()
        let entries = bodies.enumerated().map { index, body in
            CacheEntry(
                cell: "cell-\(index)", dataSet: "currentWeather", fetchedAt: clock.now, expireTime: nil, body: body)
        }
        try await store.store(contentsOf: entries)
        for entry in entries {
            #expect(try await store.cached(cell: entry.cell, dataSet: "currentWeather") == [entry])
        }
        #expect(try await store.cacheSummary().bytes == bodies.map(\.count).reduce(0, +))
        let lengths = try database.psql("SELECT string_agg(length(body)::text, ',' ORDER BY cell) FROM cache_entry")
        #expect(lengths == bodies.map { String($0.count) }.joined(separator: ","))
        let marks = StoredMarks(
            language: "en", serviceName: nil, light: bodies[3], dark: bodies[1], fetchedAt: clock.now)
        try await store.store(marks: marks)
        #expect(try await store.storedMarks(language: "en") == marks)
    }

    /// Unix seconds whose doubles need all 17 digits, or sit next to each other, or are tiny,
    /// negative or far ahead: any rounding on the way through text or binary would show.
    static let instants: [Double] = [
        1_796_311_234.766_104_2, 1_796_311_234.766_104_2.nextUp, 0.1, -86_400.25, 1e-7, 4_102_444_800.000_001,
    ]

    @Test("dates with fractional seconds read back bit for bit, and compare exactly in queries")
    func datesRoundTrip() async throws {
        let database = try PostgresDatabase(prefix: "dates")
        let clock = TestClock(Date(timeIntervalSince1970: Self.instants[0]))
        let store = try database.open(clock: clock)
        for (index, seconds) in Self.instants.enumerated() {
            let date = Date(timeIntervalSince1970: seconds)
            let next = Date(timeIntervalSince1970: seconds.nextUp)
            let entry = CacheEntry(
                cell: "c\(index)", dataSet: "forecastHourly", windowStart: date, windowEnd: next,
                fetchedAt: date, readTime: next, expireTime: Date(timeIntervalSince1970: seconds.nextDown), body: Data()
            )
            try await store.store(entry)
            let read = try #require(try await store.cached(cell: entry.cell, dataSet: "forecastHourly").first)
            #expect(Self.bits(read) == Self.bits(entry), "\(seconds)")
            let exact = try #require(entry.window)
            #expect(try await store.bestCached(cell: entry.cell, dataSet: "forecastHourly", covering: exact) == entry)
            try await store.beginRun(RunStart(id: "r\(index)", startedAt: date, command: "run", schedulePath: nil))
        }
        // Compared with the seconds as `Date` gives them back, which already rounds values far
        // from its 2001 reference date (0.1 s after 1970 is not 0.1 exactly in a Date).
        let started = try await store.recentRuns(limit: 10).map(\.startedAt.timeIntervalSince1970.bitPattern)
        let given = Self.instants.map { Date(timeIntervalSince1970: $0).timeIntervalSince1970.bitPattern }
        #expect(Set(started) == Set(given))
        let reservation = try #require(try await store.reserve(LedgerRequest(runID: "r", cell: "c", monthlyLimit: 5)))
        #expect(reservation.month == "2026-12")
        let sent = try #require(try await store.ledger(runID: "r").first?.sentAt)
        #expect(sent.timeIntervalSince1970.bitPattern == clock.now.timeIntervalSince1970.bitPattern)
        let stored = try database.psql("SELECT float8send(sent_at) FROM ledger")
        #expect(stored == Self.byteaHex(clock.now.timeIntervalSince1970), "the server holds the very double")
    }

    /// A double as psql prints its binary form (`float8send`): `\\x` and 16 hex digits, big-endian.
    private static func byteaHex(_ number: Double) -> String {
        "\\x" + String(number.bitPattern, radix: 16).leftPadded(to: 16)
    }

    /// The bit patterns of an entry's dates: `==` on `Date` would hide a difference in the last bit
    /// only if the doubles compared equal, which bit patterns rule out.
    private static func bits(_ entry: CacheEntry) -> [UInt64?] {
        [entry.windowStart, entry.windowEnd, entry.fetchedAt, entry.readTime, entry.expireTime].map {
            $0?.timeIntervalSince1970.bitPattern
        }
    }

    @Test("Unicode text reads back exactly and is stored as the same characters")
    func unicodeRoundTrip() async throws {
        let database = try PostgresDatabase(prefix: "unicode")
        let clock = TestClock(utc("2026-12-01T10:00:00Z"))
        let store = try database.open(clock: clock)
        let text = "Zürich ✈ 東京 \u{1F6EB} e\u{301}"
        let start = RunStart(
            id: "run-\(text)", startedAt: clock.now, command: "run \(text)", schedulePath: "\(text).csv")
        try await store.beginRun(start)
        let flight = FlightOutcome(
            flightKey: "LX160|LSZH|\(text)", flight: "LX160", route: "ZRH-NRT", risk: text, status: "ok",
            alertIDs: [text], hazards: ["\(text) icing"], detailJSON: #"{"note":"\#(text)"}"#)
        try await store.finishRun(
            id: start.id, finishedAt: clock.now, exitCode: 0, summaryJSON: "{}", flights: [flight])
        let record = try #require(try await store.recentRuns(limit: 1).first)
        #expect(record.id == start.id)
        #expect(record.command == start.command)
        #expect(record.schedulePath == start.schedulePath)
        #expect(try await store.flightOutcomes(runID: start.id) == [flight])
        #expect(try database.psql("SELECT schedule_path FROM run") == "\(text).csv")
        #expect(try database.psql("SELECT length(command) FROM run") == String("run \(text)".unicodeScalars.count))
        let entry = CacheEntry(
            cell: text, dataSet: "currentWeather", fetchedAt: clock.now, expireTime: nil, body: Data())
        try await store.store(entry)
        #expect(try await store.cached(cell: text, dataSet: "currentWeather") == [entry])
        #expect(try await store.reserve(LedgerRequest(runID: text, cell: text, monthlyLimit: 5)) != nil)
        #expect(try await store.ledger(runID: text).map(\.cell) == [text])
    }

    @Test("text holding a NUL character is refused as an invalid value, and nothing is written")
    func nulRefused() async throws {
        let database = try PostgresDatabase(prefix: "nul")
        let clock = TestClock(utc("2026-12-01T10:00:00Z"))
        let store = try database.open(clock: clock)
        let withNUL = "before\u{0}after"
        try await Self.expectInvalid {
            try await store.beginRun(RunStart(id: "r", startedAt: clock.now, command: withNUL, schedulePath: nil))
        }
        let good = CacheEntry(cell: "c", dataSet: "currentWeather", fetchedAt: clock.now, expireTime: nil, body: Data())
        var bad = good
        bad.cell = withNUL
        try await Self.expectInvalid { try await store.store(contentsOf: [good, bad]) }
        try await Self.expectInvalid {
            try await store.reserve(LedgerRequest(runID: withNUL, cell: "c", monthlyLimit: 5))
        }
        try await Self.expectInvalid {
            try await store.reserve(LedgerRequest(runID: "r", cell: withNUL, monthlyLimit: 5))
        }
        let counts = try database.psql(
            """
            SELECT (SELECT count(*) FROM run) || '|' || (SELECT count(*) FROM cache_entry) || '|' ||
                (SELECT count(*) FROM ledger) || '|' || (SELECT count(*) FROM quota_month) || '|' ||
                (SELECT count(*) FROM quota_run)
            """)
        #expect(counts == "0|0|0|0|0")
        #expect(try await store.reserve(LedgerRequest(runID: "r", cell: "c", monthlyLimit: 5))?.monthUsed == 1)
    }

    /// Expects `body` to throw ``StoreError/invalidValue(_:)`` (not a server error, which would
    /// mean the value reached PostgreSQL).
    private static func expectInvalid<Result: Sendable>(
        sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> Result
    ) async throws {
        let error = await #expect(throws: StoreError.self, sourceLocation: sourceLocation) { try await body() }
        guard case .invalidValue(let reason)? = error else {
            Issue.record("expected .invalidValue, got \(String(describing: error))", sourceLocation: sourceLocation)
            return
        }
        #expect(reason.contains("NUL"), sourceLocation: sourceLocation)
    }
}

extension String {
    /// The text with leading zeros up to `width` characters (hex digits of a bit pattern).
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
