internal import FleetPlan
internal import FleetStore
internal import FleetWeather
internal import FleetWeatherKit
internal import Foundation

/// Decides, cell by cell, what the cache serves and what must be fetched.
///
/// A data set is reused when a cached copy covers the request's window and has not expired;
/// otherwise only the expired or missing data sets are asked for, and the expired copy is
/// kept aside as a fallback. A cell with nothing left to ask for is a cache hit.
struct CachePreparation {
    let store: StateStore
    let now: Date
    /// Keep the fresh cached bodies for `--record`; without a recorder they would only sit in
    /// memory for the whole fetch (a warm run's cache, cell by cell).
    var keepBodies = false

    struct Result {
        var work: [CellWork] = []
        /// Cells the cache serves wholly (kept with ``keepBodies``: `--record` writes them all the same).
        var cached: [CellWork] = []
        var outcomes: [CellKey: CellOutcome] = [:]
    }

    func prepare(_ plan: FetchPlan, tally: FetchTally) async -> Result {
        var result = Result()
        let requestsByCell = Dictionary(grouping: plan.requests, by: \.cell)
        for cell in plan.cells {
            let requests = requestsByCell[cell.key] ?? []
            guard !requests.isEmpty else {
                result.outcomes[cell.key] = CellOutcome(key: cell.key, weather: nil, status: .beyondHorizon)
                continue
            }
            var work = CellWork(cell: cell)
            work.planned = requests
            for request in requests {
                var needed: [DataSet] = []
                for dataSet in request.dataSets {
                    switch await lookup(dataSet, request: request, tally: tally) {
                    case .fresh(let response, let body):
                        work.fresh.append(response)
                        if keepBodies { work.freshBodies[request.part, default: [:]][dataSet] = body }
                    case .expired(let entry):
                        needed.append(dataSet)
                        work.stale[dataSet] = work.stale[dataSet] ?? entry
                    case .missing: needed.append(dataSet)
                    }
                }
                if !needed.isEmpty { work.requests.append(request.asking(for: needed)) }
            }
            if work.requests.isEmpty {
                tally.countCacheHit()
                result.outcomes[cell.key] = work.assemble(
                    fetched: [], fetchedSets: [], failure: nil, now: now, tally: tally)
                if keepBodies { result.cached.append(work) }
            } else {
                result.work.append(work)
            }
        }
        return result
    }

    private enum Lookup {
        case fresh(WeatherResponse, Data)
        case expired(CacheEntry)
        case missing
    }

    private func lookup(_ dataSet: DataSet, request: CellRequest, tally: FetchTally) async -> Lookup {
        let window = DataSetBodies.window(of: dataSet, in: request)
        let entry: CacheEntry?
        do {
            entry = try await store.bestCached(cell: request.cell.text, dataSet: dataSet.rawValue, covering: window)
        } catch {
            tally.warn("cache lookup failed for \(request.cell.text) \(dataSet.rawValue): \(error.description)")
            return .missing
        }
        guard let entry else { return .missing }
        guard entry.isFresh(at: now) else { return .expired(entry) }  // decoded only if it must stand in
        do {
            let decoded = try DataSetBodies.decode(entry)
            tally.warn(about: decoded.warnings, cell: request.cell.text)
            return .fresh(decoded.response, entry.body)
        } catch {
            tally.warn(
                "cell \(request.cell.text): the cached \(dataSet.rawValue) cannot be read "
                    + "(\(error.reason(bodySize: entry.body.count))); "
                    + "fetching it again")
            return .missing
        }
    }
}
