internal import FleetAirports
internal import Foundation

/// Gathers the flights' ends into cells, for ``Planner/plan(_:)``.
///
/// Each distinct airport is placed on the grid once (its cell key is text, formatted), not for
/// each of its flights' ends; an end then costs a lookup by the airport's identity and a few
/// numbers appended (docs/performance.md). The cells come out exactly as one builder per cell
/// fed end by end made them: for each code the airport of its latest end, the time zone and
/// country of the first end's airport with the smallest code, the distinct scheduled hours.
struct CellAccumulator {
    private let grid: Grid
    /// Per airport seen (by identity): its slot in the arrays below.
    private var slotOfAirport: [ObjectIdentifier: Int] = [:]
    private var airports: [Airport] = []
    private var cellOfSlot: [Int] = []
    /// For each slot, the order of its latest end among all ends. (Slots are made at their
    /// airport's first end, so a cell's slots are already in the order of their first ends.)
    private var latestEnd: [Int] = []
    private var cellOfKey: [CellKey: Int] = [:]
    private var cells: [Gathered] = []
    private var ends = 0

    /// One cell's gathering.
    private struct Gathered {
        let key: CellKey
        var slots: [Int] = []
        var earliestDeparture: Date?
        var earliestAny: Date = .distantFuture
        var count = 0
        /// The scheduled hours' starts (`timeIntervalSinceReferenceDate`, the Date's own value).
        var hours: [Double] = []
    }

    init(grid: Grid) {
        self.grid = grid
    }

    /// Adds one end of a flight; its hour counts for the cell's window when it starts no later
    /// than `horizon` (``Planner/isBeyondHorizon(_:)``'s rule, with the hour found once).
    mutating func add(airport: Airport, time: Date, isDeparture: Bool, horizon: Date) {
        let slot = slot(of: airport)
        latestEnd[slot] = ends
        ends += 1
        let cell = cellOfSlot[slot]
        cells[cell].count += 1
        cells[cell].earliestAny = min(cells[cell].earliestAny, time)
        if isDeparture { cells[cell].earliestDeparture = min(cells[cell].earliestDeparture ?? time, time) }
        let hour = TimeMath.floorHour(time)
        if hour <= horizon { cells[cell].hours.append(hour.timeIntervalSinceReferenceDate) }
    }

    private mutating func slot(of airport: Airport) -> Int {
        if let slot = slotOfAirport[airport.identity] { return slot }
        let key = grid.key(latitude: airport.latitude, longitude: airport.longitude)
        let cell: Int
        if let known = cellOfKey[key] {
            cell = known
        } else {
            cell = cells.count
            cellOfKey[key] = cell
            cells.append(Gathered(key: key))
        }
        let slot = airports.count
        slotOfAirport[airport.identity] = slot
        airports.append(airport)
        cellOfSlot.append(cell)
        latestEnd.append(-1)
        cells[cell].slots.append(slot)
        return slot
    }

    /// Every airport seen with the position of its cell in `build(pad:)`'s result, once the
    /// cells are put in the order `position` gives (`position[built index]`).
    func airportCells(position: [Int]) -> [(Airport, Int)] {
        airports.indices.map { slot in (airports[slot], position[cellOfSlot[slot]]) }
    }

    /// The cells, in the order of their first end.
    func build(pad: TimeInterval) -> [Cell] {
        cells.map { gathered in
            var byCode: [String: Int] = [:]
            var first: Int?
            for slot in gathered.slots {
                let code = airports[slot].code
                if byCode[code].map({ latestEnd[$0] < latestEnd[slot] }) ?? true { byCode[code] = slot }
                if let chosen = first {
                    let chosenCode = airports[chosen].code
                    // Strictly smaller: of two with one code, the one with the earlier first end.
                    if code < chosenCode { first = slot }
                } else {
                    first = slot
                }
            }
            var scheduled: [Date] = []
            var last: Double?
            for hour in gathered.hours.sorted() where hour != last {
                scheduled.append(Date(timeIntervalSinceReferenceDate: hour))
                last = hour
            }
            var window: DateInterval?
            if let start = scheduled.first, let end = scheduled.last {
                window = DateInterval(start: start.addingTimeInterval(-pad), end: end.addingTimeInterval(3600 + pad))
            }
            let sorted = byCode.values.map { airports[$0] }.sorted { $0.code < $1.code }
            let firstAirport = first.map { airports[$0] }
            return Cell(
                key: gathered.key, airports: sorted, timeZone: firstAirport?.timeZone ?? "UTC",
                country: firstAirport?.country ?? "", window: window, flightCount: gathered.count,
                earliestDeparture: gathered.earliestDeparture ?? gathered.earliestAny, scheduledHours: scheduled)
        }
    }
}
