public import FleetWeatherKit
public import Foundation
internal import Synchronization

#if canImport(Glibc)
    internal import Glibc
#endif

/// Runs `Tests/FakeWeatherKit/fake_weatherkit.py` as a child process on 127.0.0.1 for one test.
///
/// Each test starts its own server on its own port (`--port 0`), so tests can run in
/// parallel. The server exits when ``stop()`` is called, when this object is released, or
/// when the test process dies (it watches its stdin, which only this object holds open).
public final class FakeWeatherKitServer: Sendable {
    /// How long start-up may take before the server is considered broken.
    public static let startupTimeout: TimeInterval = 30
    /// How long ``stop()`` waits for the process to exit before killing it.
    public static let stopTimeout: TimeInterval = 3

    /// The script, found from this file's location.
    public static let script = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("FakeWeatherKit/fake_weatherkit.py")

    /// The port the server listens on.
    public let port: Int
    /// `http://127.0.0.1:<port>`.
    public let baseURL: URL
    private let process: Process
    private let stdin: Pipe
    private let stderrFile: URL
    private let control: URLSessionTransport
    private let stopped = Mutex(false)

    private init(process: Process, stdin: Pipe, stderrFile: URL, port: Int) throws {
        self.process = process
        self.stdin = stdin
        self.stderrFile = stderrFile
        self.port = port
        guard let url = URL(string: "http://127.0.0.1:\(port)") else { throw FakeServerError("bad port \(port)") }
        baseURL = url
        control = URLSessionTransport(maximumConcurrentRequests: 2)
    }

    deinit { stop() }

    /// Starts a server and waits for `LISTENING <port>`.
    ///
    /// - Parameters:
    ///   - publicKey: The PEM public key tokens must verify with (default: the test key).
    ///   - arguments: Extra flags (`--fault status5xx:2`, `--latency-ms 100`, `--team-id …`).
    /// - Returns: The running server.
    /// - Throws: ``FakeServerError`` when python3 is missing or the server does not start.
    public static func start(
        publicKey: URL = TestCredentials.publicKey, arguments: [String] = []
    ) async throws -> FakeWeatherKitServer {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            ["python3", script.path, "--port", "0", "--public-key", publicKey.path, "--exit-on-stdin-close"]
            + arguments
        let stdin = Pipe()
        let stdout = Pipe()
        let stderrFile = FileManager.default.temporaryDirectory
            .appendingPathComponent("fake-weatherkit-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: stderrFile.path, contents: nil)
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = try FileHandle(forWritingTo: stderrFile)
        try process.run()
        guard let port = await readPort(stdout.fileHandleForReading, process: process) else {
            process.terminate()
            process.waitUntilExit()
            let log = (try? String(contentsOf: stderrFile, encoding: .utf8)) ?? ""
            try? FileManager.default.removeItem(at: stderrFile)
            throw FakeServerError("fake WeatherKit server did not start: \(log)")
        }
        return try FakeWeatherKitServer(process: process, stdin: stdin, stderrFile: stderrFile, port: port)
    }

    /// The server as a ``WeatherKitEndpoint`` (plain http is allowed: it is loopback).
    ///
    /// - Returns: The endpoint.
    /// - Throws: Never in practice; the URL is always loopback.
    public func endpoint() throws -> WeatherKitEndpoint {
        try WeatherKitEndpoint(string: baseURL.absoluteString)
    }

    /// Replaces (or, with `append`, extends) the fault rules and runtime settings.
    ///
    /// - Parameter faults: The configuration.
    /// - Throws: When the server rejects it.
    public func setFaults(_ faults: FakeFaults) async throws {
        _ = try await call("/__faults", method: "POST", body: try JSONEncoder().encode(faults))
    }

    /// Every API request logged since start or the last reset.
    ///
    /// - Returns: The requests in arrival order.
    /// - Throws: When the server cannot be reached.
    public func requests() async throws -> [RecordedRequest] {
        try JSONDecoder().decode([RecordedRequest].self, from: try await call("/__requests"))
    }

    /// The server's counters.
    ///
    /// - Returns: The counters.
    /// - Throws: When the server cannot be reached.
    public func stats() async throws -> FakeServerStats {
        try JSONDecoder().decode(FakeServerStats.self, from: try await call("/__stats"))
    }

    /// Clears the log, counters and faults.
    ///
    /// - Throws: When the server cannot be reached.
    public func reset() async throws {
        _ = try await call("/__reset", method: "POST", body: Data("{}".utf8))
    }

    /// What the server wrote to stderr (Python tracebacks, if any).
    public var errorLog: String { (try? String(contentsOf: stderrFile, encoding: .utf8)) ?? "" }

    /// Stops the server: closes its stdin (it exits on EOF), sends SIGTERM, and waits up to
    /// ``stopTimeout`` before SIGKILL. Safe to call more than once.
    ///
    /// Deliberately not `waitUntilExit()`: that spins a run loop on the calling thread, and a
    /// child that ignores SIGTERM would then block a Swift concurrency thread for good.
    public func stop() {
        let alreadyStopped = stopped.withLock { value in
            defer { value = true }
            return value
        }
        guard !alreadyStopped else { return }
        try? stdin.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
        let deadline = Date().addingTimeInterval(Self.stopTimeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        try? FileManager.default.removeItem(at: stderrFile)
    }

    private func call(_ path: String, method: String = "GET", body: Data? = nil) async throws -> Data {
        let url = baseURL.appendingPathComponent(String(path.dropFirst()))
        let request = HTTPRequest(
            url: url, method: method, headers: ["Content-Type": "application/json"], body: body, timeout: .seconds(10))
        let response = try await control.send(request)
        guard response.status == 200 else {
            throw FakeServerError(
                "\(method) \(path) answered \(response.status): \(String(decoding: response.body, as: UTF8.self))")
        }
        return response.body
    }

    /// Reads stdout until `LISTENING <port>` (or EOF, or the start-up timeout).
    ///
    /// The blocking read runs on a thread of its own, not on `DispatchQueue.global()`: with
    /// many servers starting at once (parallel tests on two cores), blocked reads would take
    /// every global-queue thread, and timers on that queue (the HTTP transport's request
    /// deadlines) would fire seconds late until libdispatch noticed and added threads.
    private static func readPort(_ handle: FileHandle, process: Process) async -> Int? {
        let done = Mutex(false)
        DispatchQueue.global().asyncAfter(deadline: .now() + startupTimeout) {
            if !done.withLock({ $0 }) && process.isRunning { process.terminate() }
        }
        return await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                var buffer = Data()
                while !buffer.contains(UInt8(ascii: "\n")) {
                    let chunk = handle.availableData
                    if chunk.isEmpty { break }
                    buffer.append(chunk)
                }
                done.withLock { $0 = true }
                let line = String(decoding: buffer, as: UTF8.self).split(separator: "\n").first ?? ""
                let port = line.hasPrefix("LISTENING ") ? Int(line.dropFirst("LISTENING ".count)) : nil
                continuation.resume(returning: port)
            }
        }
    }
}

/// A failure of the fake server's start-up or control endpoints.
public struct FakeServerError: Error, CustomStringConvertible {
    public let description: String

    init(_ description: String) { self.description = description }
}
