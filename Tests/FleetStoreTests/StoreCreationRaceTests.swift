import FleetTestSupport
import Foundation
import Testing

@testable import FleetStore

/// Opening a state file while another process is creating it.
///
/// A run opened while another one was creating the same new file once refused it as "a SQLite
/// database of another application": the file's marker, version and table count were read by
/// three statements through a connection that takes no lock, and they came from two states of
/// the file (`scripts/probe_race.py`). Here a worker process creates many new files one after
/// another while this process looks at each of them again and again during its creation, as
/// ``StateStore`` does before it opens a file for writing.
@Suite("A state file opened while another process creates it")
struct StoreCreationRaceTests {
    static let rounds = 20
    static let reservations = 40

    @Test(
        "Worker: creates the state files the race test names",
        .enabled(if: ProcessInfo.processInfo.environment[LedgerProcessTests.databaseVariable] != nil))
    func worker() async throws {
        let environment = ProcessInfo.processInfo.environment
        let prefix = try #require(environment[LedgerProcessTests.databaseVariable])
        let folder = URL(fileURLWithPath: try #require(environment[LedgerProcessTests.outputVariable]))
        for round in 0..<Self.rounds {
            while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("go-\(round)").path) {
                try await Task.sleep(for: .milliseconds(1))
            }
            let store = try StateStore(path: prefix + "-\(round)")
            for attempt in 1...Self.reservations {
                let request = LedgerRequest(runID: "worker", cell: "c\(attempt)", monthlyLimit: 1_000_000)
                if let reservation = try await store.reserve(request) {
                    try await store.complete(reservation, outcome: .succeeded, httpStatus: 200)
                }
            }
            // On a quick, quiet machine the round could end before the other process looked at
            // all (CI once counted 2 looks in 20 rounds): the round stays open until it has
            // looked twice, or for at most a minute.
            let deadline = Date().addingTimeInterval(60)
            while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("looked-\(round)").path),
                Date() < deadline
            {
                try await Task.sleep(for: .milliseconds(1))
            }
            try Data().write(to: folder.appendingPathComponent("done-\(round)"))
        }
    }

    @Test("Every look at a file during another process's creation of it finds a fleetwx file or none")
    func looksDuringCreation() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let prefix = directory.file("state").path
        let worker = try LedgerProcessTests.launchWorker(
            database: URL(fileURLWithPath: prefix), output: directory.url,
            filter: "StoreCreationRaceTests/worker")
        var looks = 0
        var failures: [String] = []
        for round in 0..<Self.rounds where worker.isRunning {
            let path = prefix + "-\(round)"
            try Data().write(to: directory.file("go-\(round)"))
            // Open the file from the moment it appears until the worker has finished with it.
            while !FileManager.default.fileExists(atPath: path), worker.isRunning { await Task.yield() }
            var looksThisRound = 0
            while !FileManager.default.fileExists(atPath: directory.file("done-\(round)").path), worker.isRunning {
                do {
                    _ = try DatabaseProbe.checkExisting(path: path, busyTimeoutMilliseconds: 15_000)
                    looks += 1
                } catch {
                    failures.append("round \(round): \(error.description)")
                }
                looksThisRound += 1
                if looksThisRound == 2 { try Data().write(to: directory.file("looked-\(round)")) }
            }
        }
        try await LedgerProcessTests.waitFor(timeout: .seconds(120)) { !worker.isRunning }
        let log = (try? String(contentsOf: directory.url.appendingPathExtension("log"), encoding: .utf8)) ?? ""
        #expect(worker.terminationStatus == 0, "worker failed:\n\(log)")
        #expect(failures.isEmpty, "\(failures.count) of \(looks + failures.count) looks failed: \(failures.prefix(3))")
        #expect(looks > Self.rounds)
    }
}
