/// What one end's weather is, in one word: the `dep_weather_status`/`arr_weather_status`
/// columns. ``EndData`` says it for the pages with the reason; analysts filter on a value.
public enum WeatherStatus: String, Sendable, CaseIterable {
    /// Current weather.
    case ok
    /// An expired cached copy, used because the fetch failed.
    case stale
    /// No weather for the end's hour (no data for the cell, the hour absent, or incomplete).
    case missing
    /// The end's time lies past the ten-day forecast horizon: nobody has weather for it yet.
    case beyondHorizon = "beyond_horizon"
}

extension EndData {
    /// The reason a missing end gives when its time is past the forecast horizon. One constant
    /// because ``EndBriefing/weatherStatus`` tells that case apart by it.
    public static let beyondHorizonReason = "beyond forecast horizon"
}

extension EndBriefing {
    /// The end's ``WeatherStatus``.
    public var weatherStatus: WeatherStatus {
        switch data {
        case .fresh: .ok
        case .stale: .stale
        case .missing(let reason): reason == EndData.beyondHorizonReason ? .beyondHorizon : .missing
        }
    }
}
