import FleetStore
import FleetTestSupport
import Foundation
import Testing

/// Runs and views on a state database that is damaged, locked, unreadable in part or in a folder
/// that cannot be written, and schedules with nothing to brief (issue 9, items 3, 4, 7, 9, 15).
@Suite("State faults and empty nights")
struct StateFaultTests {
    static let replay = ["--replay", AppHarness.demoWeather.path]
    /// The demo schedule replayed on the state database `st.sqlite`, its report at `r` (shared
    /// with ``StateReportingTests``).
    static let demoRunOnState =
        ["run", AppHarness.demoSchedule.path] + replay + ["--state", "st.sqlite", "--out", "r"]

    @Test("a run refuses a state file whose cache pages are overwritten, leaves it untouched, publishes nothing")
    func damagedCacheRefused() async throws {
        let app = try AppHarness()
        defer { app.remove() }
        let workspace = CatalogueWorkspace(directory: app.directory)
        try await workspace.stateDatabase()
        try await workspace.damage("cache_entry")
        let before = try Data(contentsOf: app.file("st.sqlite"))
        let result = await app.run(Self.demoRunOnState)
        #expect(result.exitCode == 1, "\(result.stderr)")
        #expect(result.stderr.contains("st.sqlite is damaged"), "\(result.stderr)")
        #expect(result.stderr.contains("Move it aside"), "\(result.stderr)")
        #expect(try Data(contentsOf: app.file("st.sqlite")) == before)
        #expect(!FileManager.default.fileExists(atPath: app.file("r").path))
    }

    @Test("a run whose history cannot be written because another process holds the lock says so and exits 2")
    func lockedHistory() async throws {
        var app = try AppHarness()
        app.variables["FLEETWX_BUSY_TIMEOUT_MS"] = "200"
        defer { app.remove() }
        let workspace = CatalogueWorkspace(directory: app.directory)
        try await workspace.stateDatabase(cacheRows: 0)
        try workspace.lock()
        let result = await app.run(Self.demoRunOnState)
        try workspace.write("", to: ".release")
        #expect(result.exitCode == 2, "\(result.stderr)")
        #expect(result.stderr.contains("history could not be written (the state database"), "\(result.stderr)")
        #expect(result.stderr.contains(app.file("st.sqlite").path), "\(result.stderr)")
        #expect(result.stderr.contains("locked by another process"), "\(result.stderr)")
        let json = try app.runJSON("r")
        #expect(json["exit_code"] as? Int == 2)
        let warnings = json["warnings"] as? [String] ?? []
        #expect(warnings.contains { $0.contains("history could not be written") }, "\(warnings)")
    }

    @Test("plan with a mistyped --state warns as quota does and creates nothing")
    func planMissingState() async throws {
        let app = try AppHarness()
        defer { app.remove() }
        let result = await app.run(["plan", AppHarness.demoSchedule.path, "--state", "typo.sqlite"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stderr.contains("no state database at"), "\(result.stderr)")
        #expect(result.stderr.contains("typo.sqlite"))
        #expect(!FileManager.default.fileExists(atPath: app.file("typo.sqlite").path))
    }

    @Test("plan on an unreadable quota table says the quota is unknown, never 'all of it left'")
    func planUnknownQuota() async throws {
        let app = try AppHarness()
        defer { app.remove() }
        let workspace = CatalogueWorkspace(directory: app.directory)
        try await workspace.stateDatabase()
        try await workspace.damage("quota_month")
        let table = await app.run(["plan", AppHarness.demoSchedule.path, "--state", "st.sqlite"])
        #expect(table.exitCode == 0, "\(table.stderr)")
        #expect(!table.stdout.contains("500000 of 500000 left"), "\(table.stdout)")
        #expect(table.stdout.contains("quota: unknown"), "\(table.stdout)")
        #expect(table.stderr.contains("quota use is unknown"), "\(table.stderr)")
        let json = await app.run(["plan", AppHarness.demoSchedule.path, "--state", "st.sqlite", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["quota"] == nil)
        #expect(object["quota_unknown"] is String)
    }

    @Test("a header-only schedule exits 2 with a warning, writes its report and keeps latest on the previous one")
    func headerOnlyKeepsLatest() async throws {
        let app = try AppHarness()
        defer { app.remove() }
        let first = await app.run(["run", AppHarness.demoSchedule.path] + Self.replay + ["--out", "out/a"])
        #expect(first.exitCode == 0, "\(first.stderr)")
        try app.directory.write("flight,origin,destination,departure,arrival\n", to: "empty.csv")
        let empty = await app.run(["run", "empty.csv"] + Self.replay + ["--out", "out/b"])
        #expect(empty.exitCode == 2, "\(empty.stderr)")
        #expect(empty.stderr.contains("has no data rows, only a header: a failed export?"), "\(empty.stderr)")
        let latest = try FileManager.default.destinationOfSymbolicLink(atPath: app.file("out/latest").path)
        #expect(latest.hasSuffix("a"), "latest → \(latest)")
        let json = try app.runJSON("out/b")
        #expect(json["exit_code"] as? Int == 2)
        #expect((json["warnings"] as? [String] ?? []).contains { $0.contains("no data rows") })
    }

    static let setpriv = "/usr/bin/setpriv"

    @Test(
        "a state folder this user cannot write is named, with what to do (run as another user)",
        .enabled(
            if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: StateFaultTests.setpriv)
                && BinaryRun.executable != nil,
            "needs root and setpriv to drop to another user, and the built binary"))
    func readOnlyFolder() async throws {
        let setpriv = Self.setpriv
        let app = try AppHarness()
        defer { app.remove() }
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: app.directory.url.path)
        try CatalogueWorkspace(directory: app.directory).demoInputs()
        try FileManager.default.createDirectory(at: app.file("ro"), withIntermediateDirectories: true)
        _ = try StateStore(path: app.file("ro/old.sqlite").path)
        for side in ["-wal", "-shm"] {
            try? FileManager.default.removeItem(atPath: app.file("ro/old.sqlite").path + side)
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o666], ofItemAtPath: app.file("ro/old.sqlite").path)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: app.file("ro").path)
        for state in ["ro/new.sqlite", "ro/old.sqlite"] {
            let run = try BinaryRun.start(
                arguments: BadInputCatalogue.stateRun(state),
                environment: app.variables, directory: app.directory,
                launcher: [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups"])
            let result = try await run.wait()
            #expect(result.exitCode == 1, "\(result.stderr)")
            #expect(result.stderr.contains("its folder \(app.file("ro").path) is not writable"), "\(result.stderr)")
            #expect(!result.stderr.contains("unable to open database file"), "\(result.stderr)")
        }
    }
}
