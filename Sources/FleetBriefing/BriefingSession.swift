internal import Dispatch
internal import FleetAirports
internal import FleetPlan
internal import FleetSchedule
internal import FleetWeather
internal import Foundation

/// Briefs a schedule's flights in parallel, with the work flights share done once.
///
/// Why: at 100,000 flights over 4,000 cells the ends of many flights fall in the same cell and
/// search the same forecast hours, and each end looked its cell up again (the key is text made
/// from the coordinates) and ran every hazard rule again over hours already judged
/// (docs/performance.md). Three steps now, each on all cores where it pays:
///
/// 1. every end gets its cell's position, from the plan (``FetchPlan/cellIndex(of:)``), else
///    from the grid once per airport;
/// 2. each cell judges once the hours its ends' windows hold, by their position in the cell's
///    hours (no hashing, no comparing of hours: one position is one hour);
/// 3. the flights are cut into contiguous runs, one task each, reading the cells and verdicts
///    shared read-only, each briefing written straight into its place in input order.
///
/// The result is the same whatever the number of cores.
enum BriefingSession {
    /// Flights per task: enough to amortise a task, few enough to spread.
    static let runLength = 2_000
    /// Cells per judging task.
    static let cellsPerTask = 64

    /// Briefs every flight; one briefing per flight, in input order.
    static func brief(
        _ flights: [Flight], briefer: Briefer, plan: FetchPlan?, fetch: FetchReport
    ) -> [FlightBriefing] {
        let cells = BriefingCells(flights, grid: briefer.planner.grid, plan: plan, fetch: fetch)
        let (verdicts, places) = judge(cells, flights: flights, briefer: briefer)
        let shared = cells.outcomes.indices.map { SharedCell(outcome: cells.outcomes[$0], verdicts: verdicts[$0]) }
        let runs = (flights.count + runLength - 1) / runLength
        // Each task initialises its own range of the result in place: collecting the runs and
        // joining them held every briefing twice (about 2 KB a flight) at the run's peak.
        return [FlightBriefing](unsafeUninitializedCapacity: flights.count) { buffer, initialized in
            // The tasks write disjoint ranges of memory no one reads until all have ended
            // (concurrentPerform returns after the last), so sharing the buffer is safe.
            nonisolated(unsafe) let output = buffer
            @Sendable func brief(run: Int) {
                for index in run * runLength..<min(flights.count, (run + 1) * runLength) {
                    let flight = flights[index]
                    let departure = shared[cells.endCells[2 * index]]
                    let arrival = shared[cells.endCells[2 * index + 1]]
                    let briefing = FlightBriefing(
                        flight: flight,
                        departure: departure.outcome?.end(
                            airport: flight.origin, time: flight.departure, briefer: briefer,
                            verdicts: departure.verdicts, place: places[2 * index])
                            ?? briefer.end(airport: flight.origin, time: flight.departure, status: nil),
                        arrival: arrival.outcome?.end(
                            airport: flight.destination, time: flight.arrival, briefer: briefer,
                            verdicts: arrival.verdicts, place: places[2 * index + 1])
                            ?? briefer.end(airport: flight.destination, time: flight.arrival, status: nil))
                    output.initializeElement(at: index, to: briefing)
                }
            }
            if runs > 1 {
                DispatchQueue.concurrentPerform(iterations: runs, execute: brief(run:))
            } else if runs == 1 {
                brief(run: 0)
            }
            initialized = flights.count
        }
    }

    /// The verdicts of every cell, by the position of the hour in the cell's hours (made for
    /// the hours some end's window holds, `nil` for the others), and where each end's hours
    /// are (`nil` for an end whose cell has no hours), found cell by cell on all cores.
    private static func judge(
        _ cells: BriefingCells, flights: [Flight], briefer: Briefer
    ) -> (verdicts: [[HourVerdict?]], places: [EndPlace?]) {
        let ends = cells.endsByCell()
        var places = [EndPlace?](repeating: nil, count: cells.endCells.count)
        let count = cells.outcomes.count
        let verdicts = places.withUnsafeMutableBufferPointer { placesBuffer in
            // Each end is in one cell and each cell judged by one task: the tasks write
            // disjoint places, read only after concurrentPerform has returned.
            nonisolated(unsafe) let placed = placesBuffer
            @Sendable func verdicts(of cell: Int) -> [HourVerdict?] {
                guard let weather = cells.outcomes[cell]?.weather, !weather.hours.isEmpty else { return [] }
                var verdicts = [HourVerdict?](repeating: nil, count: weather.hours.count)
                for end in ends.positions[ends.starts[cell]..<ends.starts[cell + 1]] {
                    let flight = flights[end / 2]
                    let time = end % 2 == 0 ? flight.departure : flight.arrival
                    let window = briefer.window(in: weather, around: time)
                    for position in window where verdicts[position] == nil {
                        verdicts[position] = briefer.judge(weather.hours[position])
                    }
                    placed[end] = briefer.place(in: weather, around: time, window: window)
                }
                return verdicts
            }
            let tasks = (count + cellsPerTask - 1) / cellsPerTask
            return [[HourVerdict?]](unsafeUninitializedCapacity: count) { buffer, initialized in
                // Disjoint ranges again, read only after concurrentPerform has returned.
                nonisolated(unsafe) let output = buffer
                @Sendable func judge(task: Int) {
                    for cell in task * cellsPerTask..<min(count, (task + 1) * cellsPerTask) {
                        output.initializeElement(at: cell, to: verdicts(of: cell))
                    }
                }
                if tasks > 1 {
                    DispatchQueue.concurrentPerform(iterations: tasks, execute: judge(task:))
                } else if tasks == 1 {
                    judge(task: 0)
                }
                initialized = count
            }
        }
        return (verdicts, places)
    }
}

