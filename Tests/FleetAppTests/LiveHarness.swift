import FleetApp
import FleetTestSupport
import Foundation
import Testing

/// Runs fleetwx against the fake WeatherKit server with the real clock: in-process through
/// ``FleetApp/main(_:environment:)`` or as the built `fleetwx` binary, inside a temporary
/// directory holding the schedule, the state file, the reports and a copy of the test key.
///
/// Unlike ``AppHarness`` (a fixed clock, for replays) the clock here is the machine's: the
/// fake server checks each token's `iat` and `exp` against its own clock.
struct LiveHarness {
    /// The run's working directory (schedule, state, reports, the key copy).
    let directory: TemporaryDirectory
    /// The environment every command gets: credentials, templates, test tuning.
    var variables: [String: String]

    /// Creates a directory, installs the test key and sets the environment.
    ///
    /// - Parameters:
    ///   - retryBaseMilliseconds: `FLEETWX_RETRY_BASE_MS` (short, so retries are quick).
    ///   - requestTimeoutSeconds: `FLEETWX_REQUEST_TIMEOUT`.
    ///   - fetchesMarks: Whether runs fetch the Apple Weather marks; off (`FLEETWX_ATTRIBUTION_FETCH=0`)
    ///     unless a test is about them, so every other test's request counts are the weather's.
    init(retryBaseMilliseconds: Int = 5, requestTimeoutSeconds: Double = 60, fetchesMarks: Bool = false) throws {
        directory = try TemporaryDirectory(prefix: "fleetwx-live")
        variables = [
            "HOME": directory.url.path, "FLEETWX_TEMPLATES": AppHarness.templates.path,
            "FLEETWX_RETRY_BASE_MS": String(retryBaseMilliseconds),
            "FLEETWX_REQUEST_TIMEOUT": String(requestTimeoutSeconds),
            // A PostgreSQL state on a loaded test machine may take more than libpq's 10 s to connect.
            "PGCONNECT_TIMEOUT": "60",
        ]
        if !fetchesMarks { variables["FLEETWX_ATTRIBUTION_FETCH"] = "0" }
        for (name, value) in try TestCredentials.environment(in: directory) { variables[name] = value }
    }

    /// Runs a command line in-process with the real clock.
    ///
    /// - Parameter arguments: The words after `fleetwx`.
    /// - Returns: Exit code and captured output.
    func run(_ arguments: [String]) async -> AppHarness.Result {
        let console = CapturingConsole()
        let environment = AppEnvironment(
            variables: variables, workingDirectory: directory.url,
            executable: directory.url.appendingPathComponent("fleetwx"), now: { Date() }, console: console)
        let code = await FleetApp.main(arguments, environment: environment)
        return AppHarness.Result(exitCode: code, stdout: console.stdout, stderr: console.stderr)
    }

    /// Starts the built `fleetwx` binary in the directory with this environment.
    ///
    /// - Parameter arguments: The words after `fleetwx`.
    /// - Returns: The running process.
    /// - Throws: When the binary is missing or cannot be started.
    func start(_ arguments: [String]) throws -> BinaryRun {
        try BinaryRun.start(arguments: arguments, environment: variables, directory: directory)
    }

    /// Runs the built binary to the end.
    ///
    /// - Parameter arguments: The words after `fleetwx`.
    /// - Returns: Exit code and output.
    /// - Throws: When it cannot start or does not end within the timeout.
    func runBinary(_ arguments: [String]) async throws -> AppHarness.Result {
        try await start(arguments).wait()
    }

    /// A path inside the directory.
    func file(_ path: String) -> URL { directory.file(path) }

    /// Writes a file into the directory.
    @discardableResult
    func write(_ text: String, to name: String) throws -> URL { try directory.write(text, to: name) }

    /// Reads a CSV report into header-keyed rows.
    func csvRows(_ path: String) throws -> [[String: String]] {
        CSVTestReader.rows(try String(contentsOf: file(path), encoding: .utf8))
    }

    /// Reads a report's `run.json`.
    func runJSON(_ directory: String) throws -> RunJSON {
        try RunJSON(data: Data(contentsOf: file("\(directory)/run.json")))
    }

    /// This month's ledger total, read back with `fleetwx quota --json`.
    ///
    /// - Parameter state: The state file.
    /// - Returns: `quota.used`.
    func quotaUsed(state: String = "state.sqlite") async throws -> Int {
        let result = await run(["quota", "--json", "--state", state])
        try #require(result.exitCode == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        return try #require((object["quota"] as? [String: Any])?["used"] as? Int)
    }

    /// The cells a run of `schedule` would fetch, in priority order (`fleetwx plan --json`).
    ///
    /// - Parameter schedule: The schedule file.
    /// - Returns: The planned cells.
    func plannedCells(_ schedule: String) async throws -> [PlannedCell] {
        let result = await run(["plan", schedule, "--json", "--state", "plan-only.sqlite"])
        try #require(result.exitCode == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let cells = try #require(object["cell_list"] as? [[String: Any]])
        return try cells.map { cell in
            PlannedCell(
                key: try #require(cell["key"] as? String), airports: try #require(cell["airports"] as? [String]))
        }
    }

    /// Deletes the directory.
    func remove() { directory.remove() }
}

/// A cell of `fleetwx plan --json`: its key (`"40.64,-73.78"`) and airport codes.
struct PlannedCell: Equatable {
    /// The key text.
    let key: String
    /// The airport codes in the cell.
    let airports: [String]

    /// Whether a logged request was for this cell (coordinates compared as numbers).
    func matches(_ request: RecordedRequest) -> Bool { request.cellKey == key }
}

extension RecordedRequest {
    /// The request's cell as a plan key text (`"40.64,-73.78"`), from its path coordinates.
    var cellKey: String {
        let parts = segments
        guard parts.count == 6, let latitude = Double(parts[4]), let longitude = Double(parts[5]) else { return "" }
        func text(_ value: Double) -> String {
            let formatted = String(format: "%.2f", value)
            return formatted == "-0.00" ? "0.00" : formatted
        }
        return "\(text(latitude)),\(text(longitude))"
    }

    /// The requested data sets.
    var dataSets: [String] { (query["dataSets"] ?? "").split(separator: ",").map(String.init) }
}

/// `run.json`, with typed access to the parts tests check.
struct RunJSON {
    /// The parsed document.
    let object: [String: Any]

    /// Parses `run.json`.
    init(data: Data) throws {
        object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// A counter of `requests` (`sent`, `retried`, `cache_hits`, …).
    func requests(_ name: String) -> Int? { (object["requests"] as? [String: Any])?[name] as? Int }
    /// A count of `flights` (`rows`, `briefed`, `rejected`, …).
    func flights(_ name: String) -> Int? { (object["flights"] as? [String: Any])?[name] as? Int }
    /// A field of `quota`.
    func quota(_ name: String) -> Int? { (object["quota"] as? [String: Any])?[name] as? Int }
    /// `exit_code`.
    var exitCode: Int? { object["exit_code"] as? Int }
    /// `cells`.
    var cells: Int? { object["cells"] as? Int }
    /// `started_at`.
    var startedAt: String? { object["started_at"] as? String }
}
