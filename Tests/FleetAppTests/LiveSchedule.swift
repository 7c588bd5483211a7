import Foundation

/// A bundled airport as a request for its cell must describe it (from `airports.csv`), so
/// tests can check what went on the wire without asking the product.
struct KnownAirport: Sendable {
    /// IATA code.
    let code: String
    /// The cell's latitude, as sent.
    let latitude: Double
    /// The cell's longitude, as sent.
    let longitude: Double
    /// IANA zone, sent as `timezone`.
    let timeZone: String
    /// ISO country code, sent as `countryCode` and `country`.
    let country: String
}

/// Schedules for live runs: flights a few hours from now (so the fake server's tokens, times
/// and expiry all use the real clock) between airports that each sit in a cell of their own.
enum LiveSchedule {
    /// 24 large airports, no two in one 0.01° cell; cell coordinates as the planner rounds them.
    static let airports: [KnownAirport] = [
        KnownAirport(code: "JFK", latitude: 40.64, longitude: -73.78, timeZone: "America/New_York", country: "US"),
        KnownAirport(code: "LHR", latitude: 51.47, longitude: -0.46, timeZone: "Europe/London", country: "GB"),
        KnownAirport(code: "ORD", latitude: 41.98, longitude: -87.91, timeZone: "America/Chicago", country: "US"),
        KnownAirport(code: "CDG", latitude: 49.01, longitude: 2.55, timeZone: "Europe/Paris", country: "FR"),
        KnownAirport(code: "LAX", latitude: 33.94, longitude: -118.41, timeZone: "America/Los_Angeles", country: "US"),
        KnownAirport(code: "NRT", latitude: 35.76, longitude: 140.39, timeZone: "Asia/Tokyo", country: "JP"),
        KnownAirport(code: "ATL", latitude: 33.64, longitude: -84.43, timeZone: "America/New_York", country: "US"),
        KnownAirport(code: "FRA", latitude: 50.03, longitude: 8.54, timeZone: "Europe/Berlin", country: "DE"),
        KnownAirport(code: "DFW", latitude: 32.90, longitude: -97.04, timeZone: "America/Chicago", country: "US"),
        KnownAirport(code: "AMS", latitude: 52.31, longitude: 4.76, timeZone: "Europe/Amsterdam", country: "NL"),
        KnownAirport(code: "DEN", latitude: 39.86, longitude: -104.67, timeZone: "America/Denver", country: "US"),
        KnownAirport(code: "MAD", latitude: 40.49, longitude: -3.57, timeZone: "Europe/Madrid", country: "ES"),
        KnownAirport(code: "SFO", latitude: 37.62, longitude: -122.38, timeZone: "America/Los_Angeles", country: "US"),
        KnownAirport(code: "FCO", latitude: 41.80, longitude: 12.25, timeZone: "Europe/Rome", country: "IT"),
        KnownAirport(code: "SEA", latitude: 47.45, longitude: -122.31, timeZone: "America/Los_Angeles", country: "US"),
        KnownAirport(code: "SYD", latitude: -33.95, longitude: 151.18, timeZone: "Australia/Sydney", country: "AU"),
        KnownAirport(code: "BOS", latitude: 42.36, longitude: -71.01, timeZone: "America/New_York", country: "US"),
        KnownAirport(code: "YYZ", latitude: 43.68, longitude: -79.63, timeZone: "America/Toronto", country: "CA"),
        KnownAirport(code: "MIA", latitude: 25.80, longitude: -80.29, timeZone: "America/New_York", country: "US"),
        KnownAirport(code: "MEX", latitude: 19.44, longitude: -99.07, timeZone: "America/Mexico_City", country: "MX"),
        KnownAirport(code: "GRU", latitude: -23.44, longitude: -46.47, timeZone: "America/Sao_Paulo", country: "BR"),
        KnownAirport(code: "DXB", latitude: 25.25, longitude: 55.36, timeZone: "Asia/Dubai", country: "AE"),
        KnownAirport(code: "SIN", latitude: 1.35, longitude: 103.99, timeZone: "Asia/Singapore", country: "SG"),
        KnownAirport(code: "ICN", latitude: 37.47, longitude: 126.45, timeZone: "Asia/Seoul", country: "KR"),
    ]

    /// One scheduled flight.
    struct Flight: Sendable {
        /// The designator.
        let number: String
        /// Origin code.
        let origin: String
        /// Destination code.
        let destination: String
        /// Scheduled departure.
        let departure: Date
        /// Scheduled arrival.
        let arrival: Date
    }

    /// Flights pairing the first `2 × count` airports (JFK→LHR, ORD→CDG, …), departing 2 h
    /// from now plus 30 min per flight, each 3 h long: every airport is its own cell, and
    /// earlier flights' cells come first in priority order.
    ///
    /// - Parameters:
    ///   - count: Flights (at most 12).
    ///   - prefix: Flight designator prefix, so two schedules never clash.
    ///   - now: The reference time.
    /// - Returns: The flights.
    static func flights(_ count: Int, prefix: String = "UA", now: Date = Date()) -> [Flight] {
        let base = (now.timeIntervalSince1970 / 60).rounded(.down) * 60 + 2 * 3600
        return (0..<min(count, airports.count / 2)).map { index in
            let departure = Date(timeIntervalSince1970: base + Double(index) * 1800)
            return Flight(
                number: "\(prefix)\(100 + index)", origin: airports[2 * index].code,
                destination: airports[2 * index + 1].code, departure: departure,
                arrival: departure.addingTimeInterval(3 * 3600))
        }
    }

    /// Schedule CSV text: a header, the flights, then `extraRows` verbatim.
    static func csv(_ flights: [Flight], extraRows: [String] = []) -> String {
        let rows = flights.map { "\($0.number),\($0.origin),\($0.destination),\(utc($0.departure)),\(utc($0.arrival))" }
        return (["flight,origin,destination,departure,arrival"] + rows + extraRows).joined(separator: "\n") + "\n"
    }

    /// `2026-12-01T13:05:00Z`.
    static func utc(_ date: Date) -> String {
        date.formatted(.iso8601)
    }

    /// The airport with a code.
    static func airport(_ code: String) -> KnownAirport? { airports.first { $0.code == code } }
}
