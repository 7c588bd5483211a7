internal import Foundation
internal import Synchronization

#if canImport(Glibc)
    internal import Glibc
#endif

/// A failure to find, start, stop or talk to a test PostgreSQL server.
///
/// Carries the command and its stderr (or the server log's tail) so that a failing test says
/// what PostgreSQL itself complained about, not only that something failed.
public struct PostgresClusterError: Error, CustomStringConvertible, Sendable {
    public let description: String

    init(_ description: String) { self.description = description }

    init(command: [String], status: Int32, stderr: String) {
        let text = stderr.trimmingCharacters(in: .whitespacesAndNewlines)
        description = "\(command.joined(separator: " ")) exited with status \(status): \(text)"
    }
}

/// What a finished child process printed.
struct CommandOutput: Sendable {
    let status: Int32
    let stdout: String
    let stderr: String
}

/// The PostgreSQL programs of this machine and how to run them.
///
/// initdb refuses to run as root, and a server started by root would own its files as root, so
/// when the tests run as root every program runs as the `postgres` user through `runuser`.
struct PostgresTools: Sendable {
    /// Where Debian installs each major version (`<root>/<version>/bin`).
    static let debianRoot = "/usr/lib/postgresql"
    /// Switches to the `postgres` user without a password (util-linux; root only).
    static let runuser = "/usr/sbin/runuser"
    /// The system user the server runs as when the tests run as root.
    static let serverUser = "postgres"

    let initdb: URL
    let pgCtl: URL
    let psql: URL
    /// True when the tests run as root, so programs go through ``runuser`` as ``serverUser``.
    let runAsServerUser: Bool

    /// Finds the programs, or says why the PostgreSQL tests cannot run here.
    ///
    /// `FLEETWX_PG_TESTS=skip` in the environment makes PostgreSQL unavailable on purpose, for a
    /// machine that has the binaries but should not start servers (a slow CI runner, a laptop on
    /// battery); the tests that need PostgreSQL then skip with that reason.
    static func detect() -> Result<PostgresTools, PostgresClusterError> {
        if ProcessInfo.processInfo.environment["FLEETWX_PG_TESTS"] == "skip" {
            return .failure(
                PostgresClusterError("FLEETWX_PG_TESTS=skip is set, so the PostgreSQL state tests are skipped"))
        }
        guard let bin = binDirectory() else {
            return .failure(
                PostgresClusterError(
                    "PostgreSQL is not installed (no initdb under \(debianRoot)/*/bin); install Debian's postgresql "
                        + "package to run the PostgreSQL state tests"))
        }
        let asRoot = geteuid() == 0
        if asRoot {
            guard FileManager.default.isExecutableFile(atPath: runuser),
                FileManager.default.homeDirectory(forUser: serverUser) != nil
            else {
                return .failure(
                    PostgresClusterError(
                        "the tests run as root, and initdb refuses root, but \(runuser) or the \(serverUser) user "
                            + "is missing; run the PostgreSQL state tests as an ordinary user"))
            }
        }
        return .success(
            PostgresTools(
                initdb: bin.appendingPathComponent("initdb"), pgCtl: bin.appendingPathComponent("pg_ctl"),
                psql: bin.appendingPathComponent("psql"), runAsServerUser: asRoot))
    }

    /// The highest Debian version's `bin`, else what `pg_config --bindir` names, if it holds
    /// all three programs.
    private static func binDirectory() -> URL? {
        let versions = ((try? FileManager.default.contentsOfDirectory(atPath: debianRoot)) ?? [])
            .compactMap { Int($0) }.sorted(by: >)
        let candidates =
            versions.map { URL(fileURLWithPath: "\(debianRoot)/\($0)/bin", isDirectory: true) }
            + [pgConfigBinDirectory()].compactMap { $0 }
        return candidates.first { bin in
            ["initdb", "pg_ctl", "psql"].allSatisfy {
                FileManager.default.isExecutableFile(atPath: bin.appendingPathComponent($0).path)
            }
        }
    }

    /// `pg_config --bindir`, for installations outside Debian's layout.
    private static func pgConfigBinDirectory() -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        let found = path.split(separator: ":").map { "\($0)/pg_config" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
        guard let found,
            let output = try? run(
                URL(fileURLWithPath: found), ["--bindir"], asServerUser: false, in: URL(fileURLWithPath: "/"))
        else { return nil }
        let text = output.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        return output.status == 0 && !text.isEmpty ? URL(fileURLWithPath: text, isDirectory: true) : nil
    }

    /// The command line that runs `tool`: through runuser when root.
    func commandLine(_ tool: URL, _ arguments: [String]) -> [String] {
        Self.commandLine(tool, arguments, asServerUser: runAsServerUser)
    }

    private static func commandLine(_ tool: URL, _ arguments: [String], asServerUser: Bool) -> [String] {
        asServerUser ? [runuser, "-u", serverUser, "--", tool.path] + arguments : [tool.path] + arguments
    }

