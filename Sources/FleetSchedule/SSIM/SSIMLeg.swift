internal import FleetAirports

/// The carrier section a leg belongs to: how its times and dates are written.
enum SSIMTimeMode: String, Sendable {
    /// Times and the period are UTC.
    case utc = "U"
    /// Times are local at each station; the period is local at the first departure.
    case local = "L"
}

/// One flight leg record (type 3), read and checked, ready to be expanded to dates.
struct SSIMLeg {
    /// `XX102A`: airline, flight number without leading zeros, operational suffix.
    let designator: String
    /// The itinerary variation as written (`01`, with its overflow digit when there is one).
    let itineraryVariation: String
    /// First and last day of the period (days since 1970); `nil` for an open end.
    let fromDay: Int?
    let toDay: Int?
    /// Bit `d − 1` set for each ISO weekday `d` the flight operates.
    let weekdays: UInt8
    /// Every second week, counted from the week (Monday to Sunday) of the period's first day.
    let fortnightly: Bool
    let origin: Airport
    let destination: Airport
    /// Aircraft departure and arrival, minutes after midnight (`2400` is 1440).
    let departureMinute: Int
    let arrivalMinute: Int
    /// The file's UTC/local time variations, seconds east of UTC.
    let departureVariation: Int
    let arrivalVariation: Int
    /// Days from the flight's date to this leg's departure and arrival dates.
    let departureDays: Int
    let arrivalDays: Int
    /// The IATA aircraft type (`738`), if given.
    let aircraft: String?

    /// Whether the flight operates on a day of its period (the weekday and, fortnightly, the week):
    /// callers ask only for days in the period, so it is not checked again here.
    func operates(on day: Int) -> Bool {
        guard weekdays & (1 << (SSIMDate.weekday(day: day) - 1)) != 0 else { return false }
        guard fortnightly, let fromDay else { return true }
        let weeks = (Self.monday(of: day) - Self.monday(of: fromDay)) / 7
        return weeks % 2 == 0
    }

    /// The Monday of a day's week.
    static func monday(of day: Int) -> Int { day - (SSIMDate.weekday(day: day) - 1) }

    /// Seconds from the flight date's midnight (in the time mode's clock) to the departure and the
    /// arrival instants, the time variations taken off in local mode.
    func offsets(mode: SSIMTimeMode) -> (departure: Int, arrival: Int) {
        let local = mode == .local
        let departure = departureDays * 86_400 + departureMinute * 60 - (local ? departureVariation : 0)
        let arrival = arrivalDays * 86_400 + arrivalMinute * 60 - (local ? arrivalVariation : 0)
        return (departure, arrival)
    }
}
