import FleetAirports
import FleetHTML
import FleetReports
import FleetSchedule
import FleetTestSupport
import FleetWeather
import Foundation
import Testing

private let script = "<script>alert(1)</script>"
private let breakout = "\"><img src=x onerror=alert(1)>"

/// An airport whose names are hostile, for injection tests.
private let hostileAirport = Airport(
    icao: "XXSS", iata: "XSS", name: script + " International", city: breakout, subdivision: script, country: "US",
    elevationFeet: 10, latitude: 10.5, longitude: 20.5, timeZone: "UTC")

/// Writes a report and returns its directory.
private func written(_ model: ReportModel, in temporary: TemporaryDirectory, as name: String = "report") throws -> URL {
    let out = temporary.file(name)
    try ReportWriter(templates: ReportFixtures.templates()).write(model, to: out, updateLatest: false)
    return out
}

/// Every HTML page of a report, by relative path.
private func pages(_ directory: URL) throws -> [String: String] {
    try ReportFixtures.files(in: directory).filter { $0.key.hasSuffix(".html") }
        .mapValues { String(decoding: $0, as: UTF8.self) }
}

/// A model whose flight, aircraft, tail, alert and airport texts carry injection payloads.
private func hostileModel() throws -> ReportModel {
    let alerts = [
        WeatherFixtures.alert(
            id: "x1", severity: .extreme, description: script, source: breakout, from: nil, until: nil,
            detailsUrl: "javascript:alert(1)"),
        WeatherFixtures.alert(
            id: "x2", severity: .minor, description: breakout, source: script, from: nil, until: nil,
            detailsUrl: "data:text/html;base64,PHNjcmlwdD4="),
        WeatherFixtures.alert(
            id: "ok", severity: .severe, description: "Tornado Watch", from: nil, until: nil,
            detailsUrl: "https://weatherkit.apple.com/alertDetails/index.html?ids=ok&lang=en-US"),
    ]
    var areaAlert = alerts[0]
    areaAlert.areaName = script
    let hostileFlight = TestFlights.flight(
        script, from: TestFlights.airport("JFK"), to: hostileAirport,
        departure: WeatherFixtures.date("2026-12-01T13:05:00Z"), arrival: WeatherFixtures.date("2026-12-01T20:50:00Z"),
        aircraft: breakout, tail: script)
    let quietFlight = TestFlights.flight(breakout, from: "LHR", to: "JFK")
    var current = CurrentWeather(asOf: ReportFixtures.now)
    current.conditionCode = .unknown(script)
    let weather = [
        "JFK": ReportFixtures.weather(alerts: [areaAlert] + alerts.dropFirst()) { index, hour in
            if index == 13 { hour.conditionCode = .unknown(breakout) }
        },
        "XSS": ReportFixtures.weather(alerts: alerts, current: current),
        "LHR": ReportFixtures.weather(),
    ]
    let rejects = [RejectedRow(line: 5, reason: script, raw: breakout)]
    return try ReportFixtures.model([hostileFlight, quietFlight], weather: weather, rejects: rejects)
}