    /// Runs `tool` and throws when it exits non-zero.
    ///
    /// - Parameters:
    ///   - tool: The program.
    ///   - arguments: Its arguments.
    ///   - environment: Variables added to the (PG*-free) environment.
    ///   - input: Standard input (default: /dev/null).
    ///   - directory: The working directory (one the server user can enter).
    /// - Returns: What it printed.
    /// - Throws: ``PostgresClusterError`` with the command and stderr.
    @discardableResult
    func check(
        _ tool: URL, _ arguments: [String], environment: [String: String] = [:], input: FileHandle? = nil,
        in directory: URL
    ) throws -> CommandOutput {
        let output = try Self.run(
            tool, arguments, asServerUser: runAsServerUser, environment: environment, input: input, in: directory)
        guard output.status == 0 else {
            throw PostgresClusterError(
                command: commandLine(tool, arguments), status: output.status, stderr: output.stderr)
        }
        return output
    }

    /// Runs `tool` and returns its status and output whatever the status.
    func run(_ tool: URL, _ arguments: [String], in directory: URL) throws -> CommandOutput {
        try Self.run(tool, arguments, asServerUser: runAsServerUser, in: directory)
    }

    /// Runs a child to the end, reading stdout here and stderr on a thread of its own.
    ///
    /// Both pipes are drained before `waitUntilExit`: a child that fills one 64 KiB pipe while
    /// the parent waits for the other (or for its exit) would block forever. The stderr read
    /// runs on its own thread, not on `DispatchQueue.global()`, so that many parallel tests
    /// blocked in reads do not starve the global queue (see FakeWeatherKitServer.readPort).
    private static func run(
        _ tool: URL, _ arguments: [String], asServerUser: Bool, environment: [String: String] = [:],
        input: FileHandle? = nil, in directory: URL
    ) throws -> CommandOutput {
        let command = commandLine(tool, arguments, asServerUser: asServerUser)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        process.environment = childEnvironment(adding: environment)
        process.currentDirectoryURL = directory
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = input ?? FileHandle.nullDevice
        process.standardOutput = stdout
        process.standardError = stderr
        do {
            try process.run()
        } catch {
            throw PostgresClusterError("could not run \(command.joined(separator: " ")): \(error)")
        }
        let errors = Mutex(Data())
        let errorsRead = DispatchSemaphore(value: 0)
        let errorHandle = stderr.fileHandleForReading
        Thread.detachNewThread {
            let data = (try? errorHandle.readToEnd()) ?? Data()
            errors.withLock { $0 = data }
            errorsRead.signal()
        }
        let output = (try? stdout.fileHandleForReading.readToEnd()) ?? Data()
        errorsRead.wait()
        process.waitUntilExit()
        return CommandOutput(
            status: process.terminationStatus, stdout: String(decoding: output, as: UTF8.self),
            stderr: String(decoding: errors.withLock { $0 }, as: UTF8.self))
    }

