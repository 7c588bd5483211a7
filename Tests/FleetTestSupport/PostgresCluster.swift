internal import Foundation
internal import Synchronization

#if canImport(Glibc)
    internal import Glibc
#endif

/// A throw-away PostgreSQL server on 127.0.0.1 for the state tests: its own data directory under
/// the system temp folder, its own port, a random superuser password, no fsync.
///
/// Most tests share one cluster (``shared()``) and isolate themselves with a database each
/// (``createDatabase(prefix:)``): initdb and start-up cost a second or two, a database a few
/// milliseconds. Tests that stop the server mid-run start their own (``start()``).
///
/// Clients connect over TCP with the password (``uri(database:user:password:)``), as the
/// program does in production; the Unix socket lives in the cluster's folder only so that the
/// server does not collide with a system cluster's socket in /var/run/postgresql.
///
/// Every cluster is stopped and removed when the test process exits: an `atexit` handler does it
/// at once, and a watchdog shell (which outlives a crashed test process) does it within a second
/// if the handler never ran.
public final class PostgresCluster: Sendable {
    /// Why PostgreSQL tests cannot run here (binaries not installed, `FLEETWX_PG_TESTS=skip`, root
    /// without runuser), or `nil` when they can.
    public static var unavailableReason: String? {
        switch availability {
        case .success: return nil
        case .failure(let error): return error.description
        }
    }

    /// The loopback address the server listens on (TCP only).
    public let host = "127.0.0.1"
    /// The TCP port, free when the cluster started.
    public let port: Int
    /// The superuser initdb creates (not `postgres`, so that code cannot rely on that name).
    public let superuser = "fleetwx_admin"
    /// The superuser's password, random per cluster (letters and digits only).
    public let superuserPassword: String

    private let directory: TemporaryDirectory
    private let tools: PostgresTools
    /// The watchdog shell; killed when the cluster is destroyed.
    private let watchdog: Process
    private let state = Mutex(ServerState.running)
    private let databaseCount = Mutex(0)

    private enum ServerState {
        case running, stopped, destroyed
    }

    private enum SharedState {
        case idle
        case running(PostgresCluster)
        /// Start-up failed once; later callers get the same error instead of waiting again.
        case failed(String)
    }

    /// Live clusters, for the exit handler.
    private struct Registry {
        var clusters: [PostgresCluster] = []
        var exitHandlerInstalled = false
    }

    /// Looked up once: the answer cannot change while the tests run.
    private static let availability = PostgresTools.detect()
    private static let sharedState = Mutex(SharedState.idle)
    private static let registry = Mutex(Registry())

    private var dataPath: String { directory.file("data").path }

    private init(
        port: Int, password: String, directory: TemporaryDirectory, tools: PostgresTools, watchdog: Process
    ) {
        self.port = port
        superuserPassword = password
        self.directory = directory
        self.tools = tools
        self.watchdog = watchdog
    }

    /// The one cluster shared by every test of the process, started on first use.
    ///
    /// Thread-safe: Swift Testing runs tests in parallel, and the first callers wait for the one
    /// start-up. Do not stop or destroy it; tests that need that use ``start()``.
    ///
    /// - Returns: The cluster, or `nil` when ``unavailableReason`` is set.
    /// - Throws: ``PostgresClusterError`` when PostgreSQL is installed but does not start (and
    ///   the same error on every later call).
    public static func shared() throws -> PostgresCluster? {
        guard unavailableReason == nil else { return nil }
        return try sharedState.withLock { state -> PostgresCluster in
            switch state {
            case .running(let cluster):
                return cluster
            case .failed(let reason):
                throw PostgresClusterError(reason)
            case .idle:
                do {
                    let cluster = try start()
                    state = .running(cluster)
                    return cluster
                } catch {
                    state = .failed("the shared PostgreSQL cluster did not start: \(error)")
                    throw error
                }
            }
        }
    }

