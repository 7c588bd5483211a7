import FleetTestSupport
import Foundation
import Testing

/// `fleetwx run` against the fake WeatherKit server: what goes on the wire, the cache across
/// reruns, bounded concurrency, and record/replay.
@Suite("Live runs against the fake WeatherKit server")
struct LiveRunTests {
    /// The `dataSets` value of a first request for a cell.
    static let allDataSets = "currentWeather,forecastDaily,forecastHourly,weatherAlerts"

    /// `run SCHEDULE --endpoint … --state state.sqlite --out OUT` plus `extra`.
    static func runArguments(_ server: FakeWeatherKitServer, out: String, extra: [String] = []) -> [String] {
        ["run", "s.csv", "--endpoint", server.baseURL.absoluteString, "--state", "state.sqlite", "--out", out] + extra
    }

    @Test("one request per cell, each as the API notes describe, with a token the server verified")
    func oneRequestPerCell() async throws {
        let server = try await FakeWeatherKitServer.start(arguments: [
            "--team-id", TestCredentials.teamID, "--service-id", TestCredentials.serviceID, "--key-id",
            TestCredentials.keyID,
        ])
        defer { server.stop() }
        let live = try LiveHarness()
        defer { live.remove() }
        let flights = LiveSchedule.flights(4)
        try live.write(LiveSchedule.csv(flights), to: "s.csv")
        let result = await live.run(Self.runArguments(server, out: "r"))
        #expect(result.exitCode == 0, "\(result.stderr)")
        let requests = try await server.requests()
        #expect(requests.count == 8)
        for flight in flights {
            for (code, time) in [(flight.origin, flight.departure), (flight.destination, flight.arrival)] {
                let airport = try #require(LiveSchedule.airport(code))
                let matching = requests.filter { request in
                    let parts = request.segments
                    guard parts.count == 6, let lat = Double(parts[4]), let lon = Double(parts[5]) else { return false }
                    return abs(lat - airport.latitude) < 1e-6 && abs(lon - airport.longitude) < 1e-6
                }
                try #require(matching.count == 1, "\(code): \(matching.count) requests")
                let request = matching[0]
                #expect(request.method == "GET")
                #expect(Array(request.segments.prefix(4)) == ["api", "v1", "weather", "en-US"])
                #expect(request.query["dataSets"] == Self.allDataSets)
                #expect(request.rawQuery.contains("dataSets=currentWeather,forecastDaily"), "comma-delimited")
                let hour = (time.timeIntervalSince1970 / 3600).rounded(.down) * 3600
                #expect(request.query["hourlyStart"] == LiveSchedule.utc(Date(timeIntervalSince1970: hour - 3600)))
                #expect(request.query["hourlyEnd"] == LiveSchedule.utc(Date(timeIntervalSince1970: hour + 7200)))
                let dailyStart = try #require(request.query["dailyStart"].flatMap(Self.parse))
                let dailyEnd = try #require(request.query["dailyEnd"].flatMap(Self.parse))
                #expect(dailyStart.timeIntervalSince1970 <= hour - 3600)
                #expect(dailyEnd.timeIntervalSince1970 >= hour + 7200)
                #expect(request.query["timezone"] == airport.timeZone)
                #expect(request.query["countryCode"] == airport.country)
                #expect(request.query["country"] == airport.country)
                #expect(request.accept == "application/json")
                #expect(request.hasBearer && request.tokenVerified, "\(request.tokenError ?? "")")
                #expect(request.status == 200)
            }
        }
        let summary = try live.runJSON("r")
        #expect(summary.cells == 8)
        #expect(summary.requests("sent") == 8)
        #expect(summary.requests("succeeded") == 8)
        #expect(summary.requests("retried") == 0)
        #expect(summary.requests("cache_hits") == 0)
        let timings = try #require(summary.object["timings"] as? [String: Double])
        #expect(Set(timings.keys) == ["plan_seconds", "fetch_seconds", "brief_seconds"])
        #expect(timings.values.allSatisfy { $0 >= 0 })
        let rows = try live.csvRows("r/flights.csv")
        #expect(rows.count == flights.count)
        #expect(rows.allSatisfy { $0["status"] == "ok" })
    }

