import FleetTestSupport
import Foundation
import Testing

@testable import FleetStore

/// Two operating-system processes reserving quota from one state file.
///
/// The test binary starts itself twice, each time running only ``worker()``, which is enabled
/// by the environment variables the parent sets; in a normal test run the worker is skipped.
@Suite("Quota ledger shared by two processes")
struct LedgerProcessTests {
    static let databaseVariable = "FLEETWX_STORE_WORKER_DB"
    static let outputVariable = "FLEETWX_STORE_WORKER_OUT"
    static let attemptsVariable = "FLEETWX_STORE_WORKER_ATTEMPTS"
    static let attempts = 300
    static let budget = 450

    @Test(
        "Worker: reserves quota when started by the two-process test",
        .enabled(if: ProcessInfo.processInfo.environment[databaseVariable] != nil))
    func worker() async throws {
        let environment = ProcessInfo.processInfo.environment
        let database = try #require(environment[Self.databaseVariable])
        let output = URL(fileURLWithPath: try #require(environment[Self.outputVariable]))
        // Signal readiness, then wait for the parent's go, so both processes create the new file
        // and reserve at the same moment.
        try Data().write(to: output.appendingPathExtension("ready"))
        let go = output.deletingLastPathComponent().appendingPathComponent("go")
        while !FileManager.default.fileExists(atPath: go.path) { try await Task.sleep(for: .milliseconds(1)) }
        let store = try StateStore(path: database)
        let attempts = environment[Self.attemptsVariable].flatMap { Int($0) } ?? Self.attempts
        var granted = 0
        for attempt in 1...attempts {
            let request = LedgerRequest(runID: output.lastPathComponent, cell: "c\(attempt)", monthlyLimit: Self.budget)
            if let reservation = try await store.reserve(request) {
                granted += 1
                try await store.complete(reservation, outcome: .succeeded, httpStatus: 200)
            }
        }
        try Data(String(granted).utf8).write(to: output)
    }

    @Test("Two processes creating one new file never exceed the monthly budget together", arguments: 0..<5)
    func twoProcesses(round: Int) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let database = directory.file("state.sqlite")
        let workers = try ["one", "two"].map { name in
            try Self.launchWorker(database: database, output: directory.file(name))
        }
        try await Self.waitFor(timeout: .seconds(120)) {
            ["one", "two"].allSatisfy { FileManager.default.fileExists(atPath: directory.file("\($0).ready").path) }
                || workers.contains { !$0.isRunning }
        }
        try Data().write(to: directory.file("go"))
        try await Self.waitFor(timeout: .seconds(120)) { workers.allSatisfy { !$0.isRunning } }
        for (worker, name) in zip(workers, ["one", "two"]) {
            let log = (try? String(contentsOf: directory.file("\(name).log"), encoding: .utf8)) ?? ""
            #expect(worker.terminationStatus == 0, "worker \(name) failed:\n\(log)")
        }
        let counts = ["one", "two"].compactMap { name in
            (try? String(contentsOf: directory.file(name), encoding: .utf8)).flatMap { Int($0) }
        }
        #expect(counts.count == 2)
        #expect(counts.reduce(0, +) == Self.budget)
        let store = try StateStore(path: database.path)
        #expect(try await store.usage(month: store.currentMonth()) == Self.budget)
    }

    @Test("A process killed while reserving leaves a consistent ledger")
    func killedWhileReserving() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let database = directory.file("state.sqlite")
        let store = try StateStore(path: database.path)
        let worker = try Self.launchWorker(database: database, output: directory.file("victim"), attempts: 1_000_000)
        try await Self.waitFor(timeout: .seconds(120)) {
            FileManager.default.fileExists(atPath: directory.file("victim.ready").path) || !worker.isRunning
        }
        try Data().write(to: directory.file("go"))
        let month = await store.currentMonth()
        try await Self.waitFor(timeout: .seconds(120)) {
            // The condition is synchronous, so read the count through a fresh connection.
            let count = try? SQLiteConnection(path: database.path, mode: .readOnly).integer(
                "SELECT count(*) FROM ledger")
            return (count ?? 0) >= 50 || !worker.isRunning
        }
        #expect(worker.isRunning)
        kill(worker.processIdentifier, SIGKILL)
        try await Self.waitFor(timeout: .seconds(30)) { !worker.isRunning }
        #expect(worker.terminationReason == .uncaughtSignal)
        #expect(try await store.rawText("PRAGMA integrity_check") == "ok")
        let rows = try await store.rawInteger("SELECT count(*) FROM ledger WHERE outcome <> 'not_sent'")
        #expect(rows >= 50)
        #expect(try await store.usage(month: month) == Int(rows))
        #expect(try await store.reserve(LedgerRequest(runID: "after", cell: "c", monthlyLimit: 1_000_000)) != nil)
    }

    /// Starts this test binary running only ``worker()``, or the worker test `filter` names.
    static func launchWorker(
        database: URL, output: URL, attempts: Int = attempts, filter: String = "LedgerProcessTests/worker"
    ) throws -> Process {
        let process = Process()
        process.executableURL = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["--testing-library", "swift-testing", "--filter", filter]
        var environment = ProcessInfo.processInfo.environment
        environment[databaseVariable] = database.path
        environment[outputVariable] = output.path
        environment[attemptsVariable] = String(attempts)
        process.environment = environment
        let log = output.appendingPathExtension("log")
        try Data().write(to: log)
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        return process
    }

    /// Polls `condition` without blocking a thread of the shared pool.
    static func waitFor(timeout: Duration, _ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + timeout
        while !condition() {
            guard ContinuousClock.now < deadline else {
                Issue.record("timed out after \(timeout)")
                return
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }
}
