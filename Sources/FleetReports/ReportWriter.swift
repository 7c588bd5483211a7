internal import FleetBriefing
internal import FleetHTML
internal import FleetSchedule
public import Foundation
internal import Synchronization

/// Writes a complete report directory (docs/contract.md §8.1) and publishes it atomically.
///
/// Everything is written into a hidden staging directory beside the destination (a
/// ``ReportStaging``, locked while its run lives), then renamed into place, then `latest` is
/// repointed: a reader (or a crash at any moment) never sees half a report.
public struct ReportWriter: Sendable {
    /// The page templates.
    public let templates: ReportTemplates

    /// Creates a writer.
    ///
    /// - Parameter templates: The page templates.
    public init(templates: ReportTemplates) {
        self.templates = templates
    }

    /// Checks up front that a report could be published at `destination`, so a run refuses a
    /// bad `--out` before it spends a single request (publishing checks again).
    ///
    /// - Parameter destination: The report directory (`--out`).
    /// - Throws: ``ReportError/notAReport(path:)`` or ``ReportError/reservedDestination(path:reason:)``.
    public static func checkDestination(_ destination: URL) throws(ReportError) {
        try ReportFiles.checkReplaceable(destination)
    }

    /// Writes a report into a staging folder made before the schedule was read (which holds
    /// `rejects.csv` already, written row by row) and publishes it.
    ///
    /// - Parameters:
    ///   - model: What to report.
    ///   - staging: The staging folder, with `rejects.csv` in it.
    ///   - updateLatest: Whether to repoint `latest` beside it.
    ///   - shouldStop: Asked between files (and route pages); when it answers true, writing stops,
    ///     the staging directory is removed and nothing is published (``ReportError/stopped``).
    /// - Throws: ``ReportError``; the staging folder is then removed. Publishing checks that the
    ///   destination can be replaced (``checkDestination(_:)``) just before the exchange.
    public func write(
        _ model: ReportModel, staging: ReportStaging, updateLatest: Bool = true,
        shouldStop: @escaping @Sendable () -> Bool = { false }
    ) throws(ReportError) {
        do throws(ReportError) {
            try writeFiles(model, into: staging.url, shouldStop: shouldStop)
            if shouldStop() { throw .stopped }
            staging.willPublish()
            try ReportFiles.publish(staging: staging.url, to: staging.destination)
        } catch {
            staging.discard()
            throw error
        }
        staging.published()
        if updateLatest { try ReportFiles.updateLatest(for: staging.destination) }
    }

