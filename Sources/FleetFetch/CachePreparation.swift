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

    /// Cells looked up, then decoded together: enough to keep every core busy, few enough
    /// that only a batch's cached bodies are in memory at once.
    static let batchSize = 64

    func prepare(_ plan: FetchPlan, tally: FetchTally) async -> Result {
        var result = Result()
        let requestsByCell = Dictionary(grouping: plan.requests, by: \.cell)
        var batch: [Looked] = []
        for cell in plan.cells {
            let requests = requestsByCell[cell.key] ?? []
            guard !requests.isEmpty else {
                result.outcomes[cell.key] = CellOutcome(key: cell.key, weather: nil, status: .beyondHorizon)
                continue
            }
            var looked = Looked(cell: cell, requests: requests)
            for request in requests {
                var found: [(DataSet, Found)] = []
                for dataSet in request.dataSets { found.append((dataSet, await find(dataSet, request: request))) }
                looked.found.append(found)
            }
            batch.append(looked)
            if batch.count == Self.batchSize {
                await settle(batch, into: &result, tally: tally)
                batch = []
            }
        }
        await settle(batch, into: &result, tally: tally)
        return result
    }

    /// What the cache holds for one data set of a request, not yet decoded.
    private enum Found {
        case fresh(CacheEntry)
        case expired(CacheEntry)
        case missing
        /// The lookup failed, with the warning.
        case failed(String)
    }

    /// A cell's lookups, in request and data-set order.
    private struct Looked {
        let cell: Cell
        let requests: [CellRequest]
        var found: [[(DataSet, Found)]] = []
    }

    /// Decodes a batch's fresh entries on all cores, then builds each cell's work in plan order,
    /// so warnings and counts come as if every entry had been decoded as it was looked up.
    private func settle(_ batch: [Looked], into result: inout Result, tally: FetchTally) async {
        var entries: [CacheEntry] = []
        for looked in batch {
            for found in looked.found {
                for case (_, .fresh(let entry)) in found { entries.append(entry) }
            }
        }
        var decoded = await Self.decodeAll(entries).makeIterator()
        for looked in batch {
            var work = CellWork(cell: looked.cell)
            work.planned = looked.requests
            for (request, found) in zip(looked.requests, looked.found) {
                var needed: [DataSet] = []
                for (dataSet, found) in found {
                    switch found {
                    case .fresh(let entry):
                        guard let body = decoded.next() else { preconditionFailure("one decode per fresh entry") }
                        switch body {
                        case .success(let body):
                            tally.warn(about: body.warnings, cell: request.cell.text)
                            work.fresh.append(body.response)
                            if keepBodies { work.freshBodies[request.part, default: [:]][dataSet] = entry.body }
                        case .failure(let error):
                            tally.warn(
                                "cell \(request.cell.text): the cached \(dataSet.rawValue) cannot be read "
                                    + "(\(error.reason(bodySize: entry.body.count))); "
                                    + "fetching it again")
                            needed.append(dataSet)
                        }
                    case .expired(let entry):
                        needed.append(dataSet)
                        work.stale[dataSet] = work.stale[dataSet] ?? entry
                    case .missing: needed.append(dataSet)
                    case .failed(let warning):
                        tally.warn(warning)
                        needed.append(dataSet)
                    }
                }
                if !needed.isEmpty { work.requests.append(request.asking(for: needed)) }
            }
            if work.requests.isEmpty {
                tally.countCacheHit()
                result.outcomes[looked.cell.key] = work.assemble(
                    fetched: [], fetchedSets: [], failure: nil, now: now, tally: tally)
                if keepBodies { result.cached.append(work) }
            } else {
                result.work.append(work)
            }
        }
    }

    /// Decodes entries in parallel, results in the order of `entries`.
    private static func decodeAll(_ entries: [CacheEntry]) async -> [Swift.Result<DecodedBody, WeatherDataError>] {
        await withTaskGroup(of: (Int, Swift.Result<DecodedBody, WeatherDataError>).self) { group in
            for (index, entry) in entries.enumerated() {
                group.addTask {
                    (index, Swift.Result { () throws(WeatherDataError) in try DataSetBodies.decode(entry) })
                }
            }
            var results = [Swift.Result<DecodedBody, WeatherDataError>?](repeating: nil, count: entries.count)
            for await (index, result) in group { results[index] = result }
            // Every child reports once, so every slot is filled; the fallback keeps the
            // results aligned with `entries` (and would refuse the entry, not drop it).
            return results.map { $0 ?? .failure(.notABody("not decoded")) }
        }
    }

    private func find(_ dataSet: DataSet, request: CellRequest) async -> Found {
        let window = DataSetBodies.window(of: dataSet, in: request)
        let entry: CacheEntry?
        do {
            entry = try await store.bestCached(cell: request.cell.text, dataSet: dataSet.rawValue, covering: window)
        } catch {
            return .failed("cache lookup failed for \(request.cell.text) \(dataSet.rawValue): \(error.description)")
        }
        guard let entry else { return .missing }
        return entry.isFresh(at: now) ? .fresh(entry) : .expired(entry)  // expired: decoded only if it must stand in
    }
}
