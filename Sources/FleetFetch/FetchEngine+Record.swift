internal import FleetPlan
internal import FleetWeather
internal import FleetWeatherKit
internal import Foundation

extension FetchEngine {
    /// Saves what a cell's weather was made of (`--record`), one file per request part.
    ///
    /// A part fetched whole is saved byte for byte as WeatherKit sent it. A part served
    /// partly or wholly from the cache is saved as one body built from the members the run
    /// used (each member's bytes as received), so a recording made with a warm cache still
    /// replays the whole night. Expired copies are not recorded.
    func record(_ work: CellWork, fetchedBodies: [Int: Data], tally: FetchTally) {
        guard let recorder else { return }
        let key = work.cell.key
        recorder.removeParts(latitude: key.latitude, longitude: key.longitude)
        for request in work.planned {
            let cached = work.freshBodies[request.part] ?? [:]
            let fetched = fetchedBodies[request.part]
            let body: Data?
            if let fetched, cached.isEmpty {
                body = fetched
            } else {
                var members = cached
                if let fetched {
                    members.merge(DataSetBodies.memberBodies(of: fetched, dataSets: DataSet.allCases)) { $1 }
                }
                body = DataSetBodies.compose(members)
            }
            guard let body else { continue }
            do {
                try recorder.record(
                    body, latitude: key.latitude, longitude: key.longitude,
                    part: request.part == 0 ? nil : String(request.part))
            } catch {
                tally.warn("cell \(key.text): could not record the response (\(error.description))")
            }
        }
    }
}
