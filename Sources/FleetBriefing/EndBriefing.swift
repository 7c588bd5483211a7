public import FleetAirports
public import FleetWeather
public import Foundation

/// The weather at one end of a flight: the hour of the scheduled time, the worst hour
/// around it, hazards, an estimated category and the alerts.
public struct EndBriefing: Sendable, Equatable {
    /// The airport.
    public let airport: Airport
    /// The scheduled time.
    public let time: Date
    /// The forecast hour containing the scheduled time.
    public let hour: HourWeather?
    /// The worst hour within the window around the scheduled time.
    public let worstHour: HourWeather?
    /// Hazards found in the window, worst first, one per kind.
    public let hazards: [Hazard]
    /// Flight category estimated from the scheduled hour's visibility.
    public let category: FlightCategory?
    /// Alerts overlapping the window, most severe first.
    public let alerts: [WeatherAlertSummary]
    /// This end's risk.
    public let risk: Risk
    /// Where the data came from and how fresh it is.
    public let data: EndData
    /// When the service produced the data (`metadata.readTime`), for freshness.
    public let dataReadTime: Date?

    /// Creates an end briefing.
    public init(
        airport: Airport, time: Date, hour: HourWeather?, worstHour: HourWeather?, hazards: [Hazard],
        category: FlightCategory?, alerts: [WeatherAlertSummary], risk: Risk, data: EndData, dataReadTime: Date? = nil
    ) {
        self.airport = airport
        self.time = time
        self.hour = hour
        self.worstHour = worstHour
        self.hazards = hazards
        self.category = category
        self.alerts = alerts
        self.risk = risk
        self.data = data
        self.dataReadTime = dataReadTime
    }

    /// The alerts that stand out (extreme or severe).
    public var majorAlerts: [WeatherAlertSummary] {
        alerts.filter(\.standsOut)
    }
}

/// How trustworthy one end's weather is.
public enum EndData: Sendable, Equatable {
    /// Current weather.
    case fresh
    /// An expired copy, used because the fetch failed.
    case stale(since: Date, reason: String)
    /// No weather for this end, with the reason.
    case missing(String)

    /// True when the end has weather (fresh or stale).
    public var hasWeather: Bool {
        if case .missing = self { return false }
        return true
    }
}

extension WeatherAlertSummary {
    /// Restraint: only extreme and severe alerts stand out in reports (and make an end red);
    /// the others are shown quietly.
    public var standsOut: Bool { severity == .extreme || severity == .severe }
}
