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
/// (docs/performance.md). The flights are cut into contiguous runs, one task each on all cores;
/// a run keeps its own caches (each airport's cell outcome, each cell's judged hours), so
/// nothing is shared but the inputs, and the briefings are put back in input order: the result
/// is the same whatever the number of cores.
struct BriefingSession {
    private let briefer: Briefer
    private let fetch: FetchReport
    /// Per airport seen (by identity): its slot in `cells`.
    private var cellOfAirport: [ObjectIdentifier: Int] = [:]
    /// Per cell key: its slot in `cells`.
    private var cellOfKey: [CellKey: Int] = [:]
    private var cells: [(outcome: CellOutcome?, verdicts: HourVerdicts)] = []

    private init(briefer: Briefer, fetch: FetchReport) {
        self.briefer = briefer
        self.fetch = fetch
    }

    /// Flights per task: enough to amortise a task and its caches, few enough to spread.
    static let runLength = 2_000

    /// Briefs every flight; one briefing per flight, in input order.
    static func brief(_ flights: [Flight], briefer: Briefer, fetch: FetchReport) -> [FlightBriefing] {
        let runs = (flights.count + runLength - 1) / runLength
        guard runs > 1 else {
            var session = BriefingSession(briefer: briefer, fetch: fetch)
            return flights.map { session.brief($0) }
        }
        // Each task initialises its own range of the result in place: collecting the runs and
        // joining them held every briefing twice (about 2 KB a flight) at the run's peak.
        return [FlightBriefing](unsafeUninitializedCapacity: flights.count) { buffer, initialized in
            // The tasks write disjoint ranges of memory no one reads until all have ended
            // (concurrentPerform returns after the last), so sharing the buffer is safe.
            nonisolated(unsafe) let output = buffer
            DispatchQueue.concurrentPerform(iterations: runs) { run in
                var session = BriefingSession(briefer: briefer, fetch: fetch)
                for index in run * runLength..<min(flights.count, (run + 1) * runLength) {
                    output.initializeElement(at: index, to: session.brief(flights[index]))
                }
            }
            initialized = flights.count
        }
    }

    private mutating func brief(_ flight: Flight) -> FlightBriefing {
        FlightBriefing(
            flight: flight, departure: end(airport: flight.origin, time: flight.departure),
            arrival: end(airport: flight.destination, time: flight.arrival))
    }

    private mutating func end(airport: Airport, time: Date) -> EndBriefing {
        let cell = cell(of: airport)
        return briefer.end(
            airport: airport, time: time, outcome: cells[cell].outcome, verdicts: &cells[cell].verdicts)
    }

    private mutating func cell(of airport: Airport) -> Int {
        if let cell = cellOfAirport[airport.identity] { return cell }
        let key = briefer.planner.grid.key(latitude: airport.latitude, longitude: airport.longitude)
        let cell: Int
        if let known = cellOfKey[key] {
            cell = known
        } else {
            cell = cells.count
            cellOfKey[key] = cell
            cells.append((fetch.outcome(for: key), HourVerdicts()))
        }
        cellOfAirport[airport.identity] = cell
        return cell
    }
}

/// What the hazard rules found in one forecast hour.
struct HourVerdict {
    /// Every hazard the rules found, in rule order.
    let found: [Hazard]
    /// ``Briefer/onePerKind(_:)`` of `found`.
    let onePerKind: [Hazard]
    /// The worst risk of `found`, green when none.
    let risk: Risk
}

/// The verdicts on one cell's forecast hours, by the hour's start.
///
/// A verdict is kept with the hour it was made for and reused only for an equal hour, so a
/// body that lists one start twice with different values is still judged hour by hour.
struct HourVerdicts {
    private var byStart: [Date: (hour: HourWeather, verdict: HourVerdict)] = [:]

    /// The verdict on `hour`, made by `judge` unless an equal hour was judged before.
    mutating func verdict(for hour: HourWeather, judge: (HourWeather) -> HourVerdict) -> HourVerdict {
        guard let start = hour.forecastStart else { return judge(hour) }
        if let known = byStart[start], known.hour == hour { return known.verdict }
        let verdict = judge(hour)
        if byStart[start] == nil { byStart[start] = (hour, verdict) }
        return verdict
    }
}
