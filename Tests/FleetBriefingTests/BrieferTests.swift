import FleetAirports
import FleetBriefing
import FleetPlan
import FleetSchedule
import FleetTestSupport
import FleetWeather
import Foundation
import Testing

private func date(_ text: String) -> Date { WeatherFixtures.date(text) }

/// Briefs the departure end at JFK for a time, with JFK's weather.
private func departure(
    at time: String, weather: CellWeather?, status: CellStatus = .replayed, config: BriefingConfig = BriefingConfig()
) throws -> EndBriefing {
    let report = try fetch([("JFK", weather, status)])
    return try briefer(config: config).end(airport: TestFlights.airport("JFK"), time: date(time), fetch: report)
}

@Suite("Briefer: one end")
struct BrieferEndTests {
    /// Temperature = hour of day, so the chosen hour is easy to read.
    static let clock = dayWeather { index, hour in hour.temperature = Double(index) }

    @Test(
        "the forecast hour is the one containing the scheduled time",
        arguments: [
            ("2026-12-01T13:00:00Z", 13.0), ("2026-12-01T13:05:00Z", 13), ("2026-12-01T13:59:59Z", 13),
            ("2026-12-01T14:00:00Z", 14), ("2026-12-02T00:30:00Z", 24),
        ])
    func scheduledHour(time: String, expected: Double) throws {
        let end = try departure(at: time, weather: Self.clock)
        #expect(end.hour?.temperature == expected)
        #expect(end.hour?.forecastStart == TimeMath.floorHour(date(time)))
        #expect(end.data == .fresh)
        #expect(end.risk == .green)
    }

    @Test(
        "the worst hour is searched one hour either side of 13:05",
        arguments: [(11, false), (12, true), (13, true), (14, true), (15, false)])
    func worstHourWindow(stormHour: Int, counted: Bool) throws {
        let weather = dayWeather { index, hour in
            if index == stormHour { hour.conditionCode = .thunderstorms }
        }
        let end = try departure(at: "2026-12-01T13:05:00Z", weather: weather)
        #expect(end.hour?.forecastStart == date("2026-12-01T13:00:00Z"))
        #expect(end.risk == (counted ? .red : .green))
        #expect(end.hazards.map(\.kind) == (counted ? [.thunderstorm] : []))
        let expectedWorst = counted ? stormHour : 13
        #expect(end.worstHour?.forecastStart == briefingNow.addingTimeInterval(Double(expectedWorst) * 3600))
    }

    @Test("a narrower configured window ignores the next hour")
    func configuredWindow() throws {
        var config = BriefingConfig()
        config.windowMinutes = 0
        let weather = dayWeather { index, hour in
            if index == 14 { hour.conditionCode = .thunderstorms }
        }
        #expect(try departure(at: "2026-12-01T13:05:00Z", weather: weather, config: config).risk == .green)
    }

    @Test("hazards are one per kind, worst first, from the worst hour of each kind")
    func hazardsOnePerKind() throws {
        let weather = dayWeather { index, hour in
            switch index {
            case 12: hour.conditionCode = .isolatedThunderstorms
            case 13: hour.conditionCode = .thunderstorms
            case 14: hour.conditionCode = .foggy
            default: break
            }
        }
        let end = try departure(at: "2026-12-01T13:05:00Z", weather: weather)
        #expect(end.hazards.map(\.kind) == [.thunderstorm, .fog])
        #expect(end.hazards.map(\.risk) == [.red, .amber])
        #expect(end.hazards.first?.hour == date("2026-12-01T13:00:00Z"))
        #expect(end.worstHour?.forecastStart == date("2026-12-01T13:00:00Z"))
    }

    @Test("the category is estimated from the scheduled hour's visibility")
    func category() throws {
        let weather = dayWeather { index, hour in
            hour.visibility = index == 13 ? 3000 : 20_000
        }
        #expect(try departure(at: "2026-12-01T13:05:00Z", weather: weather).category == .ifr)
        #expect(try departure(at: "2026-12-01T15:05:00Z", weather: weather).category == .vfr)
        let noVisibility = dayWeather { _, hour in hour.visibility = nil }
        #expect(try departure(at: "2026-12-01T13:05:00Z", weather: noVisibility).category == nil)
    }

    @Test("the data read time comes from the weather")
    func readTime() throws {
        let read = date("2026-12-01T05:02:00Z")
        let end = try departure(at: "2026-12-01T13:05:00Z", weather: dayWeather(readTime: read))
        #expect(end.dataReadTime == read)
    }
}

