internal import FleetFiles
public import FleetPlan
internal import FleetWeather
internal import FleetWeatherKit
public import Foundation
internal import Synchronization

/// Serves a run from recorded WeatherKit bodies (`--replay DIR`).
///
/// The directory holds `.json` files, each a complete `/api/v1/weather` body exactly as the
/// service returned it. A file's location is read from the `metadata` inside it, so files map
/// to cells whatever their names: a cell is served by the recorded location nearest its centre
/// within half a grid step (see ``recording(for:)``). Replayed data is used as recorded:
/// expiry is not checked, it is never stale, never cached, and costs no quota. Weather that
/// contradicts its place is refused with a problem: a file named in the recorder's form
/// (`wx_LAT_LON.json`) whose body is elsewhere, and whatever two files of one place give
/// different values for (see ``RecordedMerge``).
public struct ReplaySource: Sendable {
    /// The bodies by recorded location (every body of one location merged), in the order of
    /// ``RecordedPlace/precedes(_:)``.
    public let places: [RecordedPlace]
    /// The run's grid.
    public let grid: Grid
    /// Files that could not be used, with the reason.
    public let problems: [String]
    /// Number of bodies loaded.
    public let fileCount: Int

    /// Loads every `.json` body in a directory.
    ///
    /// - Parameters:
    ///   - directory: The recordings.
    ///   - grid: The run's grid, to map body locations to cells.
    /// - Throws: ``FetchError/replayDirectoryUnreadable(path:reason:)``.
    public init(directory: URL, grid: Grid) throws(FetchError) {
        let names: [String]
        do {
            names = try DirectoryListing.names(directory.path)
        } catch {
            throw .replayDirectoryUnreadable(path: directory.path, reason: Self.folderReason(error))
        }
        var recorded: [RecordedPlace.Location: RecordedMerge] = [:]
        var problems: [String] = []
        var count = 0
        let files = names.sorted().filter { $0.hasSuffix(".json") }
        for (name, file) in zip(files, Self.decodeAll(files, in: directory)) {
            let decoded: DecodedBody
            switch file {
            case .decoded(let body): decoded = body
            case .problem(let problem):
                problems.append("\(name.bounded): \(problem)")
                continue
            }
            problems += decoded.warnings.map { "\(name.bounded): \($0)" }
            guard !decoded.response.dataSets.isEmpty else {
                problems.append("\(name.bounded): no usable data set; skipped")
                continue
            }
            guard let location = decoded.response.location else {
                problems.append("\(name.bounded): no metadata.latitude/longitude; cannot tell its location; skipped")
                continue
            }
            // A name in the recorder's form states the cell it was fetched for; a body for
            // another place under it is another cell's weather (a copied or mixed-up file).
            if let named = ResponseRecorder.place(inFileName: name), !PlaceMatch.agree(named, location) {
                problems.append(
                    "\(name.bounded): named for \(PlaceMatch.text(named)) but its metadata places it at "
                        + "\(PlaceMatch.text(location)); skipped: record the night again, or rename the file")
                continue
            }
            recorded[RecordedPlace.Location(location), default: RecordedMerge()].add(decoded.response, from: name)
            count += 1
        }
        let places = recorded.map { RecordedPlace(location: $0.key, weather: $0.value.weather) }.sorted {
            $0.precedes($1)
        }
        for place in places {
            problems += recorded[place.location]?.warnings(at: place.location) ?? []
        }
        self.places = places
        self.grid = grid
        self.problems = problems
        self.fileCount = count
    }

    /// The largest recording read: the live transport's cap, far above a 10-day hourly body
    /// (about 250 KB).
    static let maximumRecordingBytes = URLSessionTransport.defaultMaximumResponseBytes

    /// A recording file's bytes, or why it is not used (a problem of the run, not an error).
    private enum RecordingFile {
        case bytes(Data)
        case problem(String)
    }