    @Test(
        "a bad test-tuning variable is refused, naming it, before anything is sent",
        arguments: [
            ("FLEETWX_REQUEST_TIMEOUT", "0"), ("FLEETWX_REQUEST_TIMEOUT", "soon"), ("FLEETWX_RETRY_BASE_MS", "-5"),
        ])
    func badTuningVariable(_ name: String, _ value: String) async throws {
        let server = try await FakeWeatherKitServer.start()
        defer { server.stop() }
        var live = try LiveHarness()
        defer { live.remove() }
        live.variables[name] = value
        try live.write(LiveSchedule.csv(LiveSchedule.flights(1)), to: "s.csv")
        let result = await live.run(Self.runArguments(server, out: "r"))
        #expect(result.exitCode == 1)
        #expect(result.stderr.contains(name), "\(result.stderr)")
        #expect(try await server.stats().requests == 0)
        #expect(!FileManager.default.fileExists(atPath: live.file("r").path))
    }

    @Test("an immediate rerun sends nothing: every cell is a cache hit")
    func rerunIsAllCacheHits() async throws {
        let server = try await FakeWeatherKitServer.start()
        defer { server.stop() }
        let live = try LiveHarness()
        defer { live.remove() }
        try live.write(LiveSchedule.csv(LiveSchedule.flights(4)), to: "s.csv")
        let first = await live.run(Self.runArguments(server, out: "r1"))
        #expect(first.exitCode == 0, "\(first.stderr)")
        #expect(try await server.stats().requests == 8)
        let second = await live.run(Self.runArguments(server, out: "r2"))
        #expect(second.exitCode == 0, "\(second.stderr)")
        #expect(try await server.stats().requests == 8, "the rerun sent requests")
        let summary = try live.runJSON("r2")
        #expect(summary.requests("sent") == 0)
        #expect(summary.requests("cache_hits") == summary.cells)
        #expect(summary.cells == 8)
        #expect(try live.csvRows("r2/flights.csv").allSatisfy { $0["status"] == "ok" })
        #expect(try await live.quotaUsed() == 8)
    }

    @Test("after some data sets expire, a rerun asks only for those, once per cell")
    func rerunFetchesOnlyExpiredDataSets() async throws {
        let server = try await FakeWeatherKitServer.start(arguments: [
            "--expire-seconds", "currentWeather=1,weatherAlerts=1",
        ])
        defer { server.stop() }
        let live = try LiveHarness()
        defer { live.remove() }
        try live.write(LiveSchedule.csv(LiveSchedule.flights(3)), to: "s.csv")
        let first = await live.run(Self.runArguments(server, out: "r1"))
        #expect(first.exitCode == 0, "\(first.stderr)")
        let firstRequests = try await server.requests()
        #expect(firstRequests.count == 6)
        #expect(firstRequests.allSatisfy { $0.query["dataSets"] == Self.allDataSets })
        // Expiry is judged by the real clock: the two live data sets expire within a second.
        try await Task.sleep(for: .milliseconds(2500))
        let second = await live.run(Self.runArguments(server, out: "r2"))
        #expect(second.exitCode == 0, "\(second.stderr)")
        let rerun = Array(try await server.requests().dropFirst(firstRequests.count))
        #expect(rerun.count == 6)
        #expect(rerun.allSatisfy { $0.query["dataSets"] == "currentWeather,weatherAlerts" })
        #expect(Set(rerun.map(\.cellKey)) == Set(firstRequests.map(\.cellKey)))
        let summary = try live.runJSON("r2")
        #expect(summary.requests("sent") == 6)
        #expect(summary.requests("cache_hits") == 0)
        #expect(try live.csvRows("r2/flights.csv").allSatisfy { $0["status"] == "ok" })
    }