/// The cells a run's flight ends fall in, found once for the whole run.
struct BriefingCells: Sendable {
    /// Each cell's outcome (`nil`: the fetch stage has none for it).
    let outcomes: [CellOutcome?]
    /// For each end (a flight's departure at twice its position, its arrival one after), the
    /// position of its cell in `outcomes`.
    let endCells: [Int]

    /// Places every end: by the plan when it placed the airport on the same grid, else by the
    /// grid, once per airport value, and the cell's outcome looked up once per cell key.
    init(_ flights: [Flight], grid: Grid, plan: FetchPlan?, fetch: FetchReport) {
        let plan = plan?.grid == grid ? plan : nil
        var outcomes = plan?.cells.map { fetch.outcome(for: $0.key) } ?? []
        var cellOfAirport: [ObjectIdentifier: Int] = [:]
        var cellOfKey: [CellKey: Int] = [:]
        var keyedPlan = false
        func cell(of airport: Airport) -> Int {
            if let cell = plan?.cellIndex(of: airport) ?? cellOfAirport[airport.identity] { return cell }
            if !keyedPlan, let plan {  // at the first airport the plan did not place
                for (index, cell) in plan.cells.enumerated() where cellOfKey[cell.key] == nil {
                    cellOfKey[cell.key] = index
                }
            }
            keyedPlan = true
            let key = grid.key(latitude: airport.latitude, longitude: airport.longitude)
            let cell: Int
            if let known = cellOfKey[key] {
                cell = known
            } else {
                cell = outcomes.count
                cellOfKey[key] = cell
                outcomes.append(fetch.outcome(for: key))
            }
            cellOfAirport[airport.identity] = cell
            return cell
        }
        var endCells: [Int] = []
        endCells.reserveCapacity(2 * flights.count)
        for flight in flights {
            endCells.append(cell(of: flight.origin))
            endCells.append(cell(of: flight.destination))
        }
        self.outcomes = outcomes
        self.endCells = endCells
    }

    /// The ends grouped by cell, in end order within a cell: cell `c`'s are
    /// `positions[starts[c]..<starts[c + 1]]`.
    func endsByCell() -> (starts: [Int], positions: [Int]) {
        var starts = [Int](repeating: 0, count: outcomes.count + 1)
        for cell in endCells { starts[cell + 1] += 1 }
        for cell in outcomes.indices { starts[cell + 1] += starts[cell] }
        var next = starts
        var positions = [Int](repeating: 0, count: endCells.count)
        for (end, cell) in endCells.enumerated() {
            positions[next[cell]] = end
            next[cell] += 1
        }
        return (starts, positions)
    }
}

/// One cell as the briefing tasks read it: shared by reference, so an end reads the weather
/// where it is. A copy of the outcome for every end retained each of its weather's arrays,
/// which both cores' ends of one cell contend for.
final class SharedCell: Sendable {
    /// The fetch stage's outcome.
    let outcome: CellOutcome?
    /// The verdicts on its hours, by position.
    let verdicts: [HourVerdict?]

    init(outcome: CellOutcome?, verdicts: [HourVerdict?]) {
        self.outcome = outcome
        self.verdicts = verdicts
    }
}

/// What the hazard rules found in one forecast hour.
struct HourVerdict: Sendable {
    /// Every hazard the rules found, in rule order.
    let found: [Hazard]
    /// ``Briefer/onePerKind(_:)`` of `found`.
    let onePerKind: [Hazard]
    /// The worst risk of `found`, green when none.
    let risk: Risk
}
