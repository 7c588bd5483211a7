/// Unit conversions from WeatherKit's metric units to what dispatchers read.
public enum Units {
    /// Kilometres per hour in a knot.
    public static let kmhPerKnot = 1.852

    /// Converts km/h to knots.
    ///
    /// - Parameter kmh: A speed in km/h.
    /// - Returns: The speed in knots.
    public static func knots(fromKmh kmh: Double) -> Double { kmh / kmhPerKnot }

    /// Converts metres to statute miles.
    ///
    /// - Parameter metres: A distance.
    /// - Returns: Statute miles.
    public static func statuteMiles(fromMetres metres: Double) -> Double { metres / FlightCategory.metresPerMile }
}
