import FleetTestSupport
import Foundation
import Testing

@testable import FleetStore

/// The two back ends the state tests run on: every test of the store's behaviour takes one as
/// its argument, so the same assertions hold for SQLite and for PostgreSQL.
enum StoreBackend: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgres

    var testDescription: String { rawValue }

    /// The back ends to test here: PostgreSQL only when it is installed, unless the tools are
    /// required (`FLEETWX_REQUIRE_TOOLS=1`, as in CI), when a missing server fails the tests.
    static let available: [StoreBackend] = {
        if PostgresCluster.unavailableReason == nil { return allCases }
        return ProcessInfo.processInfo.environment["FLEETWX_REQUIRE_TOOLS"] == "1" ? allCases : [.sqlite]
    }()
}

/// One state on one back end, opened as often as a test needs (two stores on one state are two
/// processes, or two hosts, sharing it).
struct TestState: Sendable {
    let backend: StoreBackend
    /// The SQLite file's path, or the PostgreSQL URI (with the test superuser's password).
    let location: String

    /// A new, empty state: a fresh file in `directory`, or a fresh database in the shared
    /// throw-away cluster.
    init(_ backend: StoreBackend, in directory: TemporaryDirectory) throws {
        self.backend = backend
        switch backend {
        case .sqlite:
            location = directory.file("state.sqlite").path
        case .postgres:
            let cluster = try PostgresCluster.required()
            location = cluster.uri(database: try cluster.createDatabase(prefix: "store"))
        }
    }

    /// Opens a store on this state.
    func open(clock: TestClock, processes: any ProcessTable = LinuxProcessTable()) throws -> StateStore {
        switch backend {
        case .sqlite:
            return try StateStore(path: location, now: { clock.now }, processes: processes)
        case .postgres:
            let store = try StateStore.postgres(
                try PostgresTarget(uri: location), now: { clock.now }, processes: processes)
            return try #require(store)
        }
    }
}

/// Opens a store on a fresh state of `backend`, driven by `clock`.
func makeStore(
    _ backend: StoreBackend, in directory: TemporaryDirectory, clock: TestClock,
    processes: any ProcessTable = LinuxProcessTable()
) throws -> StateStore {
    try TestState(backend, in: directory).open(clock: clock, processes: processes)
}

extension PostgresCluster {
    /// The shared cluster, or a failure saying why there is none (a test given the PostgreSQL
    /// back end runs only where it is available or required).
    static func required() throws -> PostgresCluster {
        guard let cluster = try shared() else {
            throw PostgresUnavailable(reason: unavailableReason ?? "PostgreSQL is not available")
        }
        return cluster
    }
}

struct PostgresUnavailable: Error, CustomStringConvertible {
    let reason: String
    var description: String { "PostgreSQL is required here (FLEETWX_REQUIRE_TOOLS=1) but: \(reason)" }
}

@Suite("State back ends")
struct StoreBackendTests {
    @Test(
        "The PostgreSQL state tests run here (skipped, with the reason, where PostgreSQL is not installed)",
        .enabled(
            if: StoreBackend.available.contains(.postgres), Comment(rawValue: PostgresCluster.unavailableReason ?? "")))
    func postgresRuns() throws {
        let cluster = try PostgresCluster.required()
        #expect(try cluster.psql("SELECT 1 + 1") == "2")
    }
}
