import FleetAirports
import FleetBriefing
import FleetSchedule
import FleetTestSupport
import FleetWeather
import Foundation

@testable import FleetReports

/// Large runs built without the briefer: airports, flights and end briefings made directly,
/// so a test can render the index of 100,000 flights over 4,000 airports in seconds.
enum SyntheticFleet {
    static let base = WeatherFixtures.date("2026-12-01T00:00:00Z")

    /// Airport `index`: code `AAA`, `AAB`, … (three letters, so a safe station name).
    static func airport(_ index: Int) -> Airport {
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        let code = String([letters[index / 676 % 26], letters[index / 26 % 26], letters[index % 26]])
        return Airport(
            icao: "X" + code, iata: code, name: "Airport \(code) International", city: "City \(index)",
            country: "US", elevationFeet: 10, latitude: Double(index % 140) - 70, longitude: Double(index % 340) - 170,
            timeZone: "UTC")
    }

    /// The risk of flight `index`'s departure: of every 20 flights, 1 red (thunderstorms), 5
    /// amber (strong wind), 1 unknown (no data), 13 green. Arrivals are green.
    static func departureRisk(_ index: Int) -> Risk {
        switch index % 20 {
        case 0: .red
        case 1...5: .amber
        case 6: .unknown
        default: .green
        }
    }

    static func end(_ airport: Airport, at time: Date, risk: Risk, alerts: [WeatherAlertSummary] = []) -> EndBriefing {
        let hazards: [Hazard] =
            switch risk {
            case .red: [Hazard(kind: .thunderstorm, risk: .red, detail: "thunderstorms")]
            case .amber: [Hazard(kind: .strongWind, risk: .amber, detail: "wind 30 kt")]
            default: []
            }
        return EndBriefing(
            airport: airport, time: time, hour: nil, worstHour: nil, hazards: hazards, category: nil, alerts: alerts,
            risk: risk, data: risk == .unknown ? .missing("no recorded weather") : .fresh)
    }

    /// `flights` flights on `routes` routes over `airports` airports (route `r` joins airport
    /// `r % airports` to one 1–7 further on), numbered `BX1`…`BX9999`, then `CY1`…; every
    /// `alertEvery`-th departure (when given) under one of `alerts` distinct severe alerts.
    static func briefings(
        flights: Int, airports: Int, routes: Int, alertEvery: Int? = nil, alerts: Int = 300
    ) -> [FlightBriefing] {
        let places = (0..<airports).map(airport)
        let airlines = ["BX", "CY", "DZ", "EA", "FB", "GC", "HD", "IE", "JF", "KG", "LH"]
        return (0..<flights).map { index in
            let route = index % routes
            let origin = places[route % airports]
            let destination = places[(route % airports + route / airports + 1) % airports]
            let departure = base.addingTimeInterval(Double(index % 2880) * 60)
            let arrival = departure.addingTimeInterval(3 * 3600)
            let number = airlines[index / 9999 % airlines.count] + String(index % 9999 + 1)
            let flight = Flight(
                line: index + 2, number: number, origin: origin, destination: destination, departure: departure,
                arrival: arrival)
            var alert: [WeatherAlertSummary] = []
            if let alertEvery, index % alertEvery == 0 {
                alert = [
                    WeatherFixtures.alert(
                        id: "alert-\(index / alertEvery % alerts)", severity: .severe, description: "Storm Warning",
                        from: base, until: base.addingTimeInterval(4 * 86400))
                ]
            }
            return FlightBriefing(
                flight: flight, departure: end(origin, at: departure, risk: departureRisk(index), alerts: alert),
                arrival: end(destination, at: arrival, risk: .green))
        }
    }

    /// A model of `briefings`.
    static func model(_ briefings: [FlightBriefing]) -> ReportModel {
        ReportModel(
            summary: ReportFixtures.summary(
                briefed: briefings.count, rejected: 0, risk: RiskCounts(counting: briefings.map(\.risk))),
            startedAt: ReportFixtures.now,
            briefings: briefings, rejects: [], weatherByAirport: [:], attributionURL: ReportFixtures.attributionURL)
    }

    /// The index of `model`, rendered alone (no route pages).
    static func index(_ model: ReportModel) throws -> String {
        try IndexPage.render(model, templates: ReportFixtures.templates())
    }

    /// The HTML of the element opened by `start`, up to the first `end` after it.
    static func section(_ html: String, from start: String, to end: String) -> String? {
        guard let open = html.range(of: start) else { return nil }
        guard let close = html.range(of: end, range: open.upperBound..<html.endIndex) else { return nil }
        return String(html[open.lowerBound..<close.upperBound])
    }
}
