internal import FleetAirports
internal import Foundation

/// `fleetwx airports CODE...`: resolves codes exactly as `run` does.
struct AirportsCommand {
    let codes: [String]
    let json: Bool
    let environment: AppEnvironment

    func execute() throws(AppError) -> Int32 {
        guard !codes.isEmpty else { throw .usage("'airports' needs at least one IATA or ICAO code") }
        let directory = try Inputs.airports()
        var found: [Airport] = []
        var unknown: [String] = []
        for code in codes {
            if let airport = directory.lookup(code) {
                found.append(airport)
            } else {
                unknown.append(code)
                let shape = code.count == 3 ? "IATA" : code.count == 4 ? "ICAO" : "not an IATA or ICAO code"
                environment.console.err("fleetwx: unknown airport '\(code)' (\(shape))\n")
            }
        }
        environment.console.out(json ? .json(try Self.json(found)) : Self.table(found))
        return unknown.isEmpty ? 0 : 2
    }

    static func table(_ airports: [Airport]) -> ConsoleText {
        let rows = airports.map { airport in
            [
                airport.iata ?? "-", airport.hasRealICAO ? airport.icao : "-", airport.name, airport.city,
                airport.country,
                airport.elevationFeet.map { "\($0) ft" } ?? "-",
                String(format: "%.4f, %.4f", airport.latitude, airport.longitude), airport.timeZone,
            ]
        }
        let header = ["IATA", "ICAO", "NAME", "CITY", "COUNTRY", "ELEVATION", "LAT, LON", "TIME ZONE"]
        return airports.isEmpty ? "" : .lines(TextTable.render(header: header, rows: rows))
    }

    static func json(_ airports: [Airport]) throws(AppError) -> String {
        try JSONText.encode(airports)
    }
}