    /// A recording's bytes. A FIFO would block the run and a device (or a link to one) would be
    /// read without end, so only a regular file of a body's size is read.
    private static func read(_ file: URL) -> RecordingFile {
        do {
            return .bytes(Data(try RegularFile.read(file.path, limit: maximumRecordingBytes)))
        } catch {
            switch error {
            case .notRegular: return .problem("\(error.description); skipped (only recorded .json bodies belong here)")
            case .tooLarge(let size, let limit):
                return .problem(
                    "\(NumberText.grouped(size)) bytes, over the \(NumberText.grouped(limit))-byte limit of a recording; skipped"
                )
            default: return .problem("cannot be read (\(error.description)); skipped")
            }
        }
    }

    /// A recording read and decoded, or why it is not used.
    private enum DecodedFile: Sendable {
        case decoded(DecodedBody)
        case problem(String)
    }

    /// Reads and decodes every file, on all cores, results in the order of `names`.
    ///
    /// Why in parallel: decoding is nearly all of a replay's fetch phase (4,000 bodies, 235 MB,
    /// at 100,000 flights), and each file is independent; the merge that follows is in name
    /// order, so problems and merged weather are as they were read one by one. Each file's
    /// bytes are dropped as soon as it is decoded, so at most one body per core is in memory.
    private static func decodeAll(_ names: [String], in directory: URL) -> [DecodedFile] {
        let state = Mutex((next: 0, results: [DecodedFile?](repeating: nil, count: names.count)))
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, names.count))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let index = state.withLock { state in
                    defer { state.next += 1 }
                    return state.next
                }
                guard index < names.count else { return }
                let result = decodeFile(directory.appendingPathComponent(names[index]))
                state.withLock { $0.results[index] = result }
            }
        }
        // concurrentPerform returns when every worker has, and the workers leave no index
        // behind, so every slot is filled; the fallback keeps the results aligned with `names`.
        return state.withLock { state in
            state.results.map { $0 ?? .problem("cannot be read (not decoded); skipped") }
        }
    }

    private static func decodeFile(_ file: URL) -> DecodedFile {
        let data: Data
        switch read(file) {
        case .bytes(let bytes): data = bytes
        case .problem(let problem): return .problem(problem)
        }
        do {
            return .decoded(try WeatherBody.decode(data))
        } catch {
            return .problem("not a WeatherKit weather body (\(error.reason(bodySize: data.count))); skipped")
        }
    }

    /// Why the replay folder cannot be listed, with what `--replay` wants.
    private static func folderReason(_ error: RegularFileError) -> String {
        let wanted = "--replay needs a folder of recorded .json bodies (such as one written by --record DIR)"
        if error.isMissing { return "no such folder; \(wanted)" }
        return "\(error.description); \(wanted)"
    }

    /// Outcomes for every cell of a plan: its recording, or "no recorded weather".
    ///
    /// - Parameter plan: The run's plan.
    /// - Returns: The fetch report (no request is ever sent).
    public func serve(_ plan: FetchPlan) -> FetchReport {
        var report = FetchReport()
        report.counters.planned = plan.requests.count
        report.warnings = problems
        for cell in plan.cells {
            let recorded = recordings(for: cell.key)
            if let used = recorded.first {
                report.outcomes[cell.key] = CellOutcome(key: cell.key, weather: used.weather, status: .replayed)
                if recorded.count > 1 { report.warnings.append(Self.passedOver(recorded, cell: cell.key)) }
            } else if cell.window == nil {
                report.outcomes[cell.key] = CellOutcome(key: cell.key, weather: nil, status: .beyondHorizon)
            } else {
                report.outcomes[cell.key] = CellOutcome(
                    key: cell.key, weather: nil, status: .failed("no recorded weather"))
            }
        }
        return report
    }

    /// The warning for a cell several recorded places fall in: which one is replayed there and
    /// which are not, so a folder mixing grids (or nights recorded at other spots) is never
    /// resolved without a word.
    private static func passedOver(_ places: [RecordedPlace], cell: CellKey) -> String {
        func text(_ place: RecordedPlace) -> String { place.location.text }
        let others = places.dropFirst()
        let named = others.prefix(3).map(text).joined(separator: ", ") + (others.count > 3 ? ", …" : "")
        return "cell \(cell.text): \(places.count) recorded places lie in it; replaying the one at "
            + "\(text(places[0])) (nearest its centre), not \(named): record each cell once (as --record does), "
            + "or replay with the grid the recordings were made on"
    }
}
