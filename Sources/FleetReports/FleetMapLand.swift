internal import Foundation

/// The land outlines the fleet map draws: Natural Earth 1:110m country rings, simplified by
/// scripts/make_land.py into `Resources/land.txt` (format at its top; source and terms in
/// `Resources/LICENSE-naturalearth`).
struct FleetMapLand: Sendable {
    /// One closed ring, in degrees, with its bounding box (longitudes within −180…180: Natural
    /// Earth splits rings at the antimeridian, so the map draws a ring once more shifted by
    /// ±360° where the view crosses it).
    struct Ring: Sendable {
        let longitudes: [Double]
        let latitudes: [Double]
        let minLongitude: Double
        let maxLongitude: Double
        let minLatitude: Double
        let maxLatitude: Double
    }

    let rings: [Ring]

    /// Parses `land.txt`: `#` comment lines, then `unit N`, then one ring per line (the first
    /// point, then differences from the point before, in 1/N degree).
    ///
    /// - Parameter text: The file's text.
    /// - Returns: The rings.
    /// - Throws: ``ReportError/mapLandInvalid(path:reason:)`` naming the line that is wrong.
    static func parse(_ text: String) throws(ReportError) -> FleetMapLand {
        var unit: Double?
        var rings: [Ring] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let scale = unit else {
                let parts = line.split(separator: " ")
                guard parts.count == 2, parts[0] == "unit", let value = Double(parts[1]), value > 0 else {
                    throw .mapLandInvalid(path: "land.txt", reason: "line \(index + 1) is not 'unit N'")
                }
                unit = value
                continue
            }
            let numbers = line.split(separator: " ").map { Int($0) }
            guard numbers.count >= 6, numbers.count.isMultiple(of: 2), !numbers.contains(nil) else {
                throw .mapLandInvalid(
                    path: "land.txt", reason: "line \(index + 1) is not a ring of at least 3 integer points")
            }
            rings.append(try ring(numbers.compactMap(\.self), scale: scale, line: index + 1))
        }
        guard !rings.isEmpty else { throw .mapLandInvalid(path: "land.txt", reason: "it holds no ring") }
        return FleetMapLand(rings: rings)
    }

    /// One ring from its integers, undoing the differences.
    private static func ring(_ numbers: [Int], scale: Double, line: Int) throws(ReportError) -> Ring {
        var longitudes: [Double] = []
        var latitudes: [Double] = []
        longitudes.reserveCapacity(numbers.count / 2)
        latitudes.reserveCapacity(numbers.count / 2)
        var x = 0
        var y = 0
        for pair in stride(from: 0, to: numbers.count, by: 2) {
            x += numbers[pair]
            y += numbers[pair + 1]
            longitudes.append(Double(x) / scale)
            latitudes.append(Double(y) / scale)
        }
        guard let minLon = longitudes.min(), let maxLon = longitudes.max(), let minLat = latitudes.min(),
            let maxLat = latitudes.max(), minLon >= -180, maxLon <= 180, minLat >= -90, maxLat <= 90
        else {
            throw .mapLandInvalid(path: "land.txt", reason: "line \(line) has a point outside the globe")
        }
        return Ring(
            longitudes: longitudes, latitudes: latitudes, minLongitude: minLon, maxLongitude: maxLon,
            minLatitude: minLat, maxLatitude: maxLat)
    }

    /// The bundled outlines, read and parsed once per process; the error when they cannot be
    /// (the map is then drawn without land, saying so).
    static let bundled: Result<FleetMapLand, ReportError> = Result { () throws(ReportError) in
        let url = try bundledURL()
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .mapLandInvalid(path: url.path, reason: "it cannot be read (\(error.localizedDescription))")
        }
        return try parse(String(decoding: data, as: UTF8.self))
    }

    /// The resource bundle beside the executable (an installed copy), else the package's own
    /// (a build directory): checked in that order, as for the airport data, so a copied binary
    /// finds its data without reaching `Bundle.module`.
    private static func bundledURL() throws(ReportError) -> URL {
        try resourceURL("land.txt")
    }

    /// A file of the FleetReports resource bundle (`land.txt`, `LICENSE-naturalearth`).
    static func resourceURL(_ name: String) throws(ReportError) -> URL {
        let beside = Bundle.main.bundleURL.appendingPathComponent("fleetwx_FleetReports.resources/\(name)")
        if FileManager.default.fileExists(atPath: beside.path) { return beside }
        guard let url = Bundle.module.url(forResource: name, withExtension: nil) else {
            throw .mapLandInvalid(path: name, reason: "it is missing from the fleetwx_FleetReports bundle")
        }
        return url
    }
}

extension ReportWriter {
    /// Why the fleet map cannot draw land (its outlines missing from the install, or
    /// unreadable), or nil when it can: for the run's warnings on stderr and in `run.json`, as
    /// the map itself only says so in a note under it, which nobody reads at night.
    public static var mapLandProblem: String? { FleetMapLand.problem(FleetMapLand.bundled) }
}

extension FleetMapLand {
    /// The warning for a land load that failed, or nil when it did not.
    static func problem(_ land: Result<FleetMapLand, ReportError>) -> String? {
        guard case .failure(let error) = land else { return nil }
        return error.description + " (the index's fleet map is drawn without land)"
    }
}