    /// Starts a new, separate cluster, for tests that stop the server mid-run.
    ///
    /// - Returns: The running cluster; the caller calls ``destroy()`` (the exit handler and the
    ///   watchdog are only the safety net).
    /// - Throws: ``PostgresClusterError`` when PostgreSQL is unavailable or does not start.
    public static func start() throws -> PostgresCluster {
        let tools = try availability.get()
        let directory = try TemporaryDirectory(prefix: "fleetwx-pg")
        var watchdog: Process?
        do {
            let password = randomPassword()
            let passwordFile = directory.file("pwfile")
            let socketDirectory = directory.file("socket")
            try FileManager.default.createDirectory(at: socketDirectory, withIntermediateDirectories: false)
            guard
                FileManager.default.createFile(
                    atPath: passwordFile.path, contents: Data((password + "\n").utf8),
                    attributes: [.posixPermissions: 0o600])
            else { throw PostgresClusterError("could not write \(passwordFile.path)") }
            if tools.runAsServerUser {
                try PostgresTools.checkServerUserCanEnter(directory.url)
                for url in [directory.url, socketDirectory, passwordFile] {
                    try FileManager.default.setAttributes(
                        [.ownerAccountName: PostgresTools.serverUser], ofItemAtPath: url.path)
                }
            }
            let started = try tools.startWatchdog(directory: directory)
            watchdog = started
            try tools.check(
                tools.initdb,
                [
                    "-D", directory.file("data").path, "-U", "fleetwx_admin", "--pwfile=\(passwordFile.path)",
                    "--auth-local=trust", "--auth-host=scram-sha-256", "-E", "UTF8", "--locale=C.UTF-8", "-N",
                ],
                in: directory.url)
            try? FileManager.default.removeItem(at: passwordFile)
            let port = try tools.launchOnFreePort(directory: directory)
            let cluster = PostgresCluster(
                port: port, password: password, directory: directory, tools: tools, watchdog: started)
            register(cluster)
            return cluster
        } catch {
            let stop = ["stop", "-D", directory.file("data").path, "-m", "immediate", "-w"]
            _ = try? tools.run(tools.pgCtl, stop, in: directory.url)
            if let watchdog { kill(watchdog.processIdentifier, SIGKILL) }
            directory.remove()
            throw error
        }
    }

    /// A TCP port on 127.0.0.1 nothing listens on at the moment (bound by the kernel's choice,
    /// then closed), for a state URI whose server must be unreachable.
    public static func unusedLoopbackPort() throws -> Int { try PostgresTools.freeLoopbackPort() }

    /// A libpq connection URI, `postgresql://user:password@127.0.0.1:port/database?connect_timeout=60`.
    ///
    /// - Parameters:
    ///   - database: The database name.
    ///   - user: The role (default: the superuser, with its password).
    ///   - password: The role's password; `nil` leaves it out (except for the superuser).
    /// - Returns: The URI, with user, password and database percent-encoded.
    public func uri(database: String = "postgres", user: String? = nil, password: String? = nil) -> String {
        let role = user ?? superuser
        let secret = password ?? (role == superuser ? superuserPassword : nil)
        var credentials = Self.percentEncoded(role)
        if let secret { credentials += ":" + Self.percentEncoded(secret) }
        // A loaded test machine (the whole suite, its binaries and servers on two cores) can take
        // longer than fleetwx's default connect_timeout of 10 s to answer a new connection.
        return "postgresql://\(credentials)@\(host):\(port)/\(Self.percentEncoded(database))?connect_timeout=60"
    }

