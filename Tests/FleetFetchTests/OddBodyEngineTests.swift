import FleetFetch
import FleetPlan
import FleetStore
import FleetTestSupport
import FleetWeather
import FleetWeatherKit
import Foundation
import Testing

/// A complete four-data-set body for a request, expiring an hour after the fixture's clock,
/// with `hourExtra` (raw JSON members) in every hour and the alerts' metadata at
/// `alertsLatitude` (the cell's own latitude when `nil`).
private func body(for request: HTTPRequest, hourExtra: String = "", alertsLatitude: Double? = nil) -> HTTPResponse {
    let parts = request.url.path.split(separator: "/").map(String.init)
    let latitude = Double(parts[4]) ?? 0
    let longitude = Double(parts[5]) ?? 0
    let items = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
    let start = items.first { $0.name == "hourlyStart" }?.value.flatMap(WeatherJSON.parseDate) ?? EngineFixture.now
    let end = items.first { $0.name == "hourlyEnd" }?.value.flatMap(WeatherJSON.parseDate) ?? start
    let expire = WeatherJSON.formatDate(EngineFixture.now.addingTimeInterval(3600))
    func metadata(_ latitude: Double) -> String {
        #"{"expireTime":"\#(expire)","latitude":\#(latitude),"longitude":\#(longitude)}"#
    }
    let hours = stride(from: start, to: end, by: 3600).map { hour in
        #"{"forecastStart":"\#(WeatherJSON.formatDate(hour))","conditionCode":"Rain","temperature":4,"windSpeed":10,"#
            + #""visibility":9000,"precipitationType":"rain"\#(hourExtra)}"#
    }
    let json = #"""
        {"currentWeather":{"metadata":\#(metadata(latitude)),"asOf":"\#(WeatherJSON.formatDate(EngineFixture.now))"},
         "forecastDaily":{"metadata":\#(metadata(latitude)),"days":[]},
         "forecastHourly":{"metadata":\#(metadata(latitude)),"hours":[\#(hours.joined(separator: ","))]},
         "weatherAlerts":{"metadata":\#(metadata(alertsLatitude ?? latitude)),"alerts":[{"id":"far","severity":"extreme"}]}}
        """#
    return HTTPResponse(status: 200, body: Data(json.utf8))
}

@Suite("Fetch engine: bodies with odd values")
struct OddBodyEngineTests {
    @Test("a whole number given as a fraction costs one request per cell and becomes a warning")
    func oddValueIsNotRetried() async throws {
        let fixture = try EngineFixture(flights: 1)
        defer { fixture.remove() }
        let transport = FakeTransport { body(for: $0, hourExtra: #","uvIndex":4.5"#) }
        let report = try await fixture.engine(transport).fetch(fixture.plan)
        #expect(await transport.requests.count == 2)
        #expect(report.counters.sent == 2)
        #expect(report.counters.retried == 0)
        #expect(report.counters.succeeded == 2)
        #expect(report.outcomes.values.allSatisfy { $0.status == .fetched })
        #expect(report.outcomes.values.allSatisfy { ($0.weather?.hours.count ?? 0) >= 3 })
        for cell in fixture.plan.cells {
            #expect(
                report.warnings.contains { warning in
                    warning.hasPrefix(
                        "cell \(cell.key.text): forecastHourly.hours[0].uvIndex: 4.5 is not a whole number")
                },
                "\(report.warnings)")
        }
    }

    @Test("a cached body holding 1e300 (as an older version cached it) is checked when read back")
    func cachedHugeNumberIsDropped() async throws {
        let fixture = try EngineFixture(flights: 1)
        defer { fixture.remove() }
        let first = FakeTransport { body(for: $0, hourExtra: #","precipitationChance":1e300"#) }
        _ = try await fixture.engine(first).fetch(fixture.plan)
        // Everything is cached and fresh: the rerun sends nothing and reads the cached bytes.
        let second = FakeTransport.always(status: 503)
        let report = try await fixture.engine(second).fetch(fixture.plan)
        #expect(await second.requests.isEmpty)
        #expect(report.counters.cacheHits == 2)
        for outcome in report.outcomes.values {
            let hours = try #require(outcome.weather?.hours)
            #expect(!hours.isEmpty)
            #expect(hours.allSatisfy { $0.precipitationChance == nil && $0.temperature == 4 })
        }
        #expect(
            report.warnings.contains { warning in
                warning.contains(
                    "(cached forecastHourly): forecastHourly.hours[0].precipitationChance: 1e+300 is outside 0…1")
            },
            "\(report.warnings)")
        // The cell is named once, by the tally, not again by the cache's prefix.
        for cell in fixture.plan.cells {
            #expect(
                report.warnings.contains { warning in
                    warning.hasPrefix(
                        "cell \(cell.key.text): (cached forecastHourly): forecastHourly.hours[0].precipitationChance:")
                },
                "\(report.warnings)")
        }
        #expect(
            report.warnings.allSatisfy { $0.components(separatedBy: "cell ").count <= 2 }, "\(report.warnings)")
    }

    @Test("alerts whose location is not the forecasts' are dropped with a warning and never cached")
    func alertsElsewhereAreNeitherUsedNorCached() async throws {
        let fixture = try EngineFixture(flights: 1)
        defer { fixture.remove() }
        let transport = FakeTransport { body(for: $0, alertsLatitude: 0) }
        let report = try await fixture.engine(transport).fetch(fixture.plan)
        for cell in fixture.plan.cells {
            let weather = try #require(report.outcome(for: cell.key)?.weather)
            #expect(weather.alerts.isEmpty)
            #expect(!weather.dataSets.contains(.weatherAlerts))
            #expect(
                try await fixture.store.bestCached(cell: cell.key.text, dataSet: "weatherAlerts", covering: nil) == nil)
            #expect(
                try await fixture.store.bestCached(cell: cell.key.text, dataSet: "currentWeather", covering: nil) != nil
            )
            #expect(
                report.warnings.contains { $0.hasPrefix("cell \(cell.key.text): weatherAlerts: its location 0,") },
                "\(report.warnings)")
        }
    }

    @Test("a cut-off cached body is said as a cache problem, never as a WeatherKit failure, and fetched again")
    func cutOffCachedBody() async throws {
        let fixture = try EngineFixture(flights: 1)
        defer { fixture.remove() }
        _ = try await fixture.engine(FakeTransport { body(for: $0, hourExtra: "") }).fetch(fixture.plan)
        for cell in fixture.plan.cells {
            for var entry in try await fixture.store.cached(cell: cell.key.text, dataSet: "forecastHourly") {
                entry.body = Data(#"{"forecastHourly":{"hours":[{"temperature":1"#.utf8)
                try await fixture.store.store(entry)
            }
        }
        let second = FakeTransport { body(for: $0, hourExtra: "") }
        let report = try await fixture.engine(second).fetch(fixture.plan)
        #expect(await !second.requests.isEmpty, "the unreadable copy is fetched again")
        let said = report.warnings.filter { $0.contains("the cached forecastHourly cannot be read") }
        #expect(!said.isEmpty, "\(report.warnings)")
        #expect(said.allSatisfy { $0.contains("(truncated or invalid JSON body (") }, "\(said)")
        #expect(!said.contains { $0.contains("WeatherKit failure") }, "\(said)")
    }
}