@Suite("Briefer: alerts")
struct BrieferAlertTests {
    @Test("alerts overlapping 12:05–14:05 are attached, most severe first")
    func overlappingAlerts() throws {
        let alerts = [
            WeatherFixtures.alert(
                id: "ended", severity: .extreme, from: date("2026-12-01T09:00:00Z"), until: date("2026-12-01T12:04:00Z")
            ),
            WeatherFixtures.alert(
                id: "minor", severity: .minor, from: date("2026-12-01T13:00:00Z"), until: date("2026-12-01T16:00:00Z")),
            WeatherFixtures.alert(
                id: "moderate", severity: .moderate, from: date("2026-12-01T14:00:00Z"),
                until: date("2026-12-01T18:00:00Z")),
            WeatherFixtures.alert(
                id: "later", severity: .extreme, from: date("2026-12-01T14:06:00Z"), until: date("2026-12-01T20:00:00Z")
            ),
            WeatherFixtures.alert(
                id: "extreme", severity: .extreme, from: date("2026-12-01T12:00:00Z"),
                until: date("2026-12-01T12:05:00Z")),
            WeatherFixtures.alert(id: "open-ended", severity: .unknown("x"), from: nil, until: nil),
            WeatherFixtures.alert(id: "no-severity", severity: nil, from: date("2026-12-01T13:00:00Z"), until: nil),
        ]
        let end = try departure(at: "2026-12-01T13:05:00Z", weather: dayWeather(alerts: alerts))
        #expect(end.alerts.map(\.id) == ["extreme", "moderate", "minor", "open-ended", "no-severity"])
        #expect(end.majorAlerts.map(\.id) == ["extreme"])
        #expect(end.risk == .red)
    }

    @Test(
        "restraint: severe and extreme are red, moderate amber, minor and unknown raise nothing",
        arguments: [
            (AlertSeverity.extreme, Risk.red), (.severe, .red), (.moderate, .amber), (.minor, .green),
            (.unknown("future"), .green),
        ])
    func severityRisk(severity: AlertSeverity, risk: Risk) throws {
        let alert = WeatherFixtures.alert(
            id: "a", severity: severity, from: date("2026-12-01T10:00:00Z"), until: date("2026-12-01T16:00:00Z"))
        let end = try departure(at: "2026-12-01T13:05:00Z", weather: dayWeather(alerts: [alert]))
        #expect(end.risk == risk)
        #expect(end.alerts.count == 1)
    }

    @Test("an alert without a severity is shown but raises nothing")
    func noSeverity() throws {
        let alert = WeatherFixtures.alert(id: "a", severity: nil, from: nil, until: nil)
        let end = try departure(at: "2026-12-01T13:05:00Z", weather: dayWeather(alerts: [alert]))
        #expect(end.risk == .green)
        #expect(end.alerts.count == 1)
    }

    @Test("alert text is kept exactly as issued")
    func textUnmodified() throws {
        let text = "…HEAT ADVISORY <b>REMAINS</b> IN EFFECT & \"more\"…"
        let alert = WeatherFixtures.alert(id: "a", severity: .minor, description: text, from: nil, until: nil)
        let end = try departure(at: "2026-12-01T13:05:00Z", weather: dayWeather(alerts: [alert]))
        #expect(end.alerts.first?.description == text)
        #expect(end.alerts.first?.source == "National Weather Service")
    }
}

@Suite("Briefer: missing and stale weather")
struct BrieferMissingTests {
    @Test("no outcome for the cell: unknown, missing")
    func noOutcome() throws {
        let end = try briefer().end(
            airport: TestFlights.airport("JFK"), time: date("2026-12-01T13:05:00Z"), fetch: FetchReport())
        #expect(end.risk == .unknown)
        #expect(end.data == .missing("no weather"))
        #expect(end.hour == nil)
        #expect(end.hazards.isEmpty)
    }

    @Test(
        "a failed cell: unknown, with the failure as the reason",
        arguments: [
            (CellStatus.failed("no recorded weather"), "no recorded weather"),
            (.failed("HTTP 503 after 4 attempts"), "HTTP 503 after 4 attempts"),
            (.notFetchedQuota, "not fetched: quota"), (.interrupted, "not fetched: run interrupted"),
            (.authorizationFailed("NOT_ENABLED"), "not fetched: NOT_ENABLED"),
        ])
    func failedCell(status: CellStatus, reason: String) throws {
        let end = try departure(at: "2026-12-01T13:05:00Z", weather: nil, status: status)
        #expect(end.risk == .unknown)
        #expect(end.data == .missing(reason))
    }

    @Test("a time beyond the forecast horizon is unknown with that reason, even with weather")
    func beyondHorizon() throws {
        let end = try departure(at: "2026-12-15T13:05:00Z", weather: dayWeather())
        #expect(end.risk == .unknown)
        #expect(end.data == .missing("beyond forecast horizon"))
    }

