import FleetTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

extension ProcessHeavySuites {
    /// The `fleetwx` binary killed or stopped mid-run.
    ///
    /// To stop it at a known point, without racing a sleep, the fake server answers the first
    /// `answered` requests and then holds every further one (the `hang` fault): once it has
    /// answered those and holds `concurrency` requests, the run is mid-fetch with every slot
    /// busy and nothing between reserving and sending.
    @Suite("Crash safety and signals")
    struct CrashSafetyTests {
        /// `--concurrency` of the runs.
        static let concurrency = 3
        /// Requests answered before the server starts holding them.
        static let answered = 5
        /// Flights in the schedule (two cells each).
        static let flights = 6

        /// Starts a server that answers `answered` requests, then holds the rest for `hold` seconds.
        static func holdingServer(hold: Double = 600) async throws -> FakeWeatherKitServer {
            let server = try await FakeWeatherKitServer.start()
            try await server.setFaults(
                FakeFaults(rules: [
                    FakeFaults.Rule(.gzip, count: answered), FakeFaults.Rule(.hang, hangSeconds: hold),
                ]))
            return server
        }

        /// Waits until the server has answered `answered` requests and holds `concurrency` more.
        static func waitUntilHeld(_ server: FakeWeatherKitServer, _ run: BinaryRun) async throws {
            try await waitUntil("\(answered) answered and \(concurrency) held requests") {
                guard run.isRunning else { throw LiveTestError("fleetwx exited early") }
                let stats = try await server.stats()
                return stats.requests == answered && stats.inFlight == concurrency
            }
        }

        /// A run against `server` at the suite's concurrency.
        static func runArguments(_ server: FakeWeatherKitServer, out: String) -> [String] {
            LiveRunTests.runArguments(server, out: out, extra: ["--concurrency", String(concurrency)])
        }

        @Test("kill -9 mid-run: nothing half-published, the ledger matches the server, a rerun fetches only the rest")
        func killedMidRun() async throws {
            let server = try await Self.holdingServer()
            defer { server.stop() }
            let live = try LiveHarness()
            defer { live.remove() }
            try live.write(LiveSchedule.csv(LiveSchedule.flights(Self.flights)), to: "s.csv")
            let run = try live.start(Self.runArguments(server, out: "reports/r"))
            try await Self.waitUntilHeld(server, run)
            run.send(SIGKILL)
            let killed = try await run.wait()
            #expect(killed.exitCode == 128 + SIGKILL)
            let stats = try await server.stats()
            let received = stats.requests + stats.inFlight
            #expect(received == Self.answered + Self.concurrency)
            // Every request that reached the server is in the month's ledger, held ones included.
            #expect(try await live.quotaUsed() == received)
            // No report, and no staging directory under the report's name.
            let reports = (try? FileManager.default.contentsOfDirectory(atPath: live.file("reports").path)) ?? []
            #expect(!reports.contains("r"), "a report was published by a killed run")
            #expect(!reports.contains("latest"))
            let answeredCells = Set(try await server.requests().map(\.cellKey))
            #expect(answeredCells.count == Self.answered)

            try await server.setFaults(FakeFaults(rules: []))
            let rerun = await live.run(Self.runArguments(server, out: "reports/r"))
            #expect(rerun.exitCode == 0, "\(rerun.stderr)")
            let summary = try live.runJSON("reports/r")
            let cells = try #require(summary.cells)
            #expect(summary.requests("cache_hits") == Self.answered)
            #expect(summary.requests("sent") == cells - Self.answered)
            let rerunCells = Set(try await server.requests().dropFirst(Self.answered).map(\.cellKey))
            #expect(rerunCells.count == cells - Self.answered)
            #expect(rerunCells.isDisjoint(with: answeredCells), "the rerun fetched a cell the killed run had cached")
            #expect(try await live.quotaUsed() == received + cells - Self.answered)
            #expect(try live.csvRows("reports/r/flights.csv").allSatisfy { $0["status"] == "ok" })
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: live.file("reports").path)
            #expect(!leftovers.contains { $0.contains("staging") }, "\(leftovers)")
        }

        @Test(
            "SIGINT or SIGTERM mid-run: no new requests, reports written, exit 2, unfetched flights say so",
            arguments: [SIGINT, SIGTERM])
        func signalStopsTheRun(_ signal: Int32) async throws {
            let server = try await Self.holdingServer()
            defer { server.stop() }
            let live = try LiveHarness()
            defer { live.remove() }
            let flights = LiveSchedule.flights(Self.flights)
            try live.write(LiveSchedule.csv(flights), to: "s.csv")
            let run = try live.start(Self.runArguments(server, out: "r"))
            try await Self.waitUntilHeld(server, run)
            run.send(signal)
            let result = try await run.wait()
            #expect(result.exitCode == 2, "\(result.stderr)")
            #expect(result.stderr.contains(signal == SIGINT ? "SIGINT" : "SIGTERM"))
            let stats = try await server.stats()
            #expect(
                stats.requests + stats.inFlight == Self.answered + Self.concurrency,
                "requests were sent after the signal")
            let summary = try live.runJSON("r")
            #expect(summary.exitCode == 2)
            #expect(summary.requests("sent") == Self.answered + Self.concurrency)
            #expect(summary.requests("succeeded") == Self.answered)
            let rows = try live.csvRows("r/flights.csv")
            #expect(rows.count == flights.count)
            let interrupted = rows.filter { ($0["status_detail"] ?? "").contains("not fetched: run interrupted") }
            #expect(!interrupted.isEmpty)
            #expect(rows.allSatisfy { $0["status"] == "ok" || interrupted.contains($0) })
            #expect(FileManager.default.fileExists(atPath: live.file("r/index.html").path))
            #expect(try await live.quotaUsed() == Self.answered + Self.concurrency)
        }
    }
}