    /// Creates a new empty database (from template0) owned by the superuser.
    ///
    /// - Parameter prefix: A readable start for the name; lowercased, cut to `[a-z0-9_]` and 40
    ///   characters, and given a leading `t` unless it starts with a letter.
    /// - Returns: The unique name, `<prefix>_<counter>_<random>`, which needs no quoting in SQL.
    /// - Throws: ``PostgresClusterError`` when `CREATE DATABASE` fails.
    public func createDatabase(prefix: String = "t") throws -> String {
        var stem = String(prefix.lowercased().filter { ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "_" })
        stem = String(stem.prefix(40))
        if !(stem.first?.isLetter ?? false) { stem = "t" + stem }
        let number = databaseCount.withLock { count in
            count += 1
            return count
        }
        let random = UUID().uuidString.lowercased().filter(\.isHexDigit).prefix(8)
        let name = "\(stem)_\(number)_\(random)"
        try psql(#"CREATE DATABASE "\#(name)" OWNER "\#(superuser)" TEMPLATE template0"#)
        return name
    }

    /// Runs SQL with psql as the superuser over TCP and returns what it printed.
    ///
    /// The SQL goes in on standard input (`-f -`), so it may hold several statements, each run on
    /// its own as in a script (`CREATE DATABASE` among them), and psql meta-commands. Output is
    /// unaligned tuples only (`-At`): one row a line, columns split by `|`.
    ///
    /// - Parameters:
    ///   - sql: The statements.
    ///   - database: The database to connect to.
    /// - Returns: Standard output without its trailing newlines.
    /// - Throws: ``PostgresClusterError`` with psql's stderr when it fails (first error stops it).
    @discardableResult
    public func psql(_ sql: String, database: String = "postgres") throws -> String {
        // A file opened and then unlinked: unlike a pipe written from here, it can neither block
        // on a full pipe nor raise SIGPIPE in the test process when psql exits without reading.
        let script = directory.file("sql-\(UUID().uuidString).sql")
        guard
            FileManager.default.createFile(
                atPath: script.path, contents: Data(sql.utf8), attributes: [.posixPermissions: 0o600])
        else { throw PostgresClusterError("could not write \(script.path) (was the cluster destroyed?)") }
        let input: FileHandle
        do {
            input = try FileHandle(forReadingFrom: script)
        } catch {
            try? FileManager.default.removeItem(at: script)
            throw error
        }
        try? FileManager.default.removeItem(at: script)
        defer { try? input.close() }
        let arguments = [
            "-X", "-q", "-v", "ON_ERROR_STOP=1", "-At", "-h", host, "-p", String(port), "-U", superuser,
            "-d", database, "-f", "-",
        ]
        // 60 s, as in ``uri(database:user:password:)``: under the whole suite's load on two cores a
        // new connection has taken more than 10 s (a stopped server still refuses at once).
        let output = try tools.check(
            tools.psql, arguments, environment: ["PGPASSWORD": superuserPassword, "PGCONNECT_TIMEOUT": "60"],
            input: input, in: directory.url)
        var text = output.stdout
        while text.hasSuffix("\n") { text.removeLast() }
        return text
    }

    /// Stops the server (`pg_ctl stop -m fast`, waiting for it). Does nothing when it is stopped.
    ///
    /// - Throws: ``PostgresClusterError`` when pg_ctl fails and the server is still running.
    public func stopServer() throws {
        try state.withLock { state in
            guard state == .running else { return }
            let stop = ["stop", "-D", dataPath, "-m", "fast", "-w", "-t", "60"]
            let output = try tools.run(tools.pgCtl, stop, in: directory.url)
            if output.status != 0 {
                // Exit status 3: no server running (it died or was killed), which is stopped too.
                let status = try tools.run(tools.pgCtl, ["status", "-D", dataPath], in: directory.url)
                guard status.status == 3 else {
                    throw PostgresClusterError(
                        command: tools.commandLine(tools.pgCtl, stop), status: output.status, stderr: output.stderr)
                }
            }
            state = .stopped
        }
    }

    /// Starts the stopped server again on the same port and data. Does nothing when it runs.
    ///
    /// - Throws: ``PostgresClusterError`` (with the server log's tail) when it does not start, or
    ///   when the cluster was destroyed.
    public func startServer() throws {
        try state.withLock { state in
            switch state {
            case .running: return
            case .destroyed: throw PostgresClusterError("the PostgreSQL cluster on port \(port) was destroyed")
            case .stopped: break
            }
            try tools.launch(directory: directory, port: port)
            state = .running
        }
    }

    /// Stops the server (immediately: its data is thrown away) and removes its files. Idempotent.
    public func destroy() {
        let wasLive = state.withLock { state -> Bool in
            guard state != .destroyed else { return false }
            if state == .running {
                _ = try? tools.run(tools.pgCtl, ["stop", "-D", dataPath, "-m", "immediate", "-w"], in: directory.url)
            }
            state = .destroyed
            return true
        }
        guard wasLive else { return }
        kill(watchdog.processIdentifier, SIGKILL)
        directory.remove()
        Self.registry.withLock { $0.clusters.removeAll { $0 === self } }
        Self.sharedState.withLock { state in
            if case .running(let cluster) = state, cluster === self { state = .idle }
        }
    }

    /// `text` with everything but RFC 3986's unreserved characters percent-encoded, for a URI's
    /// user, password or path.
    private static func percentEncoded(_ text: String) -> String {
        var encoded = ""
        for byte in text.utf8 {
            let scalar = Unicode.Scalar(byte)
            if ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                || "-._~".unicodeScalars.contains(scalar)
            {
                encoded.unicodeScalars.append(scalar)
            } else {
                encoded += String(format: "%%%02X", byte)
            }
        }
        return encoded
    }

    /// A random password of letters and digits (nothing a URI or a shell would need to escape).
    private static func randomPassword(length: Int = 24) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        return String((0..<length).map { _ in alphabet.randomElement() ?? "x" })
    }

