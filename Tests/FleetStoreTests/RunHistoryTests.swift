import FleetTestSupport
import Foundation
import Testing

@testable import FleetStore

@Suite("Run history")
struct RunHistoryTests {
    static func start(_ id: String, at time: String) -> RunStart {
        RunStart(id: id, startedAt: utc(time), command: "run", schedulePath: "Schedules/demo.csv")
    }

    static let flights = [
        FlightOutcome(
            flightKey: "UA1545|KORD|2026-12-01T13:05:00Z", flight: "UA1545", route: "ORD-SFO", risk: "high",
            status: "ok", alertIDs: ["a-1", "with \"quote\", comma\nand newline"], hazards: ["icing", "gusts"],
            detailJSON: #"{"dep":{"wind_kt":25}}"#),
        FlightOutcome(
            flightKey: "LH400|EDDF|2026-12-01T10:00:00Z", flight: "LH400", route: "FRA-JFK", risk: "low",
            status: "stale"),
    ]

    @Test(
        "A begun run is listed unfinished; finishing records summary and flights in order",
        arguments: StoreBackend.available)
    func beginAndFinish(backend: StoreBackend) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try makeStore(backend, in: directory, clock: TestClock(utc("2026-12-01T05:00:00Z")))
        try await store.beginRun(Self.start("r1", at: "2026-12-01T05:00:00Z"))
        let unfinished = try #require(try await store.recentRuns(limit: 10).first)
        #expect(unfinished.isFinished == false)
        #expect(unfinished.schedulePath == "Schedules/demo.csv")
        #expect(try await store.lastFinishedRun(before: nil) == nil)
        try await store.finishRun(
            id: "r1", finishedAt: utc("2026-12-01T05:03:00Z"), exitCode: 2, summaryJSON: #"{"exit_code":2}"#,
            flights: Self.flights)
        let finished = try #require(try await store.recentRuns(limit: 10).first)
        let expected = RunRecord(
            id: "r1", startedAt: utc("2026-12-01T05:00:00Z"), command: "run", schedulePath: "Schedules/demo.csv",
            finishedAt: utc("2026-12-01T05:03:00Z"), exitCode: 2, summaryJSON: #"{"exit_code":2}"#)
        #expect(finished == expected)
        #expect(try await store.flightOutcomes(runID: "r1") == Self.flights)
        #expect(try await store.flightOutcomes(runID: "nope").isEmpty)
    }

    @Test("The previous finished run skips the current run and unfinished runs", arguments: StoreBackend.available)
    func lastFinished(backend: StoreBackend) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try makeStore(backend, in: directory, clock: TestClock(utc("2026-12-01T05:00:00Z")))
        for (id, time) in [
            ("r1", "2026-11-29T05:00:00Z"), ("r2", "2026-11-30T05:00:00Z"), ("r3", "2026-12-01T05:00:00Z"),
        ] {
            try await store.beginRun(Self.start(id, at: time))
        }
        try await store.finishRun(
            id: "r1", finishedAt: utc("2026-11-29T05:01:00Z"), exitCode: 0, summaryJSON: "{}", flights: [])
        try await store.finishRun(
            id: "r2", finishedAt: utc("2026-11-30T05:01:00Z"), exitCode: 0, summaryJSON: "{}", flights: [])
        try await store.beginRun(Self.start("r4", at: "2026-12-01T06:00:00Z"))
        #expect(try await store.lastFinishedRun(before: "r3")?.id == "r2")
        #expect(try await store.lastFinishedRun(before: "r2")?.id == "r1")
        #expect(try await store.lastFinishedRun(before: nil)?.id == "r2")
        #expect(try await store.recentRuns(limit: 3).map(\.id) == ["r4", "r3", "r2"])
        #expect(try await store.recentRuns(limit: 0).isEmpty)
    }

    @Test(
        "Finishing again replaces the flights; an unknown run or a duplicate id is refused",
        arguments: StoreBackend.available)
    func finishRules(backend: StoreBackend) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try makeStore(backend, in: directory, clock: TestClock(utc("2026-12-01T05:00:00Z")))
        try await store.beginRun(Self.start("r1", at: "2026-12-01T05:00:00Z"))
        try await store.finishRun(
            id: "r1", finishedAt: utc("2026-12-01T05:01:00Z"), exitCode: 0, summaryJSON: "{}", flights: Self.flights)
        try await store.finishRun(
            id: "r1", finishedAt: utc("2026-12-01T05:02:00Z"), exitCode: 1, summaryJSON: "{}",
            flights: [Self.flights[1]])
        #expect(try await store.flightOutcomes(runID: "r1") == [Self.flights[1]])
        await #expect(throws: StoreError.unknownRun(id: "ghost")) {
            try await store.finishRun(
                id: "ghost", finishedAt: utc("2026-12-01T05:02:00Z"), exitCode: 0, summaryJSON: "{}",
                flights: Self.flights)
        }
        #expect(try await store.flightOutcomes(runID: "ghost").isEmpty)
        let error = await #expect(throws: StoreError.self) {
            try await store.beginRun(Self.start("r1", at: "2026-12-01T06:00:00Z"))
        }
        switch backend {
        case .sqlite: #expect(error?.sqlitePrimaryCode == 19, "SQLITE_CONSTRAINT")
        case .postgres: #expect(error?.postgresState == "23505", "unique_violation")
        }
    }
}
