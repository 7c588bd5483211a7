public import FleetAirports
public import FleetSchedule
public import FleetWeather
internal import FleetWeatherKit
public import Foundation

/// Builders for WeatherKit values in tests: hours, alerts, bodies and merged cell weather.
///
/// Defaults describe a calm, clear hour (15 °C, 10 km/h, 20 km visibility, no precipitation),
/// so a test changes only the values it is about.
public enum WeatherFixtures {
    /// The attribution link the builders put in metadata.
    public static let attributionURL = "https://developer.apple.com/weatherkit/data-source-attribution/"

    /// Parses an ISO 8601 instant written in a test (`2026-12-01T13:05:00Z`).
    ///
    /// - Parameter text: The instant.
    /// - Returns: The date.
    public static func date(_ text: String) -> Date {
        guard let date = WeatherJSON.parseDate(text) else { preconditionFailure("bad test date \(text)") }
        return date
    }

    /// A calm, clear hour.
    ///
    /// - Parameters:
    ///   - start: The hour's start.
    ///   - code: The condition code.
    ///   - temperature: °C.
    ///   - windKmh: Sustained wind in km/h.
    ///   - gustKmh: Gusts in km/h.
    ///   - windDirection: Degrees.
    ///   - visibility: Metres.
    ///   - precipitationChance: 0–1.
    ///   - precipitationType: The type.
    ///   - precipitationIntensity: mm/h.
    ///   - snowfallIntensity: mm/h of snow.
    /// - Returns: The hour.
    public static func hour(
        _ start: Date, code: ConditionCode? = .clear, temperature: Double? = 15, windKmh: Double? = 10,
        gustKmh: Double? = nil, windDirection: Double? = 180, visibility: Double? = 20_000,
        precipitationChance: Double? = 0, precipitationType: PrecipitationType? = .clear,
        precipitationIntensity: Double? = 0, snowfallIntensity: Double? = nil
    ) -> HourWeather {
        var hour = HourWeather(forecastStart: start)
        hour.conditionCode = code
        hour.temperature = temperature
        hour.windSpeed = windKmh
        hour.windGust = gustKmh
        hour.windDirection = windDirection
        hour.visibility = visibility
        hour.precipitationChance = precipitationChance
        hour.precipitationType = precipitationType
        hour.precipitationIntensity = precipitationIntensity
        hour.snowfallIntensity = snowfallIntensity
        return hour
    }

    /// Consecutive calm hours, each one changed by `adjust` (given its index).
    ///
    /// - Parameters:
    ///   - start: The first hour's start.
    ///   - count: How many hours.
    ///   - adjust: Changes one hour.
    /// - Returns: The hours.
    public static func hours(
        from start: Date, count: Int, adjust: (Int, inout HourWeather) -> Void = { _, _ in }
    ) -> [HourWeather] {
        (0..<count).map { index in
            var item = Self.hour(start.addingTimeInterval(TimeInterval(index) * 3600))
            adjust(index, &item)
            return item
        }
    }

    /// An alert.
    ///
    /// - Parameters:
    ///   - id: The identifier.
    ///   - severity: The severity.
    ///   - description: The headline.
    ///   - source: The issuing agency.
    ///   - from: Event onset.
    ///   - until: Event end.
    ///   - detailsUrl: The details link.
    /// - Returns: The alert.
    public static func alert(
        id: String, severity: AlertSeverity?, description: String = "Test Warning",
        source: String = "National Weather Service", from: Date?, until: Date?,
        detailsUrl: String? = "https://weatherkit.apple.com/alertDetails/index.html?ids=test"
    ) -> WeatherAlertSummary {
        var alert = WeatherAlertSummary(id: id)
        alert.severity = severity
        alert.description = description
        alert.source = source
        alert.eventOnsetTime = from
        alert.eventEndTime = until
        alert.detailsUrl = detailsUrl
        return alert
    }

    /// Metadata at a location.
    ///
    /// - Parameters:
    ///   - latitude: Degrees north.
    ///   - longitude: Degrees east.
    ///   - readTime: When the service read the data.
    ///   - expireTime: When it expires.
    ///   - attributionURL: The legal link.
    /// - Returns: The metadata.
    public static func metadata(
        latitude: Double?, longitude: Double?, readTime: Date? = nil, expireTime: Date? = nil,
        attributionURL: String? = WeatherFixtures.attributionURL
    ) -> Metadata {
        Metadata(
            attributionURL: attributionURL, expireTime: expireTime, readTime: readTime, latitude: latitude,
            longitude: longitude, units: "m", version: 1)
    }

