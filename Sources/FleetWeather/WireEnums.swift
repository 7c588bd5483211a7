/// `precipitationType` of an hour or day.
public enum PrecipitationType: OpenEnum {
    case clear, precipitation, rain, snow, sleet, hail, mixed
    case unknown(String)

    public static let known: [String: PrecipitationType] = [
        "clear": .clear, "precipitation": .precipitation, "rain": .rain, "snow": .snow,
        "sleet": .sleet, "hail": .hail, "mixed": .mixed,
    ]

    public var token: String {
        switch self {
        case .clear: "clear"
        case .precipitation: "precipitation"
        case .rain: "rain"
        case .snow: "snow"
        case .sleet: "sleet"
        case .hail: "hail"
        case .mixed: "mixed"
        case .unknown(let token): token
        }
    }
}

/// `severity` of a weather alert, most severe first.
public enum AlertSeverity: OpenEnum, Comparable {
    case extreme, severe, moderate, minor
    case unknown(String)

    public static let known: [String: AlertSeverity] = [
        "extreme": .extreme, "severe": .severe, "moderate": .moderate, "minor": .minor,
    ]

    public var token: String {
        switch self {
        case .extreme: "extreme"
        case .severe: "severe"
        case .moderate: "moderate"
        case .minor: "minor"
        case .unknown(let token): token
        }
    }

    /// Sort rank: 0 for extreme … 4 for unknown.
    public var rank: Int {
        switch self {
        case .extreme: 0
        case .severe: 1
        case .moderate: 2
        case .minor: 3
        case .unknown: 4
        }
    }

    /// Orders most severe first.
    public static func < (lhs: AlertSeverity, rhs: AlertSeverity) -> Bool { lhs.rank < rhs.rank }
}
