import FleetTestSupport
import Foundation
import Testing

@testable import FleetStore

/// One database shared by stores on several "hosts": the quota is spent together, rows of a
/// session that ended are settled, and the cache takes concurrent stores of one key
/// (docs/state-postgresql.md, sections 2 and 3).
@Suite("PostgreSQL shared by several hosts", .enabled(if: StoreBackend.available.contains(.postgres)))
struct PostgresSharingTests {
    @Test("two hosts reserving at once grant exactly the monthly budget, each count once")
    func ledgerAcrossHosts() async throws {
        let database = try PostgresDatabase(prefix: "hosts")
        let clock = TestClock(utc("2026-12-01T13:05:00Z"))
        let stores = try ["host-a", "host-b"].map { try database.open(clock: clock, processes: otherHost($0)) }
        let granted = try await withThrowingTaskGroup(of: [Reservation].self) { group in
            for (index, store) in stores.enumerated() {
                group.addTask {
                    var granted: [Reservation] = []
                    for attempt in 1...200 {
                        let request = LedgerRequest(runID: "run-\(index)", cell: "cell-\(attempt)", monthlyLimit: 250)
                        if let reservation = try await store.reserve(request) { granted.append(reservation) }
                    }
                    return granted
                }
            }
            var all: [Reservation] = []
            for try await some in group { all += some }
            return all
        }
        #expect(granted.count == 250)
        #expect(Set(granted.map(\.monthUsed)) == Set(1...250), "each count was handed out once")
        #expect(Set(granted.map(\.id)).count == 250)
        #expect(try await stores[0].usage(month: "2026-12") == 250)
        #expect(try await stores[1].rawInteger("SELECT count(*) FROM ledger WHERE month = '2026-12'") == 250)
        let perRun = try await stores[0].ledger(runID: "run-0").count + stores[1].ledger(runID: "run-1").count
        #expect(perRun == 250)
        #expect(try await stores[0].rawInteger("SELECT count(DISTINCT session) FROM ledger") == 2)
        #expect(try await stores[0].rawInteger("SELECT sum(requests)::bigint FROM quota_run") == 250)
    }

    @Test("rows of a store whose session ended are settled as unknown at once; a live session's rows are not")
    func endedSessionIsSettled() async throws {
        let database = try PostgresDatabase(prefix: "session")
        let clock = TestClock(utc("2026-12-01T10:00:00Z"))
        let live = try database.open(clock: clock, processes: otherHost("host-c"))
        for cell in ["x", "y"] { _ = try await live.reserve(LedgerRequest(runID: "c", cell: cell, monthlyLimit: 100)) }
        let session = try await Self.reserveThreeAndClose(database, clock: clock)
        let pid = try #require(session.split(separator: "@").first.flatMap { Int($0) }, "\(session)")
        let ended = try await eventually(within: 10) {
            try database.psql("SELECT count(*) FROM pg_stat_activity WHERE pid = \(pid)") == "0"
        }
        try #require(ended, "the server still lists session \(session) after 10 s")
        let settler = try database.open(clock: clock, processes: otherHost("host-b"))
        #expect(try await settler.settleAbandoned() == 3)
        #expect(try await settler.ledger(runID: "a").map(\.outcome) == [.unknown, .unknown, .unknown])
        #expect(try await settler.ledger(runID: "a").allSatisfy { $0.completedAt == clock.now })
        #expect(try await settler.outcomeCounts(month: "2026-12") == ["unknown": 3, "pending": 2])
        #expect(try await settler.usage(month: "2026-12") == 5, "unknown rows still count")
        #expect(try await settler.settleAbandoned() == 0)
        clock.advance(by: 2 * 86_400)
        #expect(try await settler.settleAbandoned() == 0, "a live session's rows stay pending however old")
        #expect(try await live.ledger(runID: "c").allSatisfy { $0.outcome == nil })
    }