    /// Adds a cluster to the ones the exit handler stops, installing the handler the first time.
    private static func register(_ cluster: PostgresCluster) {
        registry.withLock { registry in
            registry.clusters.append(cluster)
            guard !registry.exitHandlerInstalled else { return }
            registry.exitHandlerInstalled = true
            // atexit takes a C function pointer: no captures, so the clusters are reached
            // through the static registry.
            atexit { PostgresCluster.stopAllAtExit() }
        }
    }

    /// The exit handler: stops every live cluster at once and removes its files.
    ///
    /// It never waits for a lock (a test may be exiting in the middle of a start-up); whatever it
    /// cannot reach the watchdog cleans up a second later.
    private static func stopAllAtExit() {
        let clusters =
            registry.withLockIfAvailable { registry -> [PostgresCluster] in
                defer { registry.clusters = [] }
                return registry.clusters
            } ?? []
        for cluster in clusters { cluster.stopAtExit() }
    }

    /// Sends the postmaster SIGQUIT (immediate shutdown), waits up to 5 s for it to go, then
    /// removes the files and the watchdog.
    ///
    /// Signals rather than pg_ctl: no child process is started while the process exits.
    private func stopAtExit() {
        guard state.withLockIfAvailable({ $0 }) != .destroyed else { return }
        let pidFile = directory.file("data/postmaster.pid")
        if let text = try? String(contentsOf: pidFile, encoding: .utf8),
            let line = text.split(separator: "\n").first, let pid = pid_t(line), Self.isLivePostgres(pid)
        {
            kill(pid, SIGQUIT)
            var waits = 0
            while Self.isLivePostgres(pid) && waits < 500 {
                usleep(10_000)
                waits += 1
            }
            if Self.isLivePostgres(pid) { return }
        }
        kill(watchdog.processIdentifier, SIGKILL)
        directory.remove()
    }

    /// Whether `pid` is a running (not zombie) process named `postgres`, so that a stale
    /// postmaster.pid never makes the handler signal some other process.
    private static func isLivePostgres(_ pid: pid_t) -> Bool {
        // /proc/<pid>/stat: "<pid> (<comm>) <state> ..."; comm may hold spaces and parentheses.
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")")
        else { return false }
        let name = stat[stat.index(after: open)..<close]
        let processState = stat[stat.index(after: close)...].split(separator: " ").first
        return name == "postgres" && processState != "Z"
    }
}
