import FleetTestSupport
import Foundation
import Synchronization
import Testing

@testable import FleetStore

#if canImport(Glibc)
    import Glibc
#endif

/// A process table whose answers the test sets: which owners are alive.
final class ScriptedProcesses: ProcessTable {
    let current: ProcessOwner?
    private let alive: Mutex<Set<Int32>>

    init(pid: Int32, alive: Set<Int32>) {
        current = ProcessOwner(host: "host-a", bootID: "boot-1", pid: pid, startTicks: 7)
        self.alive = Mutex(alive)
    }

    func kill(_ pid: Int32) { _ = alive.withLock { $0.remove(pid) } }

    func liveness(of owner: ProcessOwner) -> ProcessLiveness {
        guard owner.host == "host-a" else { return .unknown }
        return alive.withLock { $0.contains(owner.pid) } ? .alive : .dead
    }
}

/// Ledger rows a dead process left `pending`: settled as `unknown`, still counted.
@Suite("Quota ledger: rows left by dead processes")
struct SettleTests {
    @Test(
        "rows of a dead owner become unknown and keep counting; a live owner's rows stay pending",
        arguments: StoreBackend.available)
    func deadOwnersAreSettled(backend: StoreBackend) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let clock = TestClock(utc("2026-12-01T10:00:00Z"))
        let state = try TestState(backend, in: directory)
        let table = ScriptedProcesses(pid: 10, alive: [10, 11])
        let dying = try state.open(clock: clock, processes: ScriptedProcesses(pid: 11, alive: [11]))
        for cell in ["a", "b", "c"] {
            _ = try await dying.reserve(LedgerRequest(runID: "dying", cell: cell, monthlyLimit: 100))
        }
        let living = try state.open(clock: clock, processes: table)
        _ = try await living.reserve(LedgerRequest(runID: "living", cell: "d", monthlyLimit: 100))
        #expect(try await living.settleAbandoned() == 0, "both owners are alive")
        table.kill(11)
        #expect(try await living.settleAbandoned() == 3)
        #expect(try await living.ledger(runID: "dying").allSatisfy { $0.outcome == .unknown })
        #expect(try await living.ledger(runID: "living").allSatisfy { $0.outcome == nil })
        #expect(try await living.usage(month: "2026-12") == 4, "unknown rows still count")
        #expect(try await living.outcomeCounts(month: "2026-12") == ["unknown": 3, "pending": 1])
    }

    @Test(
        "rows of another host wait a day; rows written before owners were recorded too",
        arguments: StoreBackend.available)
    func unknownOwnersWaitADay(backend: StoreBackend) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let clock = TestClock(utc("2026-12-01T10:00:00Z"))
        let state = try TestState(backend, in: directory)
        let other = ProcessOwner(host: "host-b", bootID: "x", pid: 5, startTicks: 1)
        let remote = try state.open(clock: clock, processes: FixedOwner(other))
        _ = try await remote.reserve(LedgerRequest(runID: "remote", cell: "a", monthlyLimit: 100))
        let local = try state.open(clock: clock, processes: ScriptedProcesses(pid: 1, alive: [1]))
        #expect(try await local.settleAbandoned() == 0)
        clock.advance(by: 86_400 + 1)
        if backend == .postgres {
            // PostgreSQL can judge the other host by its session, which is still open: its rows
            // stay pending however old. A row without a session (written before sessions were
            // recorded, or by a server that hides it) can be judged by nothing, so it waits a day.
            #expect(try await local.settleAbandoned() == 0, "the remote store's session is alive")
            try await local.rawExecute("UPDATE ledger SET session = NULL")
        }
        #expect(try await local.settleAbandoned() == 1)
        #expect(try await local.usage(month: "2026-12") == 1)
    }

    @Test("the live process table: this process is alive, a finished child and another boot are dead")
    func linuxProcessTable() async throws {
        let table = LinuxProcessTable()
        let me = try #require(table.current)
        #expect(me.pid == getpid())
        #expect(table.liveness(of: me) == .alive)
        var reused = me
        reused.startTicks += 1
        #expect(table.liveness(of: reused) == .dead, "the same pid started at another time is another process")
        var rebooted = me
        rebooted.bootID = "another-boot"
        #expect(table.liveness(of: rebooted) == .dead)
        var remote = me
        remote.host = me.host + "-elsewhere"
        #expect(table.liveness(of: remote) == .unknown)
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/true")
        try child.run()
        child.waitUntilExit()
        var gone = me
        gone.pid = child.processIdentifier
        #expect(table.liveness(of: gone) == .dead)
        #expect(ProcessOwner(text: me.text) == me)
    }

    @Test(
        "a reservation and the cache entries of its success are stored together, or not at all",
        arguments: StoreBackend.available)
    func completionWithCacheIsAtomic(backend: StoreBackend) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let clock = TestClock(utc("2026-12-01T10:00:00Z"))
        let store = try makeStore(backend, in: directory, clock: clock)
        let reservation = try #require(try await store.reserve(LedgerRequest(runID: "r", cell: "c", monthlyLimit: 9)))
        let good = CacheEntry(
            cell: "c", dataSet: "forecastHourly", windowStart: clock.now, windowEnd: clock.now + 3600,
            fetchedAt: clock.now, readTime: nil, expireTime: clock.now + 3600, body: Data("{}".utf8))
        var reversed = good
        reversed.dataSet = "forecastDaily"
        reversed.windowEnd = clock.now - 1
        await #expect(throws: StoreError.self) {
            try await store.complete(reservation, outcome: .succeeded, httpStatus: 200, caching: [good, reversed])
        }
        #expect(try await store.ledger(runID: "r").first?.outcome == nil, "still pending: nothing was recorded")
        #expect(try await store.cached(cell: "c", dataSet: "forecastHourly").isEmpty)
        try await store.complete(reservation, outcome: .succeeded, httpStatus: 200, caching: [good])
        #expect(try await store.ledger(runID: "r").first?.outcome == .succeeded)
        #expect(try await store.cached(cell: "c", dataSet: "forecastHourly").count == 1)
    }

    @Test("a refusal says which budget refused", arguments: StoreBackend.available)
    func refusalNamesTheLimit(backend: StoreBackend) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let clock = TestClock(utc("2026-12-01T10:00:00Z"))
        let store = try makeStore(backend, in: directory, clock: clock)
        _ = try await store.tryReserve(LedgerRequest(runID: "r", cell: "a", monthlyLimit: 5, runLimit: 1))
        #expect(
            try await store.tryReserve(LedgerRequest(runID: "r", cell: "b", monthlyLimit: 5, runLimit: 1))
                == .refused(.run(limit: 1, used: 1)))
        #expect(
            try await store.tryReserve(LedgerRequest(runID: "s", cell: "b", monthlyLimit: 1))
                == .refused(.month(month: "2026-12", limit: 1, used: 1)))
        #expect(try await store.remaining(for: LedgerRequest(runID: "s", cell: "", monthlyLimit: 5)) == 4)
        // Out of both: the run's limit is named, so the run does not wait for a new month.
        #expect(
            try await store.tryReserve(LedgerRequest(runID: "r", cell: "c", monthlyLimit: 1, runLimit: 1))
                == .refused(.run(limit: 1, used: 1)))
    }
}

/// A process table that is always the same owner and can judge nobody.
struct FixedOwner: ProcessTable {
    let current: ProcessOwner?
    init(_ owner: ProcessOwner) { current = owner }
    func liveness(of owner: ProcessOwner) -> ProcessLiveness { .unknown }
}
