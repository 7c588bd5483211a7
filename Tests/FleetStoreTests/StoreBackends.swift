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

    /// The back ends to test here: PostgreSQL where its tests run (``PostgresCluster/testsEnabled``).
    static let available: [StoreBackend] = PostgresCluster.testsEnabled ? allCases : [.sqlite]
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

@Suite("State back ends")
struct StoreBackendTests {
    @Test(
        "The PostgreSQL state tests run here (skipped, with the reason, where PostgreSQL is not installed)",
        .enabled(if: PostgresCluster.testsEnabled, PostgresCluster.skipComment))
    func postgresRuns() throws {
        let cluster = try PostgresCluster.required()
        #expect(try cluster.psql("SELECT 1 + 1") == "2")
    }
}
