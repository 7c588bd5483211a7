internal import FleetWeatherKit
internal import Foundation

/// The location grid: coordinates rounded to a cell size in degrees.
///
/// Cell keys are text with a fixed number of decimals so they are stable across runs and
/// usable as cache keys: `47.59,7.53`, never `-0.00`.
public struct Grid: Sendable, Equatable {
    /// Cell size in degrees (`--grid`), default 0.01 (about 1.1 km).
    public let degrees: Double
    /// Decimals shown in keys: the fewest that represent a multiple of the cell size exactly.
    public let decimals: Int

    /// Creates a grid.
    ///
    /// - Parameter degrees: The cell size; must be in (0, 10].
    /// - Throws: ``PlanError/badGrid(_:)`` for a size out of range.
    public init(degrees: Double = 0.01) throws(PlanError) {
        guard degrees.isFinite, degrees > 0, degrees <= 10 else { throw .badGrid(degrees) }
        self.degrees = degrees
        var decimals = 0
        while decimals < 6 {
            let scaled = degrees * pow(10, Double(decimals))
            if abs(scaled - scaled.rounded()) < 1e-9 { break }
            decimals += 1
        }
        self.decimals = decimals
    }

    /// The cell containing a point.
    ///
    /// - Parameters:
    ///   - latitude: Degrees north.
    ///   - longitude: Degrees east.
    /// - Returns: The cell's key and rounded coordinates.
    public func key(latitude: Double, longitude: Double) -> CellKey {
        // A coarse grid can round past the poles or the antimeridian; WeatherKit refuses
        // coordinates outside ±90/±180, so clamp latitude and wrap longitude.
        let lat = min(90, max(-90, round(latitude)))
        var lon = round(longitude)
        if lon > 180 { lon = round(lon - 360) }
        if lon < -180 { lon = round(lon + 360) }
        return CellKey(latitude: lat, longitude: lon, text: "\(format(lat)),\(format(lon))")
    }

    private func round(_ value: Double) -> Double {
        let rounded = (value / degrees).rounded() * degrees
        let scale = pow(10, Double(decimals))
        let clean = (rounded * scale).rounded() / scale
        return clean == 0 ? 0 : clean  // folds -0.0 into 0.0
    }

    /// Formats a rounded coordinate with the grid's decimals and no negative zero.
    ///
    /// - Parameter value: A rounded coordinate.
    /// - Returns: Its key text.
    public func format(_ value: Double) -> String {
        Fixed.text(value, decimals: decimals)
    }
}

/// A cell's identity: rounded coordinates and their stable text form.
public struct CellKey: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Rounded latitude, sent to WeatherKit.
    public let latitude: Double
    /// Rounded longitude, sent to WeatherKit.
    public let longitude: Double
    /// Stable text (`47.59,7.53`), used in the cache and ledger.
    public let text: String

    /// Creates a key.
    public init(latitude: Double, longitude: Double, text: String) {
        self.latitude = latitude
        self.longitude = longitude
        self.text = text
    }

    public var description: String { text }

    public static func < (lhs: CellKey, rhs: CellKey) -> Bool { lhs.text < rhs.text }

    public static func == (lhs: CellKey, rhs: CellKey) -> Bool { lhs.text == rhs.text }

    public func hash(into hasher: inout Hasher) { hasher.combine(text) }
}