    /// The parent's environment without any `PG*` variable, plus `extra`.
    ///
    /// A developer's PGHOST, PGDATA, PGUSER or PGSERVICE must not send the tests' commands to
    /// another server or data directory.
    static func childEnvironment(adding extra: [String: String] = [:]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("PG") }
        environment.merge(extra) { $1 }
        return environment
    }

    /// A TCP port on 127.0.0.1 that was free a moment ago.
    ///
    /// The kernel picks it (bind to port 0); the socket is closed again so the server can bind
    /// it. Another process may take it in between, which is why start-up retries.
    static func freeLoopbackPort() throws -> Int {
        let socketDescriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socketDescriptor >= 0 else { throw PostgresClusterError("socket(2) failed: errno \(errno)") }
        defer { close(socketDescriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
        let size = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socketDescriptor, $0, size) }
        }
        guard bound == 0 else { throw PostgresClusterError("bind(2) to 127.0.0.1:0 failed: errno \(errno)") }
        var length = size
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socketDescriptor, $0, &length) }
        }
        guard named == 0 else { throw PostgresClusterError("getsockname(2) failed: errno \(errno)") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// `text` as one /bin/sh word.
    static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }

    /// Starts the server on a free port, trying another port when the first was taken in between.
    ///
    /// - Returns: The port it listens on.
    func launchOnFreePort(directory: TemporaryDirectory) throws -> Int {
        var attempt = 1
        while true {
            let port = try Self.freeLoopbackPort()
            do {
                try launch(directory: directory, port: port)
                return port
            } catch let error as PostgresClusterError
                where attempt < 3 && error.description.contains("Address already in use")
            {
                attempt += 1
            }
        }
    }

    /// `pg_ctl start -w` on `port`, the socket in the cluster's folder, durability off.
    ///
    /// pg_ctl hands `-o` to /bin/sh, hence the quoted socket path.
    func launch(directory: TemporaryDirectory, port: Int) throws {
        let options = [
            "-p \(port)", "-c listen_addresses=127.0.0.1",
            "-c unix_socket_directories=\(Self.shellQuoted(directory.file("socket").path))", "-c fsync=off",
            "-c max_connections=200", "-c shared_buffers=32MB",
        ]
        let arguments = [
            "start", "-D", directory.file("data").path, "-l", directory.file("server.log").path, "-w", "-t", "60",
            "-o", options.joined(separator: " "),
        ]
        let command = commandLine(pgCtl, arguments)
        let output = directory.file("pg_ctl.out")
        let status = try Self.spawnAndWait(command, in: directory.url, output: output)
        guard status == 0 else {
            let printed = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
            let error = PostgresClusterError(command: command, status: status, stderr: printed)
            throw PostgresClusterError("\(error)\nserver.log ends:\n\(Self.logTail(directory))")
        }
    }

    /// Runs `command` with posix_spawn and waits for it, its output going to `output`.
    ///
    /// Not Foundation's Process: on Linux that learns of a child's exit when the last copy of a
    /// socket it hands the child closes, and the postmaster pg_ctl leaves behind would hold that
    /// copy for as long as it runs, so `waitUntilExit` would never return. Here every descriptor
    /// above stderr is closed in the child (closefrom, atomically, so descriptors another
    /// thread opens meanwhile cannot leak into the server either), signals are reset to their
    /// defaults, and `waitpid` reaps exactly this child (Foundation waits only for its own).
    static func spawnAndWait(_ command: [String], in directory: URL, output: URL) throws -> Int32 {
        // sh does the chdir: posix_spawn_file_actions_addchdir_np is not imported into Swift.
        let argumentList = ["/bin/sh", "-c", #"cd "$0" && exec "$@""#, directory.path] + command
        let environmentList = childEnvironment().map { "\($0.key)=\($0.value)" }
        let argv = argumentList.map { strdup($0) } + [nil]
        let envp = environmentList.map { strdup($0) } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        guard let closeFrom = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else {
            throw PostgresClusterError("glibc lacks posix_spawn_file_actions_addclosefrom_np (needs 2.34)")
        }
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        let closing = unsafeBitCast(closeFrom, to: CloseFrom.self)(&actions, 3)
        guard closing == 0 else { throw PostgresClusterError("posix_spawn closefrom action failed: \(closing)") }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var signals = sigset_t()
        sigfillset(&signals)
        posix_spawnattr_setsigdefault(&attributes, &signals)
        sigemptyset(&signals)
        posix_spawnattr_setsigmask(&attributes, &signals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        var pid = pid_t()
        let spawned = posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, envp)
        guard spawned == 0 else {
            throw PostgresClusterError("could not run \(command.joined(separator: " ")): errno \(spawned)")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        // The <sys/wait.h> macros are not imported: low 7 bits are the signal, next 8 the status.
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }

    /// The last 30 lines of the server log, which say why a start failed.
    static func logTail(_ directory: TemporaryDirectory) -> String {
        let data = (try? Data(contentsOf: directory.file("server.log"))) ?? Data()
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        return lines.suffix(30).joined(separator: "\n")
    }

    /// Starts the safety net: a shell that waits for this test process to end, however it ends
    /// (a crash runs no exit handler), then stops the server and removes the folder.
    ///
    /// It runs as the current user, so that `kill -0` may probe this process (root's, when
    /// root), and calls pg_ctl through runuser when root. Foundation puts it in a process group
    /// of its own; it also ignores HUP, INT and TERM, and holds none of our pipes.
    func startWatchdog(directory: TemporaryDirectory) throws -> Process {
        let stop = commandLine(pgCtl, ["stop", "-D", directory.file("data").path, "-m", "immediate"])
        let script = """
            trap '' HUP INT TERM
            while kill -0 \(ProcessInfo.processInfo.processIdentifier) 2>/dev/null; do sleep 1; done
            \(stop.map(Self.shellQuoted).joined(separator: " ")) >/dev/null 2>&1
            rm -rf \(Self.shellQuoted(directory.url.path))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        process.environment = Self.childEnvironment()
        process.currentDirectoryURL = URL(fileURLWithPath: "/")
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw PostgresClusterError("could not start the PostgreSQL watchdog shell: \(error)")
        }
        return process
    }

    /// Throws unless the server user may enter every folder above `url` (the server runs as
    /// that user when the tests run as root, and TMPDIR may point somewhere private).
    static func checkServerUserCanEnter(_ url: URL) throws {
        var path = ""
        for component in url.standardizedFileURL.pathComponents.dropLast() {
            path = path.isEmpty || path == "/" ? path + component : path + "/" + component
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            let mode = (attributes[.posixPermissions] as? NSNumber)?.intValue ?? 0
            guard mode & 0o001 != 0 else {
                throw PostgresClusterError(
                    "the \(serverUser) user cannot enter \(path), so PostgreSQL cannot use \(url.path); "
                        + "point TMPDIR at a folder it can reach, such as /tmp")
            }
        }
    }
}