    @Test("weather without the needed hour is unknown, naming the hour")
    func noForecastHour() throws {
        let end = try departure(at: "2026-12-03T13:05:00Z", weather: dayWeather())
        #expect(end.risk == .unknown)
        #expect(end.data == .missing("no forecast hour for 2026-12-03T13:00:00Z"))
    }

    @Test("a stale cell keeps its weather and says so")
    func staleCell() throws {
        let since = date("2026-11-30T22:00:00Z")
        let status = CellStatus.stale(since: since, reason: "HTTP 503; expired copy used")
        let weather = dayWeather { index, hour in if index == 13 { hour.conditionCode = .foggy } }
        let end = try departure(at: "2026-12-01T13:05:00Z", weather: weather, status: status)
        #expect(end.data == .stale(since: since, reason: "HTTP 503; expired copy used"))
        #expect(end.data.hasWeather)
        #expect(end.risk == .amber)
    }
}

@Suite("Briefer: an incomplete scheduled hour is never green")
struct BrieferIncompleteHourTests {
    @Test(
        "absent values make the end unknown, name what is missing, and keep any hazard found",
        arguments: [
            (["condition", "temperature", "wind", "visibility"], nil, Risk.unknown),
            (["visibility"], nil, .unknown),
            (["condition"], nil, .unknown),
            (["temperature", "wind"], nil, .unknown),
            (["visibility"], ConditionCode.thunderstorms, .red),
            (["wind"], ConditionCode.foggy, .amber),
        ])
    func incompleteHour(absent: [String], condition: ConditionCode?, risk: Risk) throws {
        let weather = dayWeather { index, hour in
            guard index == 13 else { return }
            if let condition { hour.conditionCode = condition }
            if absent.contains("condition") { hour.conditionCode = nil }
            if absent.contains("temperature") { hour.temperature = nil }
            if absent.contains("wind") { hour.windSpeed = nil }
            if absent.contains("visibility") { hour.visibility = nil }
        }
        let end = try departure(at: "2026-12-01T13:05:00Z", weather: weather)
        #expect(end.risk == risk)
        let list = absent.joined(separator: ", ")
        #expect(end.data == .missing("incomplete forecast hour 2026-12-01T13:00:00Z: no \(list)"))
        #expect(end.hour?.forecastStart == date("2026-12-01T13:00:00Z"), "what is there is still shown")
        let flight = FlightBriefing(flight: TestFlights.flight(), departure: end, arrival: end)
        #expect(flight.status == .unavailable)
        #expect(flight.risk == risk)
    }

    @Test("an incomplete hour from an expired copy still says it is stale, and why")
    func incompleteAndStale() throws {
        let since = date("2026-11-30T22:00:00Z")
        let status = CellStatus.stale(since: since, reason: "HTTP 503; expired copy used")
        let weather = dayWeather { index, hour in if index == 13 { hour.visibility = nil } }
        let end = try departure(at: "2026-12-01T13:05:00Z", weather: weather, status: status)
        #expect(
            end.data
                == .missing(
                    "incomplete forecast hour 2026-12-01T13:00:00Z: no visibility; stale (HTTP 503; expired copy used)")
        )
        #expect(end.risk == .unknown)
    }

    @Test("only the scheduled hour must be complete: a sparse neighbour does not matter")
    func sparseNeighbour() throws {
        let weather = dayWeather { index, hour in if index == 14 { hour.visibility = nil } }
        let end = try departure(at: "2026-12-01T13:05:00Z", weather: weather)
        #expect(end.data == .fresh)
        #expect(end.risk == .green)
    }
}

@Suite("Briefer: flights")
struct BrieferFlightTests {
    @Test("brief gives one briefing per flight, in input order, both ends looked up")
    func briefOrder() throws {
        let flights = [
            TestFlights.flight(
                "UA2", from: "LHR", to: "JFK", departure: "2026-12-01T09:00:00Z",
                arrival: "2026-12-01T17:00:00Z"),
            TestFlights.flight("UA1"),
        ]
        let lhrWeather = dayWeather { index, hour in if index == 9 { hour.conditionCode = .foggy } }
        let report = try fetch([("JFK", dayWeather(), .replayed), ("LHR", lhrWeather, .replayed)])
        let briefings = try briefer().brief(flights, fetch: report)
        #expect(briefings.map(\.flight.number) == ["UA2", "UA1"])
        #expect(briefings[0].departure.airport.code == "LHR")
        #expect(briefings[0].departure.risk == .amber)
        #expect(briefings[0].arrival.airport.code == "JFK")
        #expect(briefings[1].arrival.airport.code == "LHR")
        #expect(briefings[1].arrival.risk == .green)
        #expect(briefings.map(\.status) == [.ok, .ok])
        #expect(briefings.map(\.statusDetail) == ["", ""])
    }

