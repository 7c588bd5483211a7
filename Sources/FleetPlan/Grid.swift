public import FleetWeather
internal import Foundation

/// The location grid: coordinates rounded to a cell size in degrees.
///
/// Cell keys are text with a fixed number of decimals so they are stable across runs and
/// usable as cache keys: `47.59,7.53`, never `-0.00`. Rounding is done in whole micro-degrees
/// with halves to even (see ``MicroDegrees``), the rule request parameters and replay use
/// too, so a point exactly between two cells (`-56.105` on the 0.01° grid) lands in the same
/// cell (`-56.10`) wherever it is rounded.
public struct Grid: Sendable, Equatable {
    /// Cell size in degrees (`--grid`), default 0.01 (about 1.1 km).
    public let degrees: Double
    /// Decimals shown in keys: the fewest that represent a multiple of the cell size exactly.
    public let decimals: Int
    /// The cell size in micro-degrees.
    public let step: Int64

    /// The cell sizes accepted, in micro-degrees: 0.001° to 1°, inclusive.
    ///
    /// Why: WeatherKit states a body's place to three decimals, so cells finer than 0.001°
    /// could not be told apart by their bodies (and only spend more requests), and a cell
    /// coarser than 1° (about 111 km) would brief airports that far apart with one forecast.
    /// Checked here, not only at `--grid`, so no library user can build a grid whose keys
    /// collapse (`5e-324` once merged every airport into one cell).
    public static let steps: ClosedRange<Int64> = 1_000...1_000_000

    /// Creates a grid.
    ///
    /// - Parameter degrees: The cell size; must be in 0.001…1 (``steps``) and a whole number
    ///   of micro-degrees (at most six decimals).
    /// - Throws: ``PlanError/badGrid(_:)`` for a size out of range.
    public init(degrees: Double = 0.01) throws(PlanError) {
        // MicroDegrees maps non-finite and absurd values to 0, outside `steps`; a step inside
        // them that is the size itself (to 1e-6 micro-degrees) is in 0.001…1 degrees.
        let step = MicroDegrees(degrees: degrees).value
        guard Self.steps.contains(step), abs(Double(step) - degrees * Double(MicroDegrees.perDegree)) < 1e-6 else {
            throw .badGrid(degrees)
        }
        self.degrees = degrees
        self.step = step
        var decimals = 6
        var rest = step
        while decimals > 0, rest % 10 == 0 {
            rest /= 10
            decimals -= 1
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
        key(latitude: MicroDegrees(degrees: latitude), longitude: MicroDegrees(degrees: longitude))
    }

    /// The cell containing a point given in micro-degrees.
    ///
    /// - Parameters:
    ///   - latitude: North.
    ///   - longitude: East.
    /// - Returns: The cell's key and rounded coordinates.
    public func key(latitude: MicroDegrees, longitude: MicroDegrees) -> CellKey {
        // A coarse grid can round past the poles or the antimeridian; WeatherKit refuses
        // coordinates outside ±90/±180, so clamp latitude and wrap longitude.
        let perDegree = MicroDegrees.perDegree
        let lat = MicroDegrees(value: min(90 * perDegree, max(-90 * perDegree, round(latitude).value)))
        var lon = round(longitude)
        if lon.value > 180 * perDegree { lon = round(MicroDegrees(value: lon.value - 360 * perDegree)) }
        if lon.value < -180 * perDegree { lon = round(MicroDegrees(value: lon.value + 360 * perDegree)) }
        return CellKey(
            latitude: lat.degrees, longitude: lon.degrees,
            text: "\(lat.text(decimals: decimals)),\(lon.text(decimals: decimals))")
    }

    private func round(_ value: MicroDegrees) -> MicroDegrees {
        value.rounded(toMultipleOf: step)
    }

    /// Formats a rounded coordinate with the grid's decimals and no negative zero.
    ///
    /// - Parameter value: A rounded coordinate.
    /// - Returns: Its key text.
    public func format(_ value: Double) -> String {
        MicroDegrees(degrees: value).text(decimals: decimals)
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
