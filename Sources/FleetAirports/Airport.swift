/// One airport from the airportsdata directory.
public struct Airport: Sendable, Hashable, Codable {
    /// ICAO code (`LFSB`). For airports airportsdata lists only by a secondary IATA code the
    /// dataset uses a placeholder starting with `_` (`_MLH`); those are never matched as ICAO.
    public let icao: String
    /// IATA code (`BSL`), or `nil` when the airport has none.
    public let iata: String?
    /// Airport name.
    public let name: String
    /// City served.
    public let city: String
    /// Subdivision (state, province, region).
    public let subdivision: String
    /// ISO 3166-1 alpha-2 country code (`FR`); WeatherKit needs it for alerts.
    public let country: String
    /// Elevation in feet, when known.
    public let elevationFeet: Int?
    /// Latitude in degrees.
    public let latitude: Double
    /// Longitude in degrees.
    public let longitude: Double
    /// IANA time zone (`Europe/Paris`) used for local schedule times and local display.
    public let timeZone: String

    /// Creates an airport record.
    ///
    /// - Parameters:
    ///   - icao: ICAO code.
    ///   - iata: IATA code, if any.
    ///   - name: Airport name.
    ///   - city: City served.
    ///   - subdivision: State or region.
    ///   - country: ISO country code.
    ///   - elevationFeet: Elevation in feet.
    ///   - latitude: Latitude in degrees.
    ///   - longitude: Longitude in degrees.
    ///   - timeZone: IANA time zone name.
    public init(
        icao: String, iata: String?, name: String, city: String, subdivision: String = "",
        country: String, elevationFeet: Int?, latitude: Double, longitude: Double, timeZone: String
    ) {
        self.icao = icao
        self.iata = iata
        self.name = name
        self.city = city
        self.subdivision = subdivision
        self.country = country
        self.elevationFeet = elevationFeet
        self.latitude = latitude
        self.longitude = longitude
        self.timeZone = timeZone
    }

    /// The code used in reports and file names: IATA, or ICAO where there is no IATA code.
    public var code: String { iata ?? icao }

    /// True when `icao` is a real four-character code rather than a dataset placeholder.
    public var hasRealICAO: Bool { !icao.hasPrefix("_") }
}