@Suite("Report pages")
struct ReportPagesTests {
    @Test("attribution and the planning-aid note are on the index and every route and station page")
    func attributionEverywhere() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let all = try pages(written(twoRouteModel(), in: temporary))
        #expect(
            Set(all.keys) == [
                "index.html", "routes/JFK-LHR.html", "routes/LHR-JFK.html", "stations/JFK.html", "stations/LHR.html",
            ])
        for (name, html) in all {
            #expect(html.hasPrefix("<!DOCTYPE html>"), "\(name)")
            #expect(html.contains("Weather data provided by Apple Weather."), "\(name)")
            // Without stored marks (this model has none) the mark is the text mark, not an image.
            #expect(html.contains("<span class=\"mark-text\">Apple Weather</span>"), "\(name)")
            #expect(html.contains("href=\"\(ReportFixtures.attributionURL)\""), "\(name)")
            #expect(html.contains("planning aid"), "\(name)")
            #expect(html.contains("not an official aviation weather source"), "\(name)")
            #expect(!html.contains("<link rel=\"stylesheet\""), "\(name): CSS must be inline")
            #expect(html.contains("<style"), "\(name)")
        }
    }

    @Test("hostile text from data never comes out as markup in any page")
    func noInjection() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let all = try pages(written(hostileModel(), in: temporary))
        #expect(all.keys.contains("routes/JFK-XSS.html"))
        #expect(all.keys.contains("routes/LHR-JFK.html"))
        for (name, html) in all {
            #expect(!html.contains(script), "\(name)")
            #expect(!html.contains("<img src=x"), "\(name)")
            #expect(!html.lowercased().contains("href=\"javascript:"), "\(name)")
            #expect(!html.contains("href=\"data:"), "\(name)")
            // Read back, the only images are the Apple Weather marks and the only script the template's.
            let root = try #require(try ParsedHTML(html, name: name).root)
            #expect(root.all { $0.tag == "img" }.allSatisfy { $0.attribute("alt") == "Apple Weather" }, "\(name)")
            #expect(root.all { $0.tag == "script" }.count == 1, "\(name)")
            #expect(root.all { $0.attribute("onerror") != nil }.isEmpty, "\(name)")
        }
        let index = try #require(all["index.html"])
        #expect(index.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
    }

    @Test("alert links: javascript: and data: URLs are text only, https is a link")
    func alertLinks() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let all = try pages(written(hostileModel(), in: temporary))
        for name in ["index.html", "routes/JFK-XSS.html"] {
            let html = try #require(all[name])
            let root = try #require(try ParsedHTML(html, name: name).root)
            let links = root.all { $0.tag == "a" }.compactMap { $0.attribute("href") }
            #expect(links.allSatisfy { !$0.hasPrefix("javascript:") && !$0.hasPrefix("data:") }, "\(name)")
            #expect(links.contains("https://weatherkit.apple.com/alertDetails/index.html?ids=ok&lang=en-US"), "\(name)")
            #expect(html.contains("Full alert text"), "\(name)")
        }
    }

    @Test("a route page shows both ends, the flights and an hourly chart")
    func routePage() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let all = try pages(written(twoRouteModel(), in: temporary))
        let html = try #require(all["routes/JFK-LHR.html"])
        #expect(html.contains("Origin: <a href=\"../stations/JFK.html\">JFK</a>"))
        #expect(html.contains("Destination: <a href=\"../stations/LHR.html\">LHR</a>"))
        #expect(html.contains("UA1"))
        #expect(html.contains("<svg"))
        #expect(html.contains("08:05 local"))
        #expect(html.contains("13:05Z"))
    }

    @Test("a chart line breaks where hours are missing instead of drawing data that does not exist")
    func chartBreaksAtGaps() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        // JFK departs 13:05; its chart spans 11:00–16:00. Hour 13 is missing, hour 16 has no temperature.
        let jfk = WeatherFixtures.weather(
            hours: WeatherFixtures.hours(from: ReportFixtures.now, count: 48) { _, _ in }.enumerated()
                .filter { $0.offset != 13 }
                .map { index, hour in
                    var hour = hour
                    if index == 16 { hour.temperature = nil }
                    return hour
                })
        let model = try ReportFixtures.model(
            [TestFlights.flight("UA1", from: "JFK", to: "LHR")], weather: ["JFK": jfk])
        let html = try #require(try pages(written(model, in: temporary))["routes/JFK-LHR.html"])
        let temperature = html.components(separatedBy: "<polyline class=\"temp\"").count - 1
        let wind = html.components(separatedBy: "<polyline class=\"wind\"").count - 1
        #expect(temperature == 2, "11–12 and 14–15: \(temperature)")
        #expect(wind == 2, "11–12 and 14–16: \(wind)")
    }

    @Test("hazards at a glance: flights counted per hazard, the first twelve named, the rest counted")
    func hazardsAtAGlance() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        // 14 flights leave JFK at 13:05 into thunderstorms; LHR has no weather at all.
        let storm = ReportFixtures.weather { index, hour in if index == 13 { hour.conditionCode = .thunderstorms } }
        let flights = (1...14).map { TestFlights.flight("UA\($0)", from: "JFK", to: "LHR", line: $0 + 1) }
        let model = try ReportFixtures.model(flights, weather: ["JFK": storm])
        let html = try #require(try pages(written(model, in: temporary))["index.html"])
        let rows = html.components(separatedBy: "<tr>").filter { $0.contains("<th scope=\"row\">") }
        func row(_ label: String) throws -> String { try #require(rows.first { $0.contains(">\(label)</th>") }) }
        #expect(try row("Thunderstorms").contains("<td class=\"num\">14</td>"))
        #expect(
            try row("Thunderstorms").contains(
                "UA1 dep</a> <a href=\"stations/JFK.html\">JFK</a> Tue 1 Dec 13:05Z (08:05 local)"))
        #expect(try row("Thunderstorms").contains("<summary>2 more flight ends</summary>"))
        let shown = try row("Thunderstorms").components(separatedBy: "<details")[0]
        #expect(shown.components(separatedBy: " dep</a> <a href=\"stations/JFK.html\">JFK</a> ").count - 1 == 12)
        #expect(try row("No or incomplete weather").contains("<td class=\"num\">14</td>"))
        #expect(try row("No or incomplete weather").contains("arr</a> <a href=\"stations/LHR.html\">LHR</a>"))
        #expect(try row("No or incomplete weather").contains("<summary>2 more flight ends</summary>"))
        // LHR has no data: no hazard is "none" there, it is unknown.
        #expect(try row("Low visibility, fog").contains("Unknown at 14 flight ends without complete data"))
    }

    @Test("a route page without destination weather says so instead of charting")
    func routePageWithoutWeather() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let model = try ReportFixtures.model(
            [TestFlights.flight("UA1", from: "JFK", to: "LHR")], weather: ["JFK": ReportFixtures.weather()])
        let html = try #require(try pages(written(model, in: temporary))["routes/JFK-LHR.html"])
        #expect(html.contains("LHR: no hourly forecast in this run"))
        #expect(html.contains("NO DATA"))
        #expect(html.components(separatedBy: "<svg class=\"chart\"").count == 2)
    }

    @Test("the index lists flights worst first")
    func worstFirst() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let stormy = ReportFixtures.weather { index, hour in if index == 13 { hour.conditionCode = .thunderstorms } }
        let foggy = ReportFixtures.weather { index, hour in if index == 9 { hour.conditionCode = .foggy } }
        let flights = [
            TestFlights.flight(
                "GG1", from: "ORD", to: "DEN", departure: "2026-12-01T06:00:00Z",
                arrival: "2026-12-01T08:00:00Z"),
            TestFlights.flight(
                "UU1", from: "SEA", to: "PDX", departure: "2026-12-01T07:00:00Z",
                arrival: "2026-12-01T08:00:00Z"),
            TestFlights.flight(
                "AA1", from: "LHR", to: "ORD", departure: "2026-12-01T09:00:00Z",
                arrival: "2026-12-01T17:00:00Z"),
            TestFlights.flight(
                "RR1", from: "JFK", to: "ORD", departure: "2026-12-01T13:00:00Z",
                arrival: "2026-12-01T15:00:00Z"),
        ]
        let calm = ReportFixtures.weather()
        let weather = ["ORD": calm, "DEN": calm, "LHR": foggy, "JFK": stormy]
        let index = try #require(
            try pages(written(ReportFixtures.model(flights, weather: weather), in: temporary))["index.html"])
        let order = ["RR1", "AA1", "UU1", "GG1"].map { index.range(of: "<th scope=\"row\">\($0)</th>")?.lowerBound }
        #expect(order.allSatisfy { $0 != nil })
        #expect(order.compactMap { $0 } == order.compactMap { $0 }.sorted())
    }

    @Test("the same model always gives byte-identical files")
    func deterministic() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let first = try ReportFixtures.files(in: written(hostileModel(), in: temporary, as: "one"))
        let second = try ReportFixtures.files(in: written(hostileModel(), in: temporary, as: "two"))
        #expect(first.keys.sorted() == second.keys.sorted())
        for (name, data) in first {
            #expect(second[name] == data, "\(name) differs")
        }
        let third = try ReportFixtures.files(in: written(twoRouteModel(), in: temporary, as: "three"))
        let fourth = try ReportFixtures.files(in: written(twoRouteModel(), in: temporary, as: "four"))
        #expect(third == fourth)
    }
}
