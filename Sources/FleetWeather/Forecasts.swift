public import Foundation

/// `forecastHourly`.
public struct HourlyForecast: Sendable, Codable, Equatable {
    public var metadata: Metadata?
    public var hours: [HourWeather]?

    /// Creates an hourly forecast.
    public init(metadata: Metadata? = nil, hours: [HourWeather]? = nil) {
        self.metadata = metadata
        self.hours = hours
    }
}

/// `forecastDaily`.
public struct DailyForecast: Sendable, Codable, Equatable {
    public var metadata: Metadata?
    public var days: [DayWeather]?

    /// Creates a daily forecast.
    public init(metadata: Metadata? = nil, days: [DayWeather]? = nil) {
        self.metadata = metadata
        self.days = days
    }
}

/// `weatherAlerts`: the alerts active for the location.
public struct WeatherAlertCollection: Sendable, Codable, Equatable {
    public var metadata: Metadata?
    public var detailsUrl: String?
    public var alerts: [WeatherAlertSummary]?

    /// Creates an alert collection.
    public init(metadata: Metadata? = nil, detailsUrl: String? = nil, alerts: [WeatherAlertSummary]? = nil) {
        self.metadata = metadata
        self.detailsUrl = detailsUrl
        self.alerts = alerts
    }
}

/// One alert of `weatherAlerts.alerts`. Its text must be shown unmodified, with `source`.
public struct WeatherAlertSummary: Sendable, Codable, Equatable {
    public var id: String?
    public var areaId: String?
    public var areaName: String?
    public var countryCode: String?
    public var description: String?
    public var detailsUrl: String?
    public var effectiveTime: Date?
    public var expireTime: Date?
    public var issuedTime: Date?
    public var eventOnsetTime: Date?
    public var eventEndTime: Date?
    public var severity: AlertSeverity?
    public var certainty: String?
    public var urgency: String?
    public var source: String?
    public var importance: String?
    public var phenomenon: String?
    public var responses: [String]?

    /// Creates an alert; every member but the identifier defaults to absent.
    ///
    /// - Parameter id: The alert's identifier.
    public init(id: String?) { self.id = id }

    /// When the alert is in force: the earlier of taking effect and the event's onset (a
    /// warning in effect at 11:00Z for snow from 14:00Z already applies to a 12:30Z departure),
    /// else when it was issued.
    public var start: Date? { [effectiveTime, eventOnsetTime].compactMap { $0 }.min() ?? issuedTime }

    /// When it stops being in force: the later of its expiry and the event's end.
    public var end: Date? { [eventEndTime, expireTime].compactMap { $0 }.max() }

    /// What identifies the alert across bodies and runs: its id, else headline and agency.
    public var identity: String { id ?? (description ?? "") + "|" + (source ?? "") }
}
