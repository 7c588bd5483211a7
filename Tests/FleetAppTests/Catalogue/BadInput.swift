import FleetTestSupport
import Foundation
import Testing

/// One case of the bad-input catalogue: what is set up, the command line, and the answer a
/// person should get (exit code and a fragment of stderr). A new case is one `BadInput(...)`
/// line in the family file it belongs to (`Cases+Schedules.swift`, …); ``BadInputCatalogueTests``
/// runs every case and, on each, the checks every answer must pass (no crash, no error code or
/// domain shown, every echoed value bounded, every data row accounted for).
struct BadInput: Sendable, CustomTestStringConvertible {
    /// The family (schedule, replay, state, output, option, config, …).
    let family: String
    /// What is bad, in a few words.
    let name: String
    /// Files and folders to create in the run's directory before the command runs.
    let setup: CatalogueSetup
    /// The words after `fleetwx`.
    let arguments: [String]
    /// The exit code expected.
    let exitCode: Int32
    /// Text stderr must contain (compared as is, case-sensitive).
    let message: String
    /// Text stderr must not contain, beyond the checks made on every case.
    let notInMessage: [String]
    /// Environment variables added for the run (credentials, for a case that needs a live run).
    let variables: @Sendable (CatalogueWorkspace) throws -> [String: String]
    /// Text a file the run wrote must contain, by path (`r/rejects.csv`): for answers given in
    /// the report rather than on stderr (a rejected row's reason, a flight's status).
    let inFiles: [String: String]

    /// Creates a case.
    init(
        _ family: String, _ name: String, setup: @escaping CatalogueSetup = { _ in },
        _ arguments: [String], exit exitCode: Int32, _ message: String, notInMessage: [String] = [],
        variables: @escaping @Sendable (CatalogueWorkspace) throws -> [String: String] = { _ in [:] },
        inFiles: [String: String] = [:]
    ) {
        self.family = family
        self.name = name
        self.setup = setup
        self.arguments = arguments
        self.exitCode = exitCode
        self.message = message
        self.notInMessage = notInMessage
        self.variables = variables
        self.inFiles = inFiles
    }

    var testDescription: String { "\(family): \(name)" }
}

/// A case's setup: the files and folders it makes before the run.
typealias CatalogueSetup = @Sendable (CatalogueWorkspace) async throws -> Void

/// The run's directory, as a case's `setup` sees it.
struct CatalogueWorkspace: Sendable {
    /// The temporary directory the command runs in.
    let directory: TemporaryDirectory

    /// A path inside the directory.
    func url(_ name: String) -> URL { directory.file(name) }

    /// Writes a text file (parents created).
    @discardableResult
    func write(_ text: String, to name: String) throws -> URL { try directory.write(text, to: name) }

    /// Writes raw bytes (parents created).
    @discardableResult
    func write(bytes: [UInt8], to name: String) throws -> URL { try directory.write(Data(bytes), to: name) }

    /// Creates a folder (parents created).
    func folder(_ name: String) throws {
        try FileManager.default.createDirectory(at: url(name), withIntermediateDirectories: true)
    }

    /// Copies the demo schedule in as `name`.
    func demoSchedule(_ name: String = "demo.csv") throws {
        try FileManager.default.copyItem(at: AppHarness.demoSchedule, to: url(name))
    }

    /// Copies the demo recordings in as the folder `name`.
    func demoWeather(_ name: String = "weather") throws {
        try FileManager.default.copyItem(at: AppHarness.demoWeather, to: url(name))
    }

    /// A schedule whose header is the demo's and whose rows follow.
    @discardableResult
    func schedule(_ rows: [String], to name: String = "s.csv") throws -> URL {
        try write(
            (["flight,origin,destination,departure,arrival,aircraft,tail"] + rows).joined(separator: "\n") + "\n",
            to: name)
    }

    /// Writes `s.csv` with the demo header and these rows and copies the demo recordings in.
    func rows(_ rows: [String]) throws {
        try schedule(rows)
        try demoWeather()
    }

    /// Writes `s.csv` as this text and copies the demo recordings in.
    func text(_ text: String) throws {
        try write(text, to: "s.csv")
        try demoWeather()
    }

    /// One demo row as `s.csv` and the demo recordings: what ``BadInputCatalogue/oneRowRun(_:out:)`` reads.
    func demoInputs() throws { try rows([demoRow]) }

    /// The demo schedule as `demo.csv` and the demo recordings: what ``BadInputCatalogue/demo(_:)``
    /// reads.
    func demoRun() throws {
        try demoSchedule()
        try demoWeather()
    }

    /// Sets a file's permission bits.
    func chmod(_ name: String, _ mode: Int) throws {
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url(name).path)
    }

    /// A symbolic link at `name` pointing to `target` (as given, relative or absolute).
    func symlink(_ name: String, to target: String) throws {
        try FileManager.default.createSymbolicLink(atPath: url(name).path, withDestinationPath: target)
    }
}

/// One good demo row (ORD→JFK, inside the demo recordings' window).
let demoRow = "UA1545,ORD,JFK,2026-12-01T07:05,2026-12-01T10:15,B738,N37253"

extension BadInputCatalogue {
    /// `run s.csv --replay weather --out OUT` and `extra`: the run of
    /// ``CatalogueWorkspace/demoInputs()`` (or of another `s.csv` beside the demo recordings).
    static func oneRowRun(_ extra: [String] = [], out: String = "r") -> [String] {
        ["run", "s.csv", "--replay", "weather", "--out", out] + extra
    }

    /// ``oneRowRun(_:out:)`` on the state database `state`.
    static func stateRun(_ state: String = "st.sqlite") -> [String] { oneRowRun(["--state", state]) }
}
