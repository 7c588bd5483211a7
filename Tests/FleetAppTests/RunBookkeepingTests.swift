import FleetPlan
import FleetReports
import FleetStore
import FleetTestSupport
import Foundation
import Testing

@testable import FleetApp

/// The run's history row when recording its start failed (another process held the lock) and
/// publishing then failed too: one row, inserted once, ending as unpublished (exit 1).
@Suite("Run bookkeeping")
struct RunBookkeepingTests {
    static let startedAt = WeatherFixtures.date("2026-11-30T05:00:00Z")

    @Test("a run whose start was not recorded and whose publishing failed is recorded once, as unpublished")
    func unbegunThenUnpublished() async throws {
        let directory = try TemporaryDirectory(prefix: "fleetwx-bookkeeping")
        defer { directory.remove() }
        let console = CapturingConsole()
        let environment = AppEnvironment(
            variables: [:], workingDirectory: directory.url, executable: directory.file("fleetwx"),
            now: { Self.startedAt }, console: console)
        let parsed = try ParsedArguments.parse(["run", "s.csv"])
        let command = RunPipeline(
            options: try RunOptions(parsed, environment: environment), environment: environment,
            interruption: RunInterruption(), holder: StagingHolder())
        let store = try StateStore(path: directory.file("st.sqlite").path)
        let summary = RunSummary(
            runID: "r1", startedAt: "2026-11-30T05:00:00Z", finishedAt: "2026-11-30T05:00:00Z", schedule: "s.csv",
            exitCode: 0, source: .replay,
            flights: .init(rows: 0, briefed: 0, rejected: 0, withoutWeather: 0, stale: 0),
            routes: 0, airports: 0, cells: 0, requests: FetchCounters(),
            quota: .init(month: "2026-11", limit: 10, used: 0), attribution: .init(url: "https://example.com"),
            risk: [:], warnings: [])
        var history = RunBookkeeping(
            store: store,
            start: RunStart(id: "r1", startedAt: Self.startedAt, command: "run", schedulePath: "s.csv"),
            now: { Self.startedAt })
        // The start is not recorded (as when another process held the lock); the end is, then
        // publishing fails.
        let lost = await command.recordHistory(&history, summary: summary, briefings: [])
        #expect(lost == nil)
        await command.recordUnpublished(&history, counters: FetchCounters())
        #expect(console.stderr.isEmpty, "\(console.stderr)")
        let runs = try await store.recentRuns(limit: 5)
        #expect(runs.map(\.id) == ["r1"])
        #expect(runs.first?.exitCode == 1, "the row must say nothing was published")
    }
}
