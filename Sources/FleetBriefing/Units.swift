internal import FleetWeather

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

    /// Visibility as dispatchers read it: metres below 5 km, else kilometres, with statute
    /// miles ("800 m (0.5 SM)", "10 km (6 SM)"), for hazard details and report pages alike.
    ///
    /// - Parameter metres: A visibility.
    /// - Returns: The text.
    public static func visibility(_ metres: Double) -> String {
        let miles = statuteMiles(fromMetres: metres)
        if metres < 5000 { return "\(Fixed.whole(metres)) m (\(Fixed.text(miles, decimals: 1)) SM)" }
        return "\(Fixed.whole(metres / 1000)) km (\(Fixed.whole(miles)) SM)"
    }
}
