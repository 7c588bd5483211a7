public import FleetAirports
internal import FleetPlan
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
    /// The forecast hours the hazards were searched in (the window around the scheduled time),
    /// in order: a hazard found in another hour than the scheduled one is shown with that
    /// hour's own values, never beside the scheduled hour's as if they were its.
    public let window: [HourWeather]
    /// The hazards of each hour of the window, with their hour: one per kind and hour, worst
    /// first in the kinds' order (``hazards`` keeps only the worst of each kind over the whole
    /// window). The pages show each hour's own hazards beside its own values.
    public let windowHazards: [Hazard]
    /// The day of `forecastDaily` whose span holds the scheduled time (a local day: the request
    /// names the cell's time zone), for the daily outlook.
    public let day: DayWeather?
    /// Whether the data had the alerts data set: without it, "no alert" is not known and the
    /// pages must not say it.
    public let alertsKnown: Bool

    /// Creates an end briefing.
    public init(
        airport: Airport, time: Date, hour: HourWeather?, worstHour: HourWeather?, hazards: [Hazard],
        category: FlightCategory?, alerts: [WeatherAlertSummary], risk: Risk, data: EndData, dataReadTime: Date? = nil,
        window: [HourWeather] = [], windowHazards: [Hazard] = [], day: DayWeather? = nil, alertsKnown: Bool = true
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
        self.window = window
        self.windowHazards = windowHazards
        self.day = day
        self.alertsKnown = alertsKnown
    }

    /// The start of the hour holding the scheduled time: the hour whose values are the headline.
    public var scheduledHour: Date { TimeMath.floorHour(time) }

    /// Whether the scheduled time is in darkness: before the local day's sunrise or after its
    /// sunset, else the scheduled hour's `daylight` flag; `nil` when neither is known. A day
    /// without a sunrise or sunset (polar night or midnight sun) falls back to the flag.
    public var isDark: Bool? {
        if let sunrise = day?.sunrise, let sunset = day?.sunset { return time < sunrise || time >= sunset }
        return hour?.daylight.map { !$0 }
    }

    /// The window's hour starting at `start`, if the data has it.
    ///
    /// - Parameter start: An hour's start.
    /// - Returns: That hour's forecast.
    public func windowHour(at start: Date) -> HourWeather? {
        window.first { $0.forecastStart == start }
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
