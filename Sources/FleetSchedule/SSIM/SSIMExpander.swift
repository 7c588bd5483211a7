internal import FleetAirports

/// Turns a flight leg into its dated flights in the window, and checks the file's time
/// variations against the airports' zones on those dates.
///
/// The period and days of operation are the flight's dates (its first leg's departure, in
/// the carrier's time mode); the leg's date variations move its own departure and arrival
/// from that date. A dated leg is in the window when its departure instant is.
struct SSIMExpander {
    private let window: SSIMWindow
    private var zones: ZoneOffsets

    /// How far, in seconds, a file's variation may differ from the zone before fleetwx warns.
    static let variationTolerance = 15 * 60

    init(window: SSIMWindow) {
        self.window = window
        // Arrivals run up to a day past the window and date variations move legs days away.
        zones = ZoneOffsets(span: (window.start - 3 * 86_400)..<(window.end + 3 * 86_400))
    }

    /// The departure and arrival instants (seconds since 1970) of each date the leg flies in
    /// the window, and a warning for each end whose variation disagrees with its zone.
    mutating func expand(_ leg: SSIMLeg, mode: SSIMTimeMode) -> (flights: [(Int, Int)], warnings: [String]) {
        let offsets = leg.offsets(mode: mode)
        var first = Self.ceilingDays(window.start - offsets.departure)
        var last = Self.ceilingDays(window.end - offsets.departure) - 1
        if let from = leg.fromDay { first = max(first, from) }
        if let to = leg.toDay { last = min(last, to) }
        guard first <= last else { return ([], []) }
        var flights: [(Int, Int)] = []
        var departureCheck = VariationCheck()
        var arrivalCheck = VariationCheck()
        for day in first...last where leg.operates(on: day) {
            let departure = day * 86_400 + offsets.departure
            let arrival = day * 86_400 + offsets.arrival
            flights.append((departure, arrival))
            departureCheck.add(
                zones.offset(zone: leg.origin.timeZone, at: departure), file: leg.departureVariation, at: departure)
            arrivalCheck.add(
                zones.offset(zone: leg.destination.timeZone, at: arrival), file: leg.arrivalVariation, at: arrival)
        }
        let warnings = [
            departureCheck.warning(
                "departure", positions: "48–52", file: leg.departureVariation, airport: leg.origin,
                of: flights.count, mode: mode),
            arrivalCheck.warning(
                "arrival", positions: "66–70", file: leg.arrivalVariation, airport: leg.destination,
                of: flights.count, mode: mode),
        ]
        return (flights, warnings.compactMap { $0 })
    }

    /// ⌈seconds / 1 day⌉, for negative seconds too.
    private static func ceilingDays(_ seconds: Int) -> Int {
        let (quotient, remainder) = seconds.quotientAndRemainder(dividingBy: 86_400)
        return remainder > 0 ? quotient + 1 : quotient
    }
}

/// The dated flights of one leg end whose time variation disagrees with the zone.
private struct VariationCheck {
    private var count = 0
    private var first: (instant: Int, zoneOffset: Int)?

    mutating func add(_ zoneOffset: Int?, file: Int, at instant: Int) {
        guard let zoneOffset, abs(zoneOffset - file) > SSIMExpander.variationTolerance else { return }
        count += 1
        if first == nil { first = (instant, zoneOffset) }
    }

    func warning(
        _ end: String, positions: String, file: Int, airport: Airport, of total: Int, mode: SSIMTimeMode
    ) -> String? {
        guard let first else { return nil }
        // As the file writes it (the parser accepted only ±HHMM), from the seconds it gave.
        let minutes = abs(file) / 60
        let written = (file < 0 ? "-" : "+") + CivilCalendar.pad(minutes / 60) + CivilCalendar.pad(minutes % 60)
        let local = CivilCalendar.isoText(secondsSince1970: first.instant + first.zoneOffset, offset: nil)
        let flights = count == 1 && total == 1 ? "its dated flight" : "\(count) of its \(total) dated flights"
        return "\(end) time variation \(written) (positions \(positions)) disagrees with \(airport.code)'s time zone "
            + "\(airport.timeZone), which is \(CivilCalendar.offsetText(seconds: first.zoneOffset)) at "
            + "\(local.prefix(16)) local; "
            + (mode == .local
                ? "the file's variation is used (\(flights) in the window)"
                : "the carrier files UTC times (time mode U), so the instants do not depend on it (\(flights) in "
                    + "the window)")
    }
}