    /// A body with hourly forecast and, when given, alerts and current conditions.
    ///
    /// - Parameters:
    ///   - latitude: Location in the metadata.
    ///   - longitude: Location in the metadata.
    ///   - hours: The hourly forecast.
    ///   - alerts: Alerts; `nil` leaves the data set out.
    ///   - current: Current conditions.
    ///   - readTime: Metadata read time.
    /// - Returns: The body.
    public static func response(
        latitude: Double?, longitude: Double?, hours: [HourWeather], alerts: [WeatherAlertSummary]? = nil,
        current: CurrentWeather? = nil, readTime: Date? = nil
    ) -> WeatherResponse {
        let meta = metadata(latitude: latitude, longitude: longitude, readTime: readTime)
        var body = WeatherResponse(forecastHourly: HourlyForecast(metadata: meta, hours: hours))
        if let alerts { body.weatherAlerts = WeatherAlertCollection(metadata: meta, alerts: alerts) }
        if var current {
            current.metadata = meta
            body.currentWeather = current
        }
        return body
    }

    /// Cell weather merged from one body at an airport.
    ///
    /// - Parameters:
    ///   - airport: Where (its coordinates go in the metadata).
    ///   - hours: The hourly forecast.
    ///   - alerts: Alerts.
    ///   - current: Current conditions.
    ///   - readTime: Metadata read time.
    /// - Returns: The weather.
    public static func weather(
        at airport: Airport? = nil, hours: [HourWeather], alerts: [WeatherAlertSummary] = [],
        current: CurrentWeather? = nil, readTime: Date? = nil
    ) -> CellWeather {
        var weather = CellWeather()
        weather.merge(
            response(
                latitude: airport?.latitude, longitude: airport?.longitude, hours: hours, alerts: alerts,
                current: current, readTime: readTime))
        return weather
    }
}

/// Flights between bundled airports for tests.
public enum TestFlights {
    /// An airport from the bundled directory.
    ///
    /// - Parameter code: IATA or ICAO code.
    /// - Returns: The airport.
    public static func airport(_ code: String) -> Airport {
        guard let airport = TestAirports.bundled.lookup(code) else { preconditionFailure("no airport \(code)") }
        return airport
    }

    /// A flight.
    ///
    /// - Parameters:
    ///   - number: The designator.
    ///   - origin: Origin code.
    ///   - destination: Destination code.
    ///   - departure: Departure instant (ISO 8601).
    ///   - arrival: Arrival instant (ISO 8601).
    ///   - aircraft: Aircraft type.
    ///   - tail: Registration.
    ///   - line: Source line.
    /// - Returns: The flight.
    public static func flight(
        _ number: String = "UA100", from origin: String = "JFK", to destination: String = "LHR",
        departure: String = "2026-12-01T13:05:00Z", arrival: String = "2026-12-01T20:50:00Z",
        aircraft: String? = "B789", tail: String? = "N12345", line: Int = 2
    ) -> Flight {
        flight(
            number, from: airport(origin), to: airport(destination), departure: WeatherFixtures.date(departure),
            arrival: WeatherFixtures.date(arrival), aircraft: aircraft, tail: tail, line: line)
    }

    /// A flight between given airports.
    ///
    /// - Parameters:
    ///   - number: The designator.
    ///   - origin: Origin airport.
    ///   - destination: Destination airport.
    ///   - departure: Departure instant.
    ///   - arrival: Arrival instant.
    ///   - aircraft: Aircraft type.
    ///   - tail: Registration.
    ///   - line: Source line.
    /// - Returns: The flight.
    public static func flight(
        _ number: String, from origin: Airport, to destination: Airport, departure: Date, arrival: Date,
        aircraft: String? = "B789", tail: String? = "N12345", line: Int = 2
    ) -> Flight {
        Flight(
            line: line, number: number, origin: origin, destination: destination, departure: departure,
            arrival: arrival, aircraft: aircraft, tail: tail)
    }
}
