import FleetTestSupport
import Foundation
import Testing

@testable import FleetStore

/// A reservation is on disk before its request goes out: each one is synced (`synchronous=FULL`),
/// not left in the WAL for a later checkpoint, where a power cut could take it back.
///
/// Seen from outside, with strace counting the sync calls of a worker process that only
/// reserves; where strace is missing the test is skipped.
@Suite("Quota ledger durability")
struct ReservationDurabilityTests {
    static let databaseVariable = "FLEETWX_DURABILITY_WORKER_DB"
    static let reservations = 40
    static let strace = "/usr/bin/strace"

    @Test(
        "Worker: reserves when started by the durability test",
        .enabled(if: ProcessInfo.processInfo.environment[databaseVariable] != nil))
    func worker() async throws {
        let path = try #require(ProcessInfo.processInfo.environment[Self.databaseVariable])
        let store = try StateStore(path: path)
        for index in 0..<Self.reservations {
            _ = try await store.reserve(LedgerRequest(runID: "durable", cell: "c\(index)", monthlyLimit: 1_000))
        }
    }

    @Test(
        "every reservation is synced to disk before it returns",
        .enabled(if: FileManager.default.isExecutableFile(atPath: strace)))
    func reservationsAreSynced() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let database = directory.file("state.sqlite")
        _ = try StateStore(path: database.path)  // created (and migrated) outside the trace
        let trace = directory.file("trace.txt")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.strace)
        let binary = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = [
            "-f", "-qq", "-e", "trace=fsync,fdatasync", "-e", "signal=none", "-o", trace.path, binary.path,
            "--testing-library", "swift-testing", "--filter", "ReservationDurabilityTests/worker",
        ]
        var environment = ProcessInfo.processInfo.environment
        environment[Self.databaseVariable] = database.path
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = ContinuousClock.now + .seconds(120)
        while process.isRunning && ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        try #require(!process.isRunning && process.terminationStatus == 0, "the traced worker failed")
        let store = try StateStore(path: database.path)
        #expect(try await store.usage(month: store.currentMonth()) == Self.reservations)
        let syncs = try String(contentsOf: trace, encoding: .utf8).split(separator: "\n")
            .filter { $0.contains("fsync(") || $0.contains("fdatasync(") }
        #expect(syncs.count >= Self.reservations, "\(syncs.count) syncs for \(Self.reservations) reservations")
    }
}