    @Test("risks order red, amber, unknown, green")
    func riskOrder() {
        #expect(Risk.allCases.sorted() == [.red, .amber, .unknown, .green])
        #expect(Risk.green.worse(.unknown) == .unknown)
        #expect(Risk.unknown.worse(.amber) == .amber)
        #expect(Risk.red.worse(.green) == .red)
    }

    static func end(_ risk: Risk, _ data: EndData, code: String = "JFK") -> EndBriefing {
        EndBriefing(
            airport: TestFlights.airport(code), time: briefingNow, hour: nil, worstHour: nil, hazards: [],
            category: nil, alerts: [], risk: risk, data: data)
    }

    static let missing = EndData.missing("no recorded weather")

    static let riskCases: [(String, EndBriefing, EndBriefing, Risk)] = [
        ("green and green", end(.green, .fresh), end(.green, .fresh), .green),
        ("amber and green", end(.amber, .fresh), end(.green, .fresh), .amber),
        ("green and red", end(.green, .fresh), end(.red, .fresh), .red),
        ("amber and red", end(.amber, .fresh), end(.red, .fresh), .red),
        ("missing departure, green arrival", end(.unknown, missing), end(.green, .fresh), .unknown),
        ("green departure, missing arrival", end(.green, .fresh), end(.unknown, missing), .unknown),
        ("red departure, missing arrival", end(.red, .fresh), end(.unknown, missing), .red),
        ("both missing", end(.unknown, missing), end(.unknown, missing), .unknown),
    ]

    @Test("a flight's risk is its worse end; a missing end is never green", arguments: riskCases)
    func flightRisk(name: String, departure: EndBriefing, arrival: EndBriefing, risk: Risk) {
        let briefing = FlightBriefing(flight: TestFlights.flight(), departure: departure, arrival: arrival)
        #expect(briefing.risk == risk, "\(name)")
    }

    static let stale = EndData.stale(since: briefingNow, reason: "HTTP 503")

    static let statusCases: [(String, EndData, EndData, FlightStatus, String)] = [
        ("both fresh", .fresh, .fresh, .ok, ""),
        ("stale departure", stale, .fresh, .stale, "departure: stale (HTTP 503)"),
        ("stale arrival", .fresh, stale, .stale, "arrival: stale (HTTP 503)"),
        ("missing arrival", .fresh, missing, .partial, "arrival: no recorded weather"),
        (
            "missing departure", .missing("beyond forecast horizon"), .fresh, .partial,
            "departure: beyond forecast horizon"
        ),
        ("stale and missing", stale, missing, .partial, "departure: stale (HTTP 503); arrival: no recorded weather"),
        (
            "both missing", .missing("not fetched: quota"), missing, .unavailable,
            "departure: not fetched: quota; arrival: no recorded weather"
        ),
    ]

    @Test("status ok, stale, partial or unavailable, with the reasons", arguments: statusCases)
    func status(name: String, departure: EndData, arrival: EndData, status: FlightStatus, detail: String) {
        let risk: (EndData) -> Risk = { $0.hasWeather ? .green : .unknown }
        let briefing = FlightBriefing(
            flight: TestFlights.flight(), departure: Self.end(risk(departure), departure),
            arrival: Self.end(risk(arrival), arrival))
        #expect(briefing.status == status, "\(name)")
        #expect(briefing.statusDetail == detail, "\(name)")
    }

    @Test("a flight whose arrival has no recording is partial and unknown through the briefer")
    func partialThroughBriefer() throws {
        let report = try fetch([("JFK", dayWeather(), .replayed), ("LHR", nil, .failed("no recorded weather"))])
        let briefing = try #require(try briefer().brief([TestFlights.flight()], fetch: report).first)
        #expect(briefing.departure.risk == .green)
        #expect(briefing.risk == .unknown)
        #expect(briefing.status == .partial)
        #expect(briefing.statusDetail == "arrival: no recorded weather")
    }

    @Test("a flight beyond the horizon is unavailable with the reason at both ends")
    func beyondHorizonFlight() throws {
        let flight = TestFlights.flight(departure: "2026-12-20T13:05:00Z", arrival: "2026-12-20T20:50:00Z")
        let briefing = try #require(try briefer().brief([flight], fetch: FetchReport()).first)
        #expect(briefing.risk == .unknown)
        #expect(briefing.status == .unavailable)
        #expect(
            briefing.statusDetail == "departure: beyond forecast horizon; arrival: beyond forecast horizon")
    }
}
