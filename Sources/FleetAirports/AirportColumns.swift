internal import FleetCSV
internal import FleetFiles
internal import Foundation

/// Where each airportsdata column sits, found from the header so a reordered refresh of the
/// dataset still loads.
struct AirportColumns {
    private let icao, iata, name, city, subd, country, elevation, lat, lon, tz: Int
    private let width: Int

    init(header: [String], path: String) throws(AirportsError) {
        let names = header.map { $0.trimmedOfSpaces.lowercased() }
        func index(_ name: String) throws(AirportsError) -> Int {
            guard let found = names.firstIndex(of: name) else {
                throw .malformed(path: path, line: 1, reason: "missing column \(name)")
            }
            return found
        }
        icao = try index("icao")
        iata = try index("iata")
        name = try index("name")
        city = try index("city")
        subd = try index("subd")
        country = try index("country")
        elevation = try index("elevation")
        lat = try index("lat")
        lon = try index("lon")
        tz = try index("tz")
        width = names.count
    }

    func airport(from record: CSVRecord, path: String) throws(AirportsError) -> Airport {
        let fields = record.fields
        guard record.problem == nil, fields.count == width else {
            throw .malformed(path: path, line: record.line, reason: record.problem?.description ?? "wrong field count")
        }
        guard let airport = airport(fields: fields) else {
            throw .malformed(path: path, line: record.line, reason: "bad coordinates")
        }
        return airport
    }

    /// The airport of a row of ``width`` fields, or `nil` when its coordinates are not ones.
    func airport(fields: [String]) -> Airport? {
        guard let latitude = Double(fields[lat]), let longitude = Double(fields[lon]),
            (-90...90).contains(latitude), (-180...180).contains(longitude)
        else { return nil }
        let code = Self.upper(fields[iata])
        return Airport(
            icao: Self.upper(fields[icao]),
            iata: code.isEmpty ? nil : code,
            name: fields[name],
            city: fields[city],
            subdivision: fields[subd],
            country: Self.upper(fields[country]),
            elevationFeet: Double(fields[elevation]).map { Int($0.rounded()) },
            latitude: latitude,
            longitude: longitude,
            timeZone: fields[tz]
        )
    }

    /// The number of fields a row has.
    var fieldCount: Int { width }

    /// `uppercased()`, without building a copy of a code already in ASCII capitals (every code
    /// of the dataset).
    private static func upper(_ text: String) -> String {
        let lower = UInt8(ascii: "a")...UInt8(ascii: "z")
        return text.utf8.allSatisfy { $0 < 0x80 && !lower.contains($0) } ? text : text.uppercased()
    }
}
