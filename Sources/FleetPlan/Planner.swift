internal import FleetAirports
public import FleetSchedule
internal import FleetWeather
public import Foundation

/// Groups flights into cells and works out the requests that fetch each cell once.
///
/// Pure: the clock comes in as `now`, so the same schedule and time always give the same
/// plan (and `fleetwx plan` shows exactly what `run` would start from).
public struct Planner: Sendable {
    /// WeatherKit's hourly forecast reaches about ten days ahead.
    public static let horizon: TimeInterval = 10 * 24 * 3600
    /// One request returns at most 240 hours.
    public static let maxHoursPerRequest = 240

    /// The grid.
    public let grid: Grid
    /// The run's clock reading.
    public let now: Date
    /// Whole hours fetched either side of each scheduled hour: 1 (docs/contract.md §4.2), more when the
    /// briefing searches a wider window, so every hour it looks at was asked for.
    public let hoursEitherSide: Int

    /// Creates a planner.
    ///
    /// - Parameters:
    ///   - grid: The cell grid.
    ///   - now: The run's time, for the horizon and for past windows.
    ///   - hoursEitherSide: Hours fetched either side of each scheduled hour (at least 1).
    public init(grid: Grid, now: Date, hoursEitherSide: Int = 1) {
        self.grid = grid
        self.now = now
        self.hoursEitherSide = max(1, hoursEitherSide)
    }

    /// True when an instant lies beyond the forecast horizon.
    ///
    /// Judged by the forecast hour containing the instant, since that hour is what a briefing
    /// reads: an arrival at 22:30Z with the horizon at 22:03Z is inside, because the 22:00Z
    /// hour starts before the horizon and the service forecasts it.
    ///
    /// - Parameter date: A scheduled time.
    /// - Returns: Whether no forecast can exist for its hour yet.
    public func isBeyondHorizon(_ date: Date) -> Bool {
        TimeMath.floorHour(date) > now.addingTimeInterval(Self.horizon)
    }

    /// Plans the cells and requests for a set of flights.
    ///
    /// - Parameter flights: The accepted flights.
    /// - Returns: The plan, cells in priority order.
    public func plan(_ flights: [Flight]) -> FetchPlan {
        var cells = CellAccumulator(grid: grid)
        let horizon = now.addingTimeInterval(Self.horizon)
        for flight in flights {
            cells.add(airport: flight.origin, time: flight.departure, isDeparture: true, horizon: horizon)
            cells.add(airport: flight.destination, time: flight.arrival, isDeparture: false, horizon: horizon)
        }
        let gathered = cells.build(pad: TimeInterval(hoursEitherSide * 3600))
        // Keys are distinct, so the priority is a total order: sorting positions gives the
        // order sorting the cells gave, and tells each airport where its cell went.
        let order = gathered.indices.sorted { Self.priority(gathered[$0], gathered[$1]) }
        var position = [Int](repeating: 0, count: gathered.count)
        for (rank, index) in order.enumerated() { position[index] = rank }
        let built = order.map { gathered[$0] }
        let requests = built.flatMap(requests(for:))
        return FetchPlan(
            cells: built, requests: requests, grid: grid, airports: cells.airportCells(position: position))
    }

    /// Earliest departure first, then most flights, then key (for a stable order).
    static func priority(_ lhs: Cell, _ rhs: Cell) -> Bool {
        if lhs.earliestDeparture != rhs.earliestDeparture { return lhs.earliestDeparture < rhs.earliestDeparture }
        if lhs.flightCount != rhs.flightCount { return lhs.flightCount > rhs.flightCount }
        return lhs.key < rhs.key
    }

    /// Splits a cell's window into requests of at most 240 hours.
    ///
    /// A window up to 240 hours is one request. A longer one is covered greedily: each part
    /// starts ``hoursEitherSide`` before the first scheduled hour not yet covered and takes in
    /// every scheduled hour (with its hours after) that fits in 240 hours; it then runs on to
    /// the next part's start or its 240 hours, whichever comes first, so nothing between two
    /// parts is dropped that a request could have carried for free. Idle stretches longer than
    /// that (a schedule with weeks between flights) are not fetched at all. This is the fewest
    /// requests that give every scheduled time its hours either side.
    ///
    /// - Parameter cell: The cell.
    /// - Returns: Its requests; none when all its times are beyond the horizon.
    public func requests(for cell: Cell) -> [CellRequest] {
        let spans = Self.covering(
            cell.scheduledHours, pad: TimeInterval(hoursEitherSide * 3600),
            limit: TimeInterval(Self.maxHoursPerRequest * 3600))
        var liveAssigned = false
        return spans.enumerated().map { part, span in
            var sets: [DataSet] = [.forecastDaily, .forecastHourly]
            if span.end > now, !liveAssigned {
                sets += [.currentWeather, .weatherAlerts]
                liveAssigned = true
            }
            return CellRequest(
                cell: cell.key, hourlyStart: span.start, hourlyEnd: span.end,
                dailyStart: TimeMath.floorDay(span.start.addingTimeInterval(-14 * 3600)),
                dailyEnd: TimeMath.floorDay(span.end.addingTimeInterval(14 * 3600)).addingTimeInterval(86_400),
                dataSets: sets.sorted(), timeZone: cell.timeZone, country: cell.country, part: part)
        }
    }

    /// The fewest spans of at most `limit` that hold every scheduled hour with `pad` either
    /// side (greedy, which is optimal for covering points with fixed-length intervals), each
    /// but the last then stretched towards the next for free.
    private static func covering(_ hours: [Date], pad: TimeInterval, limit: TimeInterval) -> [DateInterval] {
        var spans: [DateInterval] = []
        var index = 0
        while index < hours.count {
            let start = max(hours[index].addingTimeInterval(-pad), spans.last?.end ?? .distantPast)
            var end = hours[index].addingTimeInterval(3600 + pad)
            index += 1
            while index < hours.count,
                hours[index].addingTimeInterval(3600 + pad).timeIntervalSince(start) <= limit
            {
                end = hours[index].addingTimeInterval(3600 + pad)
                index += 1
            }
            spans.append(DateInterval(start: start, end: end))
        }
        for index in spans.indices.dropLast() {
            let end = min(spans[index].start.addingTimeInterval(limit), spans[index + 1].start)
            spans[index] = DateInterval(start: spans[index].start, end: end)
        }
        return spans
    }
}