    @Test("the requests in flight never exceed --concurrency", arguments: [1, 3])
    func concurrencyIsBounded(_ concurrency: Int) async throws {
        // Held until `concurrency` are in flight together (after the run's lone trial request),
        // so the peak reaches the limit however slowly a loaded machine starts requests; 250 ms
        // each lets an excess request show.
        let server = try await FakeWeatherKitServer.start(arguments: [
            "--gather", String(concurrency), "--gather-skip", "1", "--latency-ms", "250",
        ])
        defer { server.stop() }
        let live = try LiveHarness()
        defer { live.remove() }
        try live.write(LiveSchedule.csv(LiveSchedule.flights(6)), to: "s.csv")
        let result = await live.run(Self.runArguments(server, out: "r", extra: ["--concurrency", String(concurrency)]))
        #expect(result.exitCode == 0, "\(result.stderr)")
        let stats = try await server.stats()
        #expect(stats.requests == 12)
        #expect(stats.peakInFlight == concurrency, "peak \(stats.peakInFlight)")
    }

    @Test("--record then --replay --now reproduces flights.csv byte for byte, sending nothing")
    func recordThenReplay() async throws {
        let server = try await FakeWeatherKitServer.start()
        defer { server.stop() }
        let live = try LiveHarness()
        defer { live.remove() }
        try live.write(LiveSchedule.csv(LiveSchedule.flights(4)), to: "s.csv")
        let recorded = await live.run(Self.runArguments(server, out: "live", extra: ["--record", "rec"]))
        #expect(recorded.exitCode == 0, "\(recorded.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: live.file("rec").path)
        #expect(files.filter { $0.hasSuffix(".json") }.count == 8)
        #expect(!files.contains { $0.hasPrefix(".") }, "a temporary recording file was left behind")
        let startedAt = try #require(try live.runJSON("live").startedAt)
        let replayed = await live.run([
            "run", "s.csv", "--replay", "rec", "--now", startedAt, "--state", "replay.sqlite", "--out", "replayed",
        ])
        #expect(replayed.exitCode == 0, "\(replayed.stderr)")
        #expect(try await server.stats().requests == 8, "the replay sent requests")
        let original = try Data(contentsOf: live.file("live/flights.csv"))
        let copy = try Data(contentsOf: live.file("replayed/flights.csv"))
        #expect(original == copy)
        #expect(try live.runJSON("replayed").requests("sent") == 0)
    }

    @Test("--record with a warm cache still records every cell whole, so the night replays")
    func recordFromTheCache() async throws {
        let server = try await FakeWeatherKitServer.start()
        defer { server.stop() }
        let live = try LiveHarness()
        defer { live.remove() }
        try live.write(LiveSchedule.csv(LiveSchedule.flights(3)), to: "s.csv")
        #expect(await live.run(Self.runArguments(server, out: "first")).exitCode == 0)
        let recorded = await live.run(Self.runArguments(server, out: "cached", extra: ["--record", "rec"]))
        #expect(recorded.exitCode == 0, "\(recorded.stderr)")
        #expect(try live.runJSON("cached").requests("sent") == 0, "served from the cache")
        let files = try FileManager.default.contentsOfDirectory(atPath: live.file("rec").path)
        #expect(files.filter { $0.hasSuffix(".json") }.count == 6, "one recording per cell")
        for name in files where name.hasSuffix(".json") {
            let body = try JSONSerialization.jsonObject(with: Data(contentsOf: live.file("rec/\(name)")))
            let sets = Set((body as? [String: Any])?.keys.map { $0 } ?? [])
            #expect(sets.isSuperset(of: ["forecastHourly", "forecastDaily", "currentWeather"]), "\(name): \(sets)")
        }
        let startedAt = try #require(try live.runJSON("cached").startedAt)
        let replayed = await live.run([
            "run", "s.csv", "--replay", "rec", "--now", startedAt, "--state", "replay.sqlite", "--out", "replayed",
        ])
        #expect(replayed.exitCode == 0, "\(replayed.stderr)")
        let original = try Data(contentsOf: live.file("cached/flights.csv"))
        #expect(try Data(contentsOf: live.file("replayed/flights.csv")) == original)
    }

    /// An ISO 8601 date-time, or `nil`.
    static func parse(_ text: String) -> Date? { try? Date(text, strategy: .iso8601) }
}
