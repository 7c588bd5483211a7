import FleetPlan
import FleetReports
import FleetSchedule
import FleetTestSupport
import Foundation
import Testing

@Suite("RejectsCSV")
struct RejectsCSVTests {
    /// `rejects.csv` as a run writes it: row by row into a staging folder (``RejectsFile``).
    static func written(_ rejects: [RejectedRow]) throws -> String {
        let directory = try TemporaryDirectory(prefix: "fleetwx-rejects")
        defer { directory.remove() }
        let staging = try ReportStaging.create(for: directory.file("r")).staging
        defer { staging.discard() }
        let file = try RejectsFile(in: staging)
        for row in rejects { file.add(row) }
        try file.close()
        return try String(contentsOf: staging.url.appendingPathComponent("rejects.csv"), encoding: .utf8)
    }

    @Test("the header is written even with no rejected rows")
    func headerWhenEmpty() throws {
        #expect(try Self.written([]) == "line,reason,raw\r\n")
    }

    @Test("rows keep line, reason and the raw text exactly, and read back")
    func rows() throws {
        let rejects = [
            RejectedRow(line: 3, reason: "unknown origin airport \"QQQ\"", raw: "UA1,QQQ,LHR,\"2026-12-01T13:05Z\""),
            RejectedRow(line: 7, reason: "cannot read the row", raw: "\"multi\nline, \"\"quoted\"\"\""),
            RejectedRow(line: 9, reason: "x", raw: "=cmd|' /C calc'!A0,JFK"),
        ]
        let csv = try Self.written(rejects)
        let rows = try ReportFixtures.rows(csv)
        #expect(rows.first == ["line", "reason", "raw"])
        #expect(rows.dropFirst().map { $0[0] } == ["3", "7", "9"])
        #expect(rows[1][1] == "unknown origin airport \"QQQ\"")
        #expect(rows[1][2] == rejects[0].raw)
        #expect(rows[2][2] == rejects[1].raw)
        #expect(rows[3][2] == "'" + rejects[2].raw)
    }
}

@Suite("RunSummary")
struct RunSummaryTests {
    static func json(_ summary: RunSummary = ReportFixtures.summary(briefed: 3, rejected: 1)) throws -> [String: Any] {
        let data = try summary.json()
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test("run.json has every key docs/contract.md §8.4 lists")
    func keys() throws {
        let object = try Self.json()
        for key in [
            "schema_version", "started_at", "finished_at", "schedule", "exit_code", "flights", "routes", "airports",
            "cells", "requests", "quota", "attribution",
        ] {
            #expect(object[key] != nil, "\(key)")
        }
        let flights = try #require(object["flights"] as? [String: Any])
        #expect(Set(flights.keys).isSuperset(of: ["rows", "briefed", "rejected", "without_weather", "stale"]))
        let requests = try #require(object["requests"] as? [String: Any])
        #expect(
            Set(requests.keys).isSuperset(of: [
                "planned", "sent", "succeeded", "failed", "retried", "cache_hits", "skipped_for_quota",
            ]))
        let quota = try #require(object["quota"] as? [String: Any])
        #expect(Set(quota.keys).isSuperset(of: ["month", "limit", "used", "remaining"]))
        let attribution = try #require(object["attribution"] as? [String: Any])
        #expect(Set(attribution.keys).isSuperset(of: ["text", "url"]))
    }

    @Test("values are the summary's, with the attribution sentence")
    func values() throws {
        var summary = ReportFixtures.summary(briefed: 3, rejected: 1)
        summary.requests.cacheHits = 4
        summary.requests.skippedForQuota = 2
        summary.quota = .init(month: "2026-12", limit: 100, used: 40)
        let object = try Self.json(summary)
        #expect(object["schema_version"] as? Int == 1)
        #expect(object["started_at"] as? String == "2026-12-01T00:00:00Z")
        #expect(object["schedule"] as? String == "Schedules/demo.csv")
        #expect(object["exit_code"] as? Int == 2)
        let flights = try #require(object["flights"] as? [String: Any])
        #expect(flights["rows"] as? Int == 4)
        #expect(flights["rejected"] as? Int == 1)
        let requests = try #require(object["requests"] as? [String: Any])
        #expect(requests["cache_hits"] as? Int == 4)
        #expect(requests["skipped_for_quota"] as? Int == 2)
        let quota = try #require(object["quota"] as? [String: Any])
        #expect(quota["remaining"] as? Int == 60)
        #expect(quota["month"] as? String == "2026-12")
        let attribution = try #require(object["attribution"] as? [String: Any])
        #expect(attribution["text"] as? String == "Weather data provided by Apple Weather.")
        #expect(attribution["url"] as? String == ReportFixtures.attributionURL)
    }

    @Test("remaining quota never goes below zero")
    func remainingFloor() {
        #expect(RunSummary.Quota(month: "2026-12", limit: 10, used: 12).remaining == 0)
    }

    @Test("the file is pretty, key-sorted, slash-unescaped, newline-terminated and stable")
    func format() throws {
        let summary = ReportFixtures.summary(briefed: 1, rejected: 0)
        let text = String(decoding: try summary.json(), as: UTF8.self)
        #expect(text.hasSuffix("}\n"))
        #expect(text.contains("https://developer.apple.com/weatherkit/"))
        #expect(text.contains("\n  \"airports\""))
        #expect(try summary.json() == summary.json())
        let decoded = try JSONDecoder().decode(RunSummary.self, from: summary.json())
        #expect(decoded == summary)
    }
}
