import FleetAuth
import FleetTestSupport
import Foundation
import Testing

@testable import FleetApp

#if canImport(Glibc)
    import Glibc
#endif

/// A crash must not write the key and the tokens to a core file: fleetwx turns core dumps off
/// (and makes itself non-dumpable) before it does anything else.
@Suite("No core dumps")
struct CoreDumpTests {
    @Test("after FleetApp starts, the process is not dumpable and may write no core")
    func inProcess() async throws {
        let console = CapturingConsole()
        let environment = AppEnvironment(
            variables: [:], workingDirectory: URL(fileURLWithPath: NSTemporaryDirectory()),
            executable: URL(fileURLWithPath: "/nonexistent/fleetwx"), now: { Date() }, console: console)
        #expect(await FleetApp.main(["--version"], environment: environment) == 0)
        #expect(!ProcessHardening.isDumpable)
        var limit = rlimit()
        #expect(getrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &limit) == 0)
        #expect(limit.rlim_cur == 0 && limit.rlim_max == 0)
    }

    /// Started from a shell that allows core files, the binary still has a core limit of 0 while
    /// it waits on a slow server (the point where a crash would dump the key and a token). The
    /// shell raises the limit where it may (as root, or before this test process lowered its own
    /// limit in ``inProcess()``), so the binary must lower it itself.
    @Test("the binary runs with a core file limit of 0, even when started with core files allowed")
    func binaryHasNoCoreLimit() async throws {
        let server = try await FakeWeatherKitServer.start(arguments: ["--latency-ms", "60000"])
        defer { server.stop() }
        let live = try LiveHarness()
        defer { live.remove() }
        try live.write(LiveSchedule.csv(LiveSchedule.flights(2)), to: "s.csv")
        let run = try BinaryRun.start(
            arguments: LiveRunTests.runArguments(server, out: "r"), environment: live.variables,
            directory: live.directory,
            launcher: ["/bin/sh", "-c", "ulimit -c unlimited 2>/dev/null; exec \"$0\" \"$@\""])
        defer { run.send(SIGKILL) }
        try await waitUntil("a request in flight") {
            guard run.isRunning else { throw LiveTestError("fleetwx exited early") }
            return try await server.stats().inFlight >= 1
        }
        let limits = try String(contentsOfFile: "/proc/\(run.process.processIdentifier)/limits", encoding: .utf8)
        let core = try #require(limits.split(separator: "\n").first { $0.hasPrefix("Max core file size") })
        // "Max core file size  SOFT  HARD  bytes"
        #expect(Array(core.split(separator: " ").dropFirst(4).prefix(2)) == ["0", "0"], "\(core)")
        run.send(SIGTERM)
        _ = try await run.wait()
    }
}
