import FleetAirports
import FleetTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The `fleetwx` binary against a service that is not there, hangs, or is killed mid-trial:
/// quota is charged only for attempts that may have reached the service, and a dead service
/// costs one request's attempts, not every cell's.
@Suite("Dead, hung and killed: what the quota pays")
struct DeadServiceTests {
    /// A schedule of `flights` flights between distinct airports of the bundled directory (two
    /// cells a flight), departing within the next hours.
    static func wideSchedule(flights: Int) throws -> String {
        let directory = try AirportDirectory.bundled()
        var seen: Set<String> = []
        var codes: [String] = []
        for airport in directory.airports {
            guard let iata = airport.iata, iata.count == 3 else { continue }
            let cell = "\((airport.latitude * 100).rounded()),\((airport.longitude * 100).rounded())"
            guard seen.insert(cell).inserted else { continue }
            codes.append(iata)
            if codes.count == 2 * flights { break }
        }
        let base = (Date().timeIntervalSince1970 / 60).rounded(.down) * 60 + 2 * 3600
        let rows = (0..<flights).map { index in
            let departure = Date(timeIntervalSince1970: base + Double(index % 20) * 600)
            let arrival = departure.addingTimeInterval(3 * 3600)
            return "ZZ\(100 + index),\(codes[2 * index]),\(codes[2 * index + 1]),"
                + "\(LiveSchedule.utc(departure)),\(LiveSchedule.utc(arrival))"
        }
        return (["flight,origin,destination,departure,arrival"] + rows).joined(separator: "\n") + "\n"
    }

    /// A loopback port with nothing listening: bound and held, never listened on, so a
    /// connection is refused and no other test's fake server can take the port while the run
    /// goes on (a port closed right away was taken by a parallel test's server under load, and
    /// the run was answered). Close the socket when the run is over.
    static func closedPort() throws -> (port: Int, socket: Int32) {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(socket, raw, length) == 0 && getsockname(socket, raw, &length) == 0
            }
        }
        guard bound else {
            close(socket)
            throw POSIXError(.EADDRNOTAVAIL)
        }
        return (Int(UInt16(bigEndian: address.sin_port)), socket)
    }

    @Test("nothing listening: 200 cells charge nothing, the run stops after one request's attempts, exit 1")
    func nothingListening() async throws {
        let live = try LiveHarness()
        defer { live.remove() }
        try live.write(try Self.wideSchedule(flights: 100), to: "s.csv")
        let (port, held) = try Self.closedPort()
        defer { close(held) }
        let result = await live.run([
            "run", "s.csv", "--endpoint", "http://127.0.0.1:\(port)", "--state", "state.sqlite", "--out", "r",
            "--concurrency", "16",
        ])
        #expect(result.exitCode == 1, "\(result.stderr)")
        #expect(result.stderr.contains("did not answer the run's first request"), "\(result.stderr)")
        #expect(result.stderr.contains("previous one stays"), "\(result.stderr)")
        #expect(try await live.quotaUsed() == 0, "refused connections reached no service")
        #expect(!FileManager.default.fileExists(atPath: live.file("r").path))
    }

    @Test("a hung service: the first request's timeouts end the run; the month pays only those attempts")
    func hungService() async throws {
        let server = try await FakeWeatherKitServer.start()
        defer { server.stop() }
        try await server.setFaults(FakeFaults(rules: [FakeFaults.Rule(.hang, hangSeconds: 30)]))
        let live = try LiveHarness(requestTimeoutSeconds: 0.3)
        defer { live.remove() }
        try live.write(try Self.wideSchedule(flights: 30), to: "s.csv")
        let result = await live.run(LiveRunTests.runArguments(server, out: "r", extra: ["--concurrency", "16"]))
        #expect(result.exitCode == 1, "\(result.stderr)")
        #expect(result.stderr.contains("timed out"), "\(result.stderr)")
        // One request's 4 attempts, charged (each may have arrived); on a loaded machine a 0.3 s
        // attempt can time out before the server has even read it, so the server may count fewer.
        let stats = try await server.stats()
        #expect((1...4).contains(stats.requests + stats.inFlight), "one request's attempts at most")
        #expect(try await live.quotaUsed() == 4)
    }

    @Test("kill -9 during the lone first request: after the next run starts, the month is at most one above")
    func killedDuringTrial() async throws {
        let server = try await FakeWeatherKitServer.start()
        defer { server.stop() }
        try await server.setFaults(FakeFaults(rules: [FakeFaults.Rule(.hang, hangSeconds: 600)]))
        let live = try LiveHarness()
        defer { live.remove() }
        try live.write(LiveSchedule.csv(LiveSchedule.flights(8)), to: "s.csv")
        let run = try live.start(LiveRunTests.runArguments(server, out: "r", extra: ["--concurrency", "16"]))
        try await waitUntil("the first request held") {
            guard run.isRunning else { throw LiveTestError("fleetwx exited early") }
            return try await server.stats().inFlight == 1
        }
        try await Task.sleep(for: .milliseconds(300))  // time for the other workers to (wrongly) reserve
        run.send(SIGKILL)
        _ = try await run.wait()
        try await server.setFaults(FakeFaults(rules: []))
        let rerun = await live.run(LiveRunTests.runArguments(server, out: "r", extra: ["--concurrency", "16"]))
        #expect(rerun.exitCode == 0, "\(rerun.stderr)")
        #expect(rerun.stderr.contains("outcome \"unknown\""), "\(rerun.stderr)")
        let stats = try await server.stats()
        let seen = stats.requests + stats.inFlight
        let used = try await live.quotaUsed()
        #expect(used >= seen - 1 && used <= seen + 1, "ledger \(used), server \(seen)")
        let quota = await live.run(["quota", "--state", "state.sqlite"])
        #expect(quota.stdout.contains("unknown:       1"), "\(quota.stdout)")
    }

    @Test("--max-requests stops the run: stderr and run.json say which limit and how many cells were left")
    func quotaStopIsSaid() async throws {
        let server = try await FakeWeatherKitServer.start()
        defer { server.stop() }
        let live = try LiveHarness()
        defer { live.remove() }
        try live.write(LiveSchedule.csv(LiveSchedule.flights(5)), to: "s.csv")
        let result = await live.run(LiveRunTests.runArguments(server, out: "r", extra: ["--max-requests", "3"]))
        #expect(result.exitCode == 2)
        let said = "--max-requests 3 stopped the run after 3 request(s) sent: 7 cell(s) left unfetched"
        #expect(result.stderr.contains(said), "\(result.stderr)")
        let summary = try live.runJSON("r")
        let warnings = summary.object["warnings"] as? [String] ?? []
        #expect(warnings.contains { $0.contains(said) }, "\(warnings)")
    }
}
