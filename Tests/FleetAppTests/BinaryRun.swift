import FleetTestSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The built `fleetwx` executable running as a child process, for tests that need a real
/// process: `kill -9`, SIGINT, SIGTERM, two processes sharing a state file.
///
/// Output goes to files (not pipes), so a chatty child can never block on a full pipe while
/// the test waits for it; they are read after it exits.
final class BinaryRun: Sendable {
    /// How long ``wait(timeout:)`` waits by default before killing the child.
    static let defaultTimeout: Duration = .seconds(180)

    /// The `fleetwx` binary built next to the test bundle (or in `.build/debug`).
    static var executable: URL? {
        var candidates: [URL] = []
        if let bundle = Bundle.main.executableURL {
            candidates.append(bundle.deletingLastPathComponent().appendingPathComponent("fleetwx"))
        }
        candidates.append(AppHarness.packageRoot.appendingPathComponent(".build/debug/fleetwx"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// The child.
    let process: Process
    private let stdoutFile: URL
    private let stderrFile: URL

    private init(process: Process, stdoutFile: URL, stderrFile: URL) {
        self.process = process
        self.stdoutFile = stdoutFile
        self.stderrFile = stderrFile
    }

    /// Starts the binary.
    ///
    /// - Parameters:
    ///   - arguments: The words after `fleetwx`.
    ///   - environment: The whole environment of the child.
    ///   - directory: Its working directory (output files go there too).
    ///   - launcher: A program and its arguments that run the binary (its path and `arguments`
    ///     follow them), e.g. a shell that sets a resource limit first and then `exec`s it, so
    ///     the child keeps its process ID.
    /// - Returns: The running child.
    /// - Throws: When the binary is missing or cannot be started.
    static func start(
        arguments: [String], environment: [String: String], directory: TemporaryDirectory, launcher: [String] = []
    ) throws -> BinaryRun {
        guard let executable else { throw LiveTestError("the fleetwx binary is not built") }
        let name = UUID().uuidString.prefix(8)
        let stdoutFile = directory.file(".fleetwx-\(name).stdout")
        let stderrFile = directory.file(".fleetwx-\(name).stderr")
        for file in [stdoutFile, stderrFile] { _ = FileManager.default.createFile(atPath: file.path, contents: nil) }
        let process = Process()
        if let program = launcher.first {
            process.executableURL = URL(fileURLWithPath: program)
            process.arguments = Array(launcher.dropFirst()) + [executable.path] + arguments
        } else {
            process.executableURL = executable
            process.arguments = arguments
        }
        process.environment = environment
        process.currentDirectoryURL = directory.url
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: stdoutFile)
        process.standardError = try FileHandle(forWritingTo: stderrFile)
        try process.run()
        return BinaryRun(process: process, stdoutFile: stdoutFile, stderrFile: stderrFile)
    }

    /// A child still running when its test lets go of it (a test that failed before it
    /// signalled or waited) is killed: left behind, a child reading a 64 GiB schedule would
    /// keep loading the machine and slow every later test.
    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// Sends a signal to the child (SIGINT, SIGTERM, SIGKILL).
    func send(_ signal: Int32) {
        if process.isRunning { kill(process.processIdentifier, signal) }
    }

    /// Whether the child has not exited yet.
    var isRunning: Bool { process.isRunning }

    /// Waits for the child to exit, polling; kills it if it outlives the timeout.
    ///
    /// - Parameter timeout: The most to wait (generous: the machine may be loaded).
    /// - Returns: Exit code (128 + N for death by signal N) and its output.
    /// - Throws: ``FakeServerError`` when it had to be killed.
    func wait(timeout: Duration = defaultTimeout) async throws -> AppHarness.Result {
        let deadline = ContinuousClock.now + timeout
        while process.isRunning && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            while process.isRunning { try await Task.sleep(for: .milliseconds(20)) }
            throw LiveTestError("fleetwx did not exit within \(timeout): \(output().stderr)")
        }
        let status = process.terminationStatus
        let code = process.terminationReason == .uncaughtSignal ? 128 + status : status
        let (stdout, stderr) = output()
        return AppHarness.Result(exitCode: code, stdout: stdout, stderr: stderr)
    }

    /// What the child has written to stderr so far.
    var stderrText: String { output().stderr }

    private func output() -> (stdout: String, stderr: String) {
        let read = { (url: URL) in (try? String(contentsOf: url, encoding: .utf8)) ?? "" }
        return (read(stdoutFile), read(stderrFile))
    }
}

/// Polls a condition until it holds, for waiting on another process or the fake server
/// without guessing a sleep.
///
/// - Parameters:
///   - timeout: The most to wait.
///   - what: What is awaited, for the failure message.
///   - condition: Checked every 20 ms.
/// - Throws: ``FakeServerError`` when it still does not hold at the deadline.
func waitUntil(
    timeout: Duration = .seconds(120), _ what: String, _ condition: () async throws -> Bool
) async throws {
    let deadline = ContinuousClock.now + timeout
    // The condition is checked once more after the deadline: on 2 cores the task can be held
    // off the cooperative pool for longer than the timeout by tests running in-process, and
    // waking up late is not the child's fault.
    while true {
        if try await condition() { return }
        guard ContinuousClock.now < deadline else { throw LiveTestError("timed out waiting for \(what)") }
        try await Task.sleep(for: .milliseconds(20))
    }
}

/// A live test could not go on (a binary missing, a child that would not exit, a wait that
/// timed out).
struct LiveTestError: Error, CustomStringConvertible {
    let description: String

    /// Creates the error with its message.
    init(_ description: String) { self.description = description }
}
