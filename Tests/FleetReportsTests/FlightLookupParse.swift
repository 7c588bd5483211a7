import FleetSchedule

@testable import FleetReports

extension FlightLookup {
    /// Reads a block back: flight number → route stems (the tests check it against the run), as
    /// Templates/table.js reads it: a flight number alone takes the airline code of the number
    /// before it on its line.
    static func parse(_ block: String) -> [String: [String]] {
        var routes: [String: [String]] = [:]
        for line in block.split(separator: "\n") {
            let tokens = line.split(separator: " ")
            guard let stem = tokens.first else { continue }
            var airline = ""
            for token in tokens.dropFirst() {
                let number = FlightDesignator.isFlightNumber(token) ? airline + token : String(token)
                airline = FlightDesignator.split(number)?.airline ?? ""
                routes[number, default: []].append(String(stem))
            }
        }
        return routes
    }
}
