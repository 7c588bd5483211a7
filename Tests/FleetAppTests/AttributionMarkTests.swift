import FleetStore
import FleetTestSupport
import Foundation
import Testing

/// The Apple Weather marks of a live run (docs/contract.md §5.4): fetched once
/// through the fake server, counted in the ledger, kept 30 days in the state database and
/// embedded as `data:` URIs; the text mark when there are none.
@Suite("Attribution marks of live runs")
struct AttributionMarkTests {
    /// Every HTML page of a report.
    static func pages(_ live: LiveHarness, _ out: String) throws -> [String: String] {
        let root = live.file(out)
        var pages: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            if url.pathExtension == "html" { pages[url.path] = try String(contentsOf: url, encoding: .utf8) }
        }
        return pages
    }

    /// Checks a page's attribution: marks as `data:` URIs or the text mark; the sentence, the
    /// legal link and the planning-aid note always; no image from the network.
    static func expectAttribution(_ page: String, marks: Bool, _ name: String) {
        let images = page.components(separatedBy: "<img").count - 1
        let embedded = page.components(separatedBy: "src=\"data:image/png;base64,").count - 1
        if marks {
            #expect(images == 4 && embedded == 4, "\(name): \(images) images, \(embedded) embedded (two blocks)")
        } else {
            #expect(images == 0, "\(name) has an <img> without marks")
            #expect(page.contains("<span class=\"mark-text\">Apple Weather</span>"), "\(name): no text mark")
        }
        #expect(!page.contains("src=\"http"), "\(name) loads something from the network")
        #expect(page.contains("Weather data provided by Apple Weather."), "\(name): no sentence")
        #expect(page.contains(">Other data sources and legal attribution</a>"), "\(name): no legal link")
        #expect(page.contains("This report is a planning aid"), "\(name): no planning-aid note")
    }

    @Test("a live run embeds both marks; a rerun takes them from the state database, sending nothing for them")
    func fetchedOnceThenStored() async throws {
        let server = try await FakeWeatherKitServer.start()
        defer { server.stop() }
        let live = try LiveHarness(fetchesMarks: true)
        defer { live.remove() }
        try live.write(LiveSchedule.csv(LiveSchedule.flights(2)), to: "s.csv")
        let first = await live.run(LiveRunTests.runArguments(server, out: "r1"))
        #expect(first.exitCode == 0, "\(first.stderr)")
        let stats = try await server.stats()
        #expect(stats.attributionRequests == 3)
        let logged = try await server.requests().filter { $0.kind == "attribution" || $0.kind == "asset" }
        #expect(logged.map(\.path).first == "/attribution/en", "no /api/v1 prefix")
        #expect(logged.dropFirst().allSatisfy { $0.path.hasPrefix("/assets/branding/en/") && $0.status == 200 })
        #expect(logged.allSatisfy { $0.hasBearer })
        #expect(try await live.quotaUsed() == stats.weatherRequests + 3, "the marks' 3 calls are in the ledger")
        let pages = try Self.pages(live, "r1")
        #expect(pages.count >= 2)
        for (name, page) in pages { Self.expectAttribution(page, marks: true, name) }
        let summary = try live.runJSON("r1").object
        #expect(summary["warnings"] as? [String] == [])
        let requests = try #require(summary["requests"] as? [String: Any])
        #expect(
            requests["sent"] as? Int == stats.weatherRequests + 3, "run.json counts the marks' calls as the ledger does"
        )

        let second = await live.run(LiveRunTests.runArguments(server, out: "r2"))
        #expect(second.exitCode == 0, "\(second.stderr)")
        #expect(try await server.stats().attributionRequests == 3, "the rerun fetched the marks again")
        #expect(try await live.quotaUsed() == stats.weatherRequests + 3)
        for (name, page) in try Self.pages(live, "r2") { Self.expectAttribution(page, marks: true, name) }
    }

    @Test("marks stored more than 30 days ago are fetched again")
    func oldMarksAreRefetched() async throws {
        let server = try await FakeWeatherKitServer.start()
        defer { server.stop() }
        let live = try LiveHarness(fetchesMarks: true)
        defer { live.remove() }
        try live.write(LiveSchedule.csv(LiveSchedule.flights(1)), to: "s.csv")
        let first = await live.run(LiveRunTests.runArguments(server, out: "r1"))
        #expect(first.exitCode == 0, "\(first.stderr)")
        do {
            let store = try StateStore(path: live.file("state.sqlite").path)
            var stored = try #require(try await store.storedMarks(language: "en"))
            stored.fetchedAt = Date().addingTimeInterval(-31 * 86_400)
            try await store.store(marks: stored)
        }
        let second = await live.run(LiveRunTests.runArguments(server, out: "r2"))
        #expect(second.exitCode == 0, "\(second.stderr)")
        #expect(try await server.stats().attributionRequests == 6)
        let store = try StateStore(path: live.file("state.sqlite").path)
        let refreshed = try #require(try await store.storedMarks(language: "en"))
        #expect(Date().timeIntervalSince(refreshed.fetchedAt) < 3600, "the refetched marks were not stored")
        for (name, page) in try Self.pages(live, "r2") { Self.expectAttribution(page, marks: true, name) }
    }

    @Test(
        "a failed attribution fetch shows the text mark, warns, and leaves the exit code alone",
        arguments: [
            FakeFaults.Rule(.status5xx, status: 500, target: .attribution),
            FakeFaults.Rule(.rawBody, target: .asset, body: "<html>not a picture</html>"),
            FakeFaults.Rule(
                .rawBody, target: .attribution,
                body: #"{"logoLight@2x":"https://evil/x.png","logoDark@2x":"/assets/branding/en/d.png"}"#),
            FakeFaults.Rule(
                .rawBody, target: .attribution,
                body: #"{"logoLight@2x":"/../x.png","logoDark@2x":"/assets/branding/en/d.png"}"#),
        ])
    func failedFetchShowsTheTextMark(fault: FakeFaults.Rule) async throws {
        let server = try await FakeWeatherKitServer.start()
        defer { server.stop() }
        try await server.setFaults(FakeFaults(rules: [fault]))
        let live = try LiveHarness(fetchesMarks: true)
        defer { live.remove() }
        try live.write(LiveSchedule.csv(LiveSchedule.flights(1)), to: "s.csv")
        let result = await live.run(LiveRunTests.runArguments(server, out: "r"))
        #expect(result.exitCode == 0, "a missing mark is cosmetic: \(result.stderr)")
        #expect(result.stderr.contains("attribution marks could not be fetched"), "\(result.stderr)")
        let warnings = try #require(try live.runJSON("r").object["warnings"] as? [String])
        #expect(warnings.contains { $0.contains("pages show the text mark") }, "\(warnings)")
        for (name, page) in try Self.pages(live, "r") { Self.expectAttribution(page, marks: false, name) }
        #expect(
            try await server.requests().allSatisfy { !$0.path.contains("evil") && !$0.path.contains("..") },
            "a refused path was requested")
        let store = try StateStore(path: live.file("state.sqlite").path)
        #expect(try await store.storedMarks(language: "en") == nil, "refused marks were stored")
    }

    @Test("a replay shows the text mark and sends nothing")
    func replayShowsTheTextMark() async throws {
        let live = try LiveHarness(fetchesMarks: true)
        defer { live.remove() }
        let result = await live.run([
            "run", AppHarness.demoSchedule.path, "--replay", AppHarness.demoWeather.path, "--state", "state.sqlite",
            "--out", "r", "--now", "2026-11-30T05:00:00Z",
        ])
        #expect(result.exitCode == 0, "\(result.stderr)")
        for (name, page) in try Self.pages(live, "r") { Self.expectAttribution(page, marks: false, name) }
    }

    @Test("with the month's quota used up, no mark is fetched and the text mark is shown")
    func noBudgetNoMarks() async throws {
        let server = try await FakeWeatherKitServer.start()
        defer { server.stop() }
        let live = try LiveHarness(fetchesMarks: true)
        defer { live.remove() }
        try live.write(LiveSchedule.csv(LiveSchedule.flights(1)), to: "s.csv")
        let result = await live.run(
            LiveRunTests.runArguments(server, out: "r", extra: ["--monthly-quota", "2", "--allow-over-pace"]))
        #expect(result.stderr.contains("the monthly quota is used up"), "\(result.stderr)")
        #expect(try await server.stats().attributionRequests == 0)
        #expect(try await live.quotaUsed() == 2)
        for (name, page) in try Self.pages(live, "r") { Self.expectAttribution(page, marks: false, name) }
    }
}
