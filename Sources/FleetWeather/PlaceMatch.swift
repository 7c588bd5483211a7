/// Whether two stated places are one, compared in whole micro-degrees (``MicroDegrees``).
///
/// WeatherKit states a body's place as the requested coordinates rounded to three decimals, so
/// a body for the requested place is at most 0.0005° (500 µ°) off on each axis; ``tolerance``
/// (0.0006°) allows that and conversion noise, and nothing more: the centre of the next cell of
/// the finest grid (`--grid 0.001`) is 0.001° away, so its answer is another place. Integers
/// rather than a `Double` epsilon, so the answer never depends on how a coordinate happened to
/// be represented.
public enum PlaceMatch {
    /// How far apart, on either axis, two coordinates may be and still be one place: 0.0006°,
    /// the three-decimal rounding (0.0005°) and a margin well below the 0.001° to the next cell.
    public static let tolerance: Int64 = 600

    /// The larger of the north–south and east–west distances, the short way round the
    /// antimeridian (180° and −180° are one meridian), in micro-degrees.
    ///
    /// - Parameters:
    ///   - lhs: A place, in degrees.
    ///   - rhs: Another place, in degrees.
    /// - Returns: The distance.
    public static func apart(
        _ lhs: (latitude: Double, longitude: Double), _ rhs: (latitude: Double, longitude: Double)
    ) -> Int64 {
        let north = abs(MicroDegrees(degrees: lhs.latitude).value - MicroDegrees(degrees: rhs.latitude).value)
        let east = eastWest(MicroDegrees(degrees: lhs.longitude).value, MicroDegrees(degrees: rhs.longitude).value)
        return max(north, east)
    }

    /// The east–west distance between two longitudes, the short way round the antimeridian
    /// (replay's cell search measures with it too, so one rule says how far apart places are).
    ///
    /// - Parameters:
    ///   - lhs: A longitude, in micro-degrees.
    ///   - rhs: Another longitude, in micro-degrees.
    /// - Returns: The distance, in micro-degrees (0…180°).
    public static func eastWest(_ lhs: Int64, _ rhs: Int64) -> Int64 {
        let full = 360 * MicroDegrees.perDegree
        let east = abs(lhs - rhs) % full
        return min(east, full - east)
    }

    /// Whether two places are one (within ``tolerance``).
    ///
    /// - Parameters:
    ///   - lhs: A place, in degrees.
    ///   - rhs: Another place, in degrees.
    /// - Returns: `true` when they agree.
    public static func agree(
        _ lhs: (latitude: Double, longitude: Double), _ rhs: (latitude: Double, longitude: Double)
    ) -> Bool {
        apart(lhs, rhs) <= tolerance
    }

    /// `40.64,-73.78`: a place as short plain decimals, for messages (every message that names
    /// a stated place words it so).
    ///
    /// - Parameter place: The place, in degrees.
    /// - Returns: The text.
    public static func text(_ place: (latitude: Double, longitude: Double)) -> String {
        text(latitude: MicroDegrees(degrees: place.latitude), longitude: MicroDegrees(degrees: place.longitude))
    }

    /// A place in micro-degrees as ``text(_:)`` words it.
    ///
    /// - Parameters:
    ///   - latitude: North.
    ///   - longitude: East.
    /// - Returns: The text.
    public static func text(latitude: MicroDegrees, longitude: MicroDegrees) -> String {
        "\(latitude),\(longitude)"
    }
}