    /// Store A: opened, three reservations, then let go, in a function of its own so that nothing
    /// holds the store (and its connection) once this returns.
    ///
    /// - Returns: A's session as its rows record it.
    private static func reserveThreeAndClose(_ database: PostgresDatabase, clock: TestClock) async throws -> String {
        let store = try database.open(clock: clock, processes: otherHost("host-a"))
        for cell in ["a", "b", "c"] {
            _ = try await store.reserve(LedgerRequest(runID: "a", cell: cell, monthlyLimit: 100))
        }
        let session = try #require(await store.session)
        let recorded = try await store.rawInteger(
            "SELECT count(*) FROM ledger WHERE run_id = 'a' AND session IS NOT NULL")
        #expect(recorded == 3)
        return session
    }

    @Test("a store of another role, which sees no start time of others' sessions, still leaves live rows alone")
    func otherRoleKeepsLiveRows() async throws {
        let database = try PostgresDatabase(prefix: "otherrole")
        let clock = TestClock(utc("2026-12-01T10:00:00Z"))
        let owner = try database.open(clock: clock, processes: otherHost("host-a"))
        _ = try await owner.reserve(LedgerRequest(runID: "a", cell: "a", monthlyLimit: 100))
        let role = database.name + "_other"
        let password = "Ot" + UUID().uuidString.filter(\.isHexDigit)
        try database.psql(
            """
            CREATE ROLE \(role) LOGIN PASSWORD '\(password)';
            GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO \(role);
            GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO \(role);
            """)
        let uri = database.cluster.uri(database: database.name, user: role, password: password)
        let other = try #require(
            try StateStore.postgres(try PostgresTarget(uri: uri), now: { clock.now }, processes: otherHost("host-b")))
        clock.advance(by: 2 * 86_400)
        #expect(try await other.settleAbandoned() == 0)
        #expect(try await owner.ledger(runID: "a").first?.outcome == nil)
    }

    @Test("two stores caching the same key at once never fail and leave one row for the key")
    func concurrentCacheUpsert() async throws {
        let database = try PostgresDatabase(prefix: "cacherace")
        let clock = TestClock(utc("2026-12-01T10:00:00Z"))
        let stores = try ["host-a", "host-b"].map { try database.open(clock: clock, processes: otherHost($0)) }
        let start = utc("2026-12-01T12:00:00Z")
        for round in 1...50 {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (index, store) in stores.enumerated() {
                    let body = Data("round \(round) from \(index)".utf8)
                    let fetched = clock.now + Double(round)
                    let entries = [
                        CacheEntry(
                            cell: "c", dataSet: "forecastHourly", windowStart: start, windowEnd: start + 3600,
                            fetchedAt: fetched, expireTime: fetched + 600, body: body),
                        CacheEntry(
                            cell: "c", dataSet: "currentWeather", fetchedAt: fetched, expireTime: nil, body: body),
                    ]
                    group.addTask { try await store.store(contentsOf: entries) }
                }
                try await group.waitForAll()
            }
            let hourly = try await stores[0].cached(cell: "c", dataSet: "forecastHourly")
            let current = try await stores[1].cached(cell: "c", dataSet: "currentWeather")
            #expect(hourly.count == 1 && current.count == 1, "round \(round)")
            #expect(hourly.first?.fetchedAt == clock.now + Double(round))
        }
        #expect(try await stores[0].rawInteger("SELECT count(*) FROM cache_entry") == 2)
    }

    @Test("two stores writing the same two keys in opposite orders both succeed (a deadlock is run again)")
    func oppositeOrdersAreRetried() async throws {
        let database = try PostgresDatabase(prefix: "deadlock")
        let clock = TestClock(utc("2026-12-01T10:00:00Z"))
        let stores = try ["host-a", "host-b"].map { try database.open(clock: clock, processes: otherHost($0)) }
        for round in 1...10 {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (index, store) in stores.enumerated() {
                    let entries = ["x", "y"].map { cell in
                        CacheEntry(
                            cell: cell, dataSet: "currentWeather", fetchedAt: clock.now + Double(round),
                            expireTime: nil,
                            body: Data("\(round)-\(index)".utf8))
                    }
                    group.addTask { try await store.store(contentsOf: index == 0 ? entries : entries.reversed()) }
                }
                try await group.waitForAll()
            }
        }
        #expect(try await stores[0].rawInteger("SELECT count(*) FROM cache_entry") == 2)
    }
}