    /// Writes every file of the report but `rejects.csv` (written row by row beforehand, see
    /// ``RejectsFile``) into a directory.
    ///
    /// The pages are one list of jobs on all cores, the index first (the largest page, so it
    /// does not end the run alone on one core), then the station pages, then the route pages
    /// with their CSVs; each page is written and dropped, so memory holds a page per core.
    ///
    /// - Parameters:
    ///   - model: What to report.
    ///   - directory: The staging directory.
    ///   - shouldStop: Asked before each page; true stops with ``ReportError/stopped``.
    /// - Throws: ``ReportError``.
    func writeFiles(
        _ model: ReportModel, into directory: URL, shouldStop: @escaping @Sendable () -> Bool = { false }
    ) throws(ReportError) {
        let lines = FlightsCSV.lines(model.briefings, attributionURL: model.attributionURL)
        try ReportFiles.write("fleetwx report\n", to: directory.appendingPathComponent(ReportFiles.marker))
        try FlightsCSV.write(lines: lines, toPath: directory.appendingPathComponent("flights.csv").path)
        do {
            let json = try model.summary.json()
            try json.write(to: directory.appendingPathComponent("run.json"))
        } catch {
            throw .writeFailed(path: directory.appendingPathComponent("run.json").path, reason: "\(error)")
        }
        if shouldStop() { throw .stopped }
        let routes = Dictionary(grouping: model.briefings.indices) { model.briefings[$0].flight.route }
            .sorted { $0.key < $1.key }
        try DataPackage.write(routes: routes.map(\.key), attributionURL: model.attributionURL, into: directory)
        let stations = model.stations
        let routeFolder = directory.appendingPathComponent("routes")
        let stationFolder = directory.appendingPathComponent("stations")
        try ReportFiles.makeDirectory(routeFolder)
        try ReportFiles.makeDirectory(stationFolder)
        let indexPath = directory.appendingPathComponent("index.html").path
        let routePrefix = routeFolder.path + "/"
        let stationPrefix = stationFolder.path + "/"
        let templates = self.templates
        // The names a failure is reported with, as when each kind of page had its own loop.
        let names = ["index.html"] + stations.map(\.code) + routes.map(\.key)
        try Self.concurrently(names: names, shouldStop: shouldStop) { job in
            if job == 0 {
                try ReportFiles.write(IndexPage.document(model, templates: templates).renderBytes(), toPath: indexPath)
            } else if job <= stations.count {
                try Self.writeStation(stations[job - 1], model: model, templates: templates, prefix: stationPrefix)
            } else {
                // Each route file reuses its flights' rows of flights.csv (`lines`, by briefing index).
                let (name, indices) = routes[job - 1 - stations.count]
                guard ReportFiles.isSafeRouteName(name) else { throw ReportError.unsafeFileName(name) }
                let flights = indices.map { model.briefings[$0] }
                let page = try RoutePage.document(route: name, flights: flights, model: model, templates: templates)
                try ReportFiles.write(page.renderBytes(), toPath: routePrefix + name + ".html")
                try ReportFiles.write(
                    FlightsCSV.bytes(lines: indices.map { lines[$0] }), toPath: routePrefix + name + ".csv")
            }
        }
        if routes.isEmpty { try ReportFiles.write("", to: routeFolder.appendingPathComponent(".keep")) }
        if stations.isEmpty { try ReportFiles.write("", to: stationFolder.appendingPathComponent(".keep")) }
    }

    /// Station pages alone (`stations/CODE.html`), on all cores.
    func writeStations(
        _ model: ReportModel, into directory: URL, shouldStop: @escaping @Sendable () -> Bool
    ) throws(ReportError) {
        let stations = model.stations
        let templates = self.templates
        try ReportFiles.makeDirectory(directory)
        let prefix = directory.path + "/"
        try Self.concurrently(names: stations.map(\.code), shouldStop: shouldStop) { index in
            try Self.writeStation(stations[index], model: model, templates: templates, prefix: prefix)
        }
        if stations.isEmpty { try ReportFiles.write("", to: directory.appendingPathComponent(".keep")) }
    }

    /// One station page, from `model.stations` (gathered once): it touches only its own
    /// station's flights.
    private static func writeStation(
        _ station: Station, model: ReportModel, templates: ReportTemplates, prefix: String
    ) throws(ReportError) {
        guard ReportFiles.isSafeStationName(station.code) else { throw .unsafeFileName(station.code) }
        do {
            let page = try StationPage.document(station, model: model, templates: templates)
            try ReportFiles.write(page.renderBytes(), toPath: prefix + station.code + ".html")
        } catch let error as ReportError {
            throw error
        } catch {
            throw .page("\(station.code): \(error)")
        }
    }

    /// Runs `body` for each index of `names` (the pages' names, for messages) on all cores; the
    /// first failure (a ``ReportError``, or any other error as ``ReportError/page(_:)`` naming
    /// the page) is thrown once all have ended, and once `shouldStop` answers true the remaining
    /// pages stop with ``ReportError/stopped``.
    private static func concurrently(
        names: [String], shouldStop: @escaping @Sendable () -> Bool, _ body: @Sendable (Int) throws -> Void
    ) throws(ReportError) {
        let failure = Mutex<ReportError?>(nil)
        DispatchQueue.concurrentPerform(iterations: names.count) { index in
            if shouldStop() {
                failure.withLock { if $0 == nil { $0 = .stopped } }
                return
            }
            do {
                try body(index)
            } catch {
                let reportError = (error as? ReportError) ?? .page("\(names[index]): \(error)")
                failure.withLock { if $0 == nil { $0 = reportError } }
            }
        }
        if let error = failure.withLock({ $0 }) { throw error }
    }
}
