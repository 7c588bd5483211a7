/// One airport from the airportsdata directory.
///
/// A value with one shared, immutable record inside: every flight holds two airports, every
/// briefing end one more, and the plan and reports copy them by the hundred thousand. With
/// seven strings stored inline, each copy retained each of them (the largest share of
/// `swift_retain` in a profile of 100,000 flights, docs/performance.md); now a copy retains
/// one reference. Equality and hashing are by value, as before.
public struct Airport: Sendable, Hashable, Codable {
    /// The fields, shared by every copy of this airport.
    private let record: AirportRecord

    /// ICAO code (`LFSB`). For airports airportsdata lists only by a secondary IATA code the
    /// dataset uses a placeholder starting with `_` (`_MLH`); those are never matched as ICAO.
    public var icao: String { record.icao }
    /// IATA code (`BSL`), or `nil` when the airport has none.
    public var iata: String? { record.iata }
    /// Airport name.
    public var name: String { record.name }
    /// City served.
    public var city: String { record.city }
    /// Subdivision (state, province, region).
    public var subdivision: String { record.subdivision }
    /// ISO 3166-1 alpha-2 country code (`FR`); WeatherKit needs it for alerts.
    public var country: String { record.country }
    /// Elevation in feet, when known.
    public var elevationFeet: Int? { record.elevationFeet }
    /// Latitude in degrees.
    public var latitude: Double { record.latitude }
    /// Longitude in degrees.
    public var longitude: Double { record.longitude }
    /// IANA time zone (`Europe/Paris`) used for local schedule times and local display.
    public var timeZone: String { record.timeZone }
    /// The code used in reports and file names: IATA, or ICAO where there is no IATA code
    /// (made once: reports and the plan ask for it for every flight end).
    public var code: String { record.code }

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
        record = AirportRecord(
            icao: icao, iata: iata, name: name, city: city, subdivision: subdivision, country: country,
            elevationFeet: elevationFeet, latitude: latitude, longitude: longitude, timeZone: timeZone)
    }

    /// True when `icao` is a real four-character code rather than a dataset placeholder.
    public var hasRealICAO: Bool { !icao.hasPrefix("_") }

    /// An identity shared by the copies of one airport value (not by two equal airports made
    /// apart): a cheap key for caches of per-airport work, such as the plan's cell of each
    /// airport, that must not hash the airport's strings for every flight.
    public var identity: ObjectIdentifier { ObjectIdentifier(record) }

    public static func == (lhs: Airport, rhs: Airport) -> Bool {
        lhs.record === rhs.record || lhs.record.fields == rhs.record.fields
    }

    public func hash(into hasher: inout Hasher) {
        record.fields.hash(into: &hasher)
    }

    private enum CodingKeys: String, CodingKey {
        case icao, iata, name, city, subdivision, country, elevationFeet, latitude, longitude, timeZone
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            icao: try container.decode(String.self, forKey: .icao),
            iata: try container.decodeIfPresent(String.self, forKey: .iata),
            name: try container.decode(String.self, forKey: .name),
            city: try container.decode(String.self, forKey: .city),
            subdivision: try container.decode(String.self, forKey: .subdivision),
            country: try container.decode(String.self, forKey: .country),
            elevationFeet: try container.decodeIfPresent(Int.self, forKey: .elevationFeet),
            latitude: try container.decode(Double.self, forKey: .latitude),
            longitude: try container.decode(Double.self, forKey: .longitude),
            timeZone: try container.decode(String.self, forKey: .timeZone))
    }

    /// The keys and values the synthesized conformance wrote (absent optionals left out).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(icao, forKey: .icao)
        try container.encodeIfPresent(iata, forKey: .iata)
        try container.encode(name, forKey: .name)
        try container.encode(city, forKey: .city)
        try container.encode(subdivision, forKey: .subdivision)
        try container.encode(country, forKey: .country)
        try container.encodeIfPresent(elevationFeet, forKey: .elevationFeet)
        try container.encode(latitude, forKey: .latitude)
        try container.encode(longitude, forKey: .longitude)
        try container.encode(timeZone, forKey: .timeZone)
    }
}

/// The immutable fields of one airport, held once and shared by reference.
private final class AirportRecord: Sendable {
    let fields: Fields
    let code: String

    /// The stored values, compared and hashed together.
    struct Fields: Hashable {
        let icao: String
        let iata: String?
        let name: String
        let city: String
        let subdivision: String
        let country: String
        let elevationFeet: Int?
        let latitude: Double
        let longitude: Double
        let timeZone: String
    }

    init(
        icao: String, iata: String?, name: String, city: String, subdivision: String, country: String,
        elevationFeet: Int?, latitude: Double, longitude: Double, timeZone: String
    ) {
        fields = Fields(
            icao: icao, iata: iata, name: name, city: city, subdivision: subdivision, country: country,
            elevationFeet: elevationFeet, latitude: latitude, longitude: longitude, timeZone: timeZone)
        code = iata ?? icao
    }

    var icao: String { fields.icao }
    var iata: String? { fields.iata }
    var name: String { fields.name }
    var city: String { fields.city }
    var subdivision: String { fields.subdivision }
    var country: String { fields.country }
    var elevationFeet: Int? { fields.elevationFeet }
    var latitude: Double { fields.latitude }
    var longitude: Double { fields.longitude }
    var timeZone: String { fields.timeZone }
}
