public import Foundation

/// `currentWeather`: conditions at `asOf`. Units: °C, km/h, metres, mbar, fractions 0–1.
public struct CurrentWeather: Sendable, Codable, Equatable {
    public var metadata: Metadata?
    public var asOf: Date?
    public var cloudCover: Double?
    public var conditionCode: ConditionCode?
    public var daylight: Bool?
    public var humidity: Double?
    public var precipitationIntensity: Double?
    public var pressure: Double?
    public var temperature: Double?
    public var temperatureApparent: Double?
    public var temperatureDewPoint: Double?
    public var uvIndex: Int?
    public var visibility: Double?
    public var windDirection: Double?
    public var windGust: Double?
    public var windSpeed: Double?

    /// Creates current conditions; every member defaults to absent.
    public init(asOf: Date? = nil) { self.asOf = asOf }
}

/// One hour of `forecastHourly.hours`. Units: °C, km/h, metres, mm, mm/h, fractions 0–1.
public struct HourWeather: Sendable, Codable, Equatable {
    public var forecastStart: Date?
    public var cloudCover: Double?
    public var conditionCode: ConditionCode?
    public var daylight: Bool?
    public var humidity: Double?
    public var precipitationAmount: Double?
    public var precipitationChance: Double?
    public var precipitationIntensity: Double?
    public var precipitationType: PrecipitationType?
    public var pressure: Double?
    public var snowfallIntensity: Double?
    public var snowfallAmount: Double?
    public var temperature: Double?
    public var temperatureApparent: Double?
    public var temperatureDewPoint: Double?
    public var uvIndex: Int?
    public var visibility: Double?
    public var windDirection: Double?
    public var windGust: Double?
    public var windSpeed: Double?
    /// The members whose values the decoder dropped (out of range, wrong type), in body order;
    /// `nil` when none was. The briefing treats an hour that lost a value it reads as incomplete.
    public var droppedValues: [String]?

    /// Creates an hour; every member but the start defaults to absent.
    ///
    /// - Parameter forecastStart: The start of the hour.
    public init(forecastStart: Date?) { self.forecastStart = forecastStart }
}

/// One day of `forecastDaily.days`.
public struct DayWeather: Sendable, Codable, Equatable {
    public var forecastStart: Date?
    public var forecastEnd: Date?
    public var conditionCode: ConditionCode?
    public var precipitationAmount: Double?
    public var precipitationChance: Double?
    public var precipitationType: PrecipitationType?
    public var snowfallAmount: Double?
    public var sunrise: Date?
    public var sunset: Date?
    public var temperatureMax: Double?
    public var temperatureMin: Double?
    public var windGustSpeedMax: Double?
    public var windSpeedMax: Double?

    /// Creates a day; every member but the bounds defaults to absent.
    ///
    /// - Parameters:
    ///   - forecastStart: Local midnight, in UTC.
    ///   - forecastEnd: The next local midnight, in UTC.
    public init(forecastStart: Date?, forecastEnd: Date?) {
        self.forecastStart = forecastStart
        self.forecastEnd = forecastEnd
    }
}
