import FleetAirports
import FleetBriefing
import FleetHTML
import FleetSchedule
import FleetTestSupport
import FleetWeather
import Foundation
import Testing

@testable import FleetReports

/// Models and markup readers for the fleet map tests.
enum MapFixtures {
    /// One end at a given risk, with a hazard when it is not green and no weather when unknown.
    static func end(_ airport: Airport, risk: Risk, at time: Date) -> EndBriefing {
        let hazards =
            risk == .red || risk == .amber ? [Hazard(kind: .strongGusts, risk: risk, detail: "gusts 45 kt")] : []
        return EndBriefing(
            airport: airport, time: time, hour: nil, worstHour: nil, hazards: hazards, category: nil, alerts: [],
            risk: risk, data: risk == .unknown ? .missing("no recorded weather") : .fresh)
    }

    /// A flight between two airports with the given end risks.
    static func briefing(
        _ number: String, _ origin: Airport, _ destination: Airport, departure: Risk = .green, arrival: Risk = .green,
        line: Int = 2
    ) -> FlightBriefing {
        let leaves = WeatherFixtures.date("2026-12-01T10:00:00Z")
        let flight = TestFlights.flight(
            number, from: origin, to: destination, departure: leaves, arrival: leaves + 3_600, line: line)
        return FlightBriefing(
            flight: flight, departure: end(origin, risk: departure, at: flight.departure),
            arrival: end(destination, risk: arrival, at: flight.arrival))
    }

    /// A model of `briefings` (the report model gathers the stations from them).
    static func model(_ briefings: [FlightBriefing]) -> ReportModel {
        ReportModel(
            summary: ReportFixtures.summary(briefed: briefings.count, rejected: 0), startedAt: ReportFixtures.now,
            briefings: briefings, rejects: [], weatherByAirport: [:], attributionURL: ReportFixtures.attributionURL)
    }

    /// Flights JFK→ each code in turn (all green unless `risks` says otherwise).
    static func network(_ codes: [String], risks: [String: Risk] = [:]) -> ReportModel {
        var briefings: [FlightBriefing] = []
        for (index, pair) in zip(codes, codes.dropFirst() + codes.prefix(1)).enumerated() {
            let origin = TestFlights.airport(pair.0)
            let destination = TestFlights.airport(pair.1)
            briefings.append(
                briefing(
                    "FX\(index + 1)", origin, destination, departure: risks[pair.0] ?? .green,
                    arrival: risks[pair.1] ?? .green, line: index + 2))
        }
        return model(briefings)
    }

    /// The map section's markup for a model.
    static func render(_ model: ReportModel) throws -> String {
        try VisualsFixtures.render { section in FleetMap.render(section, model) }
    }

    /// The map's `<svg>` markup.
    static func svg(_ html: String) -> String {
        guard let start = html.range(of: "<svg class=\"map-svg\"") else { return "" }
        let rest = html[start.lowerBound...]
        // The map's own svg: the last "</svg>" before the key's first svg.
        let end = rest.range(of: "</svg><figcaption")?.lowerBound ?? rest.endIndex
        return String(rest[..<end]) + "</svg>"
    }

    /// The viewBox's width and height.
    static func viewBox(_ svg: String) throws -> (width: Double, height: Double) {
        let value = try #require(attribute("viewBox", in: svg))
        let parts = value.split(separator: " ").compactMap { Double($0) }
        try #require(parts.count == 4)
        return (parts[2], parts[3])
    }

    /// The first value of an attribute in some markup.
    static func attribute(_ name: String, in markup: some StringProtocol) -> String? {
        guard let found = markup.range(of: " \(name)=\"") else { return nil }
        return String(markup[found.upperBound...].prefix { $0 != "\"" })
    }

    /// One station marker: its link, its group's class and data-risk, its shape, title and
    /// position.
    struct Marker {
        let href: String
        let classes: String
        let risk: String
        let symbol: String
        let title: String
        let x: Double
        let y: Double
    }

    /// Every station marker of the map, in drawing order.
    static func markers(_ svg: String) throws -> [Marker] {
        let groups = try NSRegularExpression(pattern: "<g class=\"(stn [^\"]*)\" data-risk=\"([^\"]*)\">(.*?)</g>")
        let marker = try NSRegularExpression(
            pattern:
                "<a href=\"([^\"]*)\"><title>([^<]*)</title><use href=\"#([^\"]*)\" x=\"([-0-9.]+)\" y=\"([-0-9.]+)\"></use></a>"
        )
        func text(_ string: String, _ range: NSRange) throws -> String {
            String(string[try #require(Range(range, in: string))])
        }
        var found: [Marker] = []
        for group in groups.matches(in: svg, range: NSRange(svg.startIndex..., in: svg)) {
            let classes = try text(svg, group.range(at: 1))
            let risk = try text(svg, group.range(at: 2))
            let body = try text(svg, group.range(at: 3))
            for match in marker.matches(in: body, range: NSRange(body.startIndex..., in: body)) {
                let title = try text(body, match.range(at: 2))
                found.append(
                    Marker(
                        href: try text(body, match.range(at: 1)), classes: classes, risk: risk,
                        symbol: try text(body, match.range(at: 3)),
                        title: title.replacingOccurrences(of: "&amp;", with: "&"),
                        x: Double(try text(body, match.range(at: 4))) ?? .nan,
                        y: Double(try text(body, match.range(at: 5))) ?? .nan))
            }
        }
        return found
    }

    /// The texts of the red-station labels.
    static func labels(_ svg: String) -> [String] {
        guard let start = svg.range(of: "<g class=\"stn-labels\"") else { return [] }
        let group = svg[start.upperBound...].prefix { _ in true }
        let end = group.range(of: "</g>")?.lowerBound ?? group.endIndex
        return group[..<end].components(separatedBy: "<text").dropFirst().compactMap { piece in
            guard let open = piece.firstIndex(of: ">"), let close = piece.range(of: "</text>") else { return nil }
            return String(piece[piece.index(after: open)..<close.lowerBound])
        }
    }
}
