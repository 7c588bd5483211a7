import FleetTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// SIGTERM ends a run within 2 s whatever it is doing, and a schedule that is not a regular
/// file is refused before it is opened (a FIFO with no writer would block `open(2)` for ever,
/// and `/dev/zero` would be read without end).
@Suite("Interrupting reading and fetching")
struct InterruptTests {
    /// How long a test waits for the process after SIGTERM. The product's bound is 2 s (issue 8),
    /// measured on an idle machine by `scripts/bench_signals.py`; here the test suite loads both
    /// cores, so the wait is generous, and what proves the stop is the outcome (the exit code, the
    /// "while reading" message, no plan printed), reached long before the input would end.
    static let deadline: Duration = .seconds(30)

    /// A run or plan of `schedule`, replayed from the demo recordings (no credentials needed).
    static func arguments(_ command: String, _ schedule: String, out: String = "r") -> [String] {
        var words = [command, schedule, "--replay", AppHarness.demoWeather.path, "--state", "s.sqlite"]
        if command == "run" { words += ["--out", out] }
        return words
    }

    @Test("a FIFO, a device or a directory as the schedule is refused at once", arguments: ["run", "plan"])
    func nonRegularScheduleIsRefused(command: String) async throws {
        let live = try LiveHarness()
        defer { live.remove() }
        let fifo = live.file("fifo.csv")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let cases = [
            (fifo.path, "a FIFO"), ("/dev/zero", "a character device"), (live.directory.url.path, "a directory"),
        ]
        for (path, kind) in cases {
            let result = try await live.start(Self.arguments(command, path)).wait(timeout: .seconds(30))
            #expect(result.exitCode == 1, "\(path): \(result.stderr)")
            #expect(result.stderr.contains("not a regular file") && result.stderr.contains(kind), "\(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: live.file("r").path))
    }

    /// A schedule that cannot be read to its end while a test waits: a header, then 64 GiB of
    /// NUL bytes with no line end, as a sparse file (no disk is used). Its one long row costs no
    /// memory (the reader keeps 64 KiB of a row), and scanning it takes minutes, so the child is
    /// still reading however long a loaded machine takes to notice it has begun.
    static func writeHugeSchedule(_ url: URL) throws {
        #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        try handle.write(contentsOf: Data("flight,origin,destination,departure,arrival\n".utf8))
        try handle.truncate(atOffset: 64 << 30)
    }

    /// Waits until the child has the schedule open (it is reading it), or, where its
    /// descriptors cannot be listed (a process that is not dumpable, seen by another user),
    /// until it has used a second of CPU time (start-up takes far less, reading far more).
    static func waitUntilReading(_ run: BinaryRun, schedule: URL) async throws {
        let pid = run.process.processIdentifier
        try await waitUntil("fleetwx reading \(schedule.lastPathComponent)") {
            guard run.isRunning else { throw LiveTestError("fleetwx exited before it was signalled") }
            let fds = "/proc/\(pid)/fd"
            if let entries = try? FileManager.default.contentsOfDirectory(atPath: fds) {
                return entries.contains { entry in
                    (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(fds)/\(entry)")) == schedule.path
                }
            }
            return cpuSeconds(pid) >= 1
        }
    }

    /// User plus system CPU time of a process, from the world-readable `/proc/PID/stat`.
    static func cpuSeconds(_ pid: Int32) -> Double {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let end = stat.range(of: ")", options: .backwards)
        else { return 0 }
        let fields = stat[end.upperBound...].split(separator: " ")
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    @Test("SIGTERM while the schedule is read: ends promptly, exit 1, and the previous report stays")
    func sigtermWhileReading() async throws {
        let live = try LiveHarness()
        defer { live.remove() }
        let first = try await live.runBinary(Self.arguments("run", AppHarness.demoSchedule.path))
        #expect(first.exitCode == 0, "\(first.stderr)")
        let published = try Data(contentsOf: live.file("r/run.json"))
        let schedule = live.file("huge.csv")
        try Self.writeHugeSchedule(schedule)
        let run = try live.start(Self.arguments("run", schedule.path))
        try await Self.waitUntilReading(run, schedule: schedule)
        run.send(SIGTERM)
        let result = try await run.wait(timeout: Self.deadline)
        #expect(result.exitCode == 1, "\(result.stderr)")
        #expect(result.stderr.contains("SIGTERM"), "\(result.stderr)")
        #expect(result.stderr.contains("while reading the schedule"), "\(result.stderr)")
        #expect(try Data(contentsOf: live.file("r/run.json")) == published, "the previous report was replaced")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: live.file("latest").path) == "r")
    }

    @Test("SIGTERM while plan reads the schedule ends it promptly")
    func sigtermWhilePlanReads() async throws {
        let live = try LiveHarness()
        defer { live.remove() }
        let schedule = live.file("huge.csv")
        try Self.writeHugeSchedule(schedule)
        let run = try live.start(Self.arguments("plan", schedule.path))
        try await Self.waitUntilReading(run, schedule: schedule)
        run.send(SIGTERM)
        let result = try await run.wait(timeout: Self.deadline)
        #expect(result.exitCode != 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty, "a plan was printed: \(result.stdout)")
    }

    @Test("plan stops reading at SIGTERM even when its parent started it with SIGTERM ignored")
    func sigtermIgnoredByTheParent() async throws {
        let live = try LiveHarness()
        defer { live.remove() }
        let schedule = live.file("huge.csv")
        try Self.writeHugeSchedule(schedule)
        let run = try BinaryRun.start(
            arguments: Self.arguments("plan", schedule.path), environment: live.variables, directory: live.directory,
            launcher: ["/bin/sh", "-c", "trap '' TERM; exec \"$0\" \"$@\""])
        try await Self.waitUntilReading(run, schedule: schedule)
        run.send(SIGTERM)
        let result = try await run.wait(timeout: Self.deadline)
        #expect(result.exitCode == 1, "\(result.stderr)")
        #expect(result.stderr.contains("stopped by SIGTERM while reading the schedule"), "\(result.stderr)")
        #expect(result.stdout.isEmpty, "a plan was printed: \(result.stdout)")
    }

    @Test("SIGTERM while a request waits on a slow server ends the run promptly, with the report")
    func sigtermWhileFetching() async throws {
        let server = try await FakeWeatherKitServer.start(arguments: ["--latency-ms", "60000"])
        defer { server.stop() }
        let live = try LiveHarness()
        defer { live.remove() }
        try live.write(LiveSchedule.csv(LiveSchedule.flights(3)), to: "s.csv")
        let run = try live.start(LiveRunTests.runArguments(server, out: "r"))
        try await waitUntil("a request in flight") {
            guard run.isRunning else { throw LiveTestError("fleetwx exited early") }
            return try await server.stats().inFlight >= 1
        }
        run.send(SIGTERM)
        let result = try await run.wait(timeout: Self.deadline)
        #expect(result.exitCode == 2, "\(result.stderr)")
        #expect(result.stderr.contains("SIGTERM"), "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: live.file("r/index.html").path))
    }
}
