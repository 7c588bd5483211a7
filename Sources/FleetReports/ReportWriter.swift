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
    /// - Parameters:
    ///   - model: What to report.
    ///   - directory: The staging directory.
    ///   - shouldStop: Asked before the index and each route and station page; true stops with
    ///     ``ReportError/stopped``.
    /// - Throws: ``ReportError``.
    func writeFiles(
        _ model: ReportModel, into directory: URL, shouldStop: @escaping @Sendable () -> Bool = { false }
    ) throws(ReportError) {
        let lines = model.briefings.map { FlightsCSV.line($0, attributionURL: model.attributionURL) }
        try ReportFiles.write("fleetwx report\n", to: directory.appendingPathComponent(ReportFiles.marker))
        try ReportFiles.write(FlightsCSV.render(lines: lines), to: directory.appendingPathComponent("flights.csv"))
        do {
            let json = try model.summary.json()
            try json.write(to: directory.appendingPathComponent("run.json"))
        } catch {
            throw .writeFailed(path: directory.appendingPathComponent("run.json").path, reason: "\(error)")
        }
        if shouldStop() { throw .stopped }
        do {
            try ReportFiles.write(
                IndexPage.render(model, templates: templates), to: directory.appendingPathComponent("index.html"))
        } catch let error as ReportError {
            throw error
        } catch {
            throw .page("index.html: \(error)")
        }
        try writeRoutes(
            model, csvLines: lines, into: directory.appendingPathComponent("routes"), shouldStop: shouldStop)
        try writeStations(model, into: directory.appendingPathComponent("stations"), shouldStop: shouldStop)
    }

    /// Route pages and CSVs, rendered on all cores (one libxml2 document per page); each
    /// route file reuses its flights' rows of `flights.csv` (`csvLines`, by briefing index).
    private func writeRoutes(
        _ model: ReportModel, csvLines: [String], into directory: URL, shouldStop: @escaping @Sendable () -> Bool
    ) throws(ReportError) {
        let routes = Dictionary(grouping: model.briefings.indices) { model.briefings[$0].flight.route }
            .sorted { $0.key < $1.key }
        let templates = self.templates
        try ReportFiles.makeDirectory(directory)
        let folder = directory.path + "/"
        try Self.concurrently(names: routes.map(\.key), shouldStop: shouldStop) { index in
            let (name, indices) = routes[index]
            let flights = indices.map { model.briefings[$0] }
            guard ReportFiles.isSafeRouteName(name) else { throw ReportError.unsafeFileName(name) }
            let page = try RoutePage.document(route: name, flights: flights, model: model, templates: templates)
            try ReportFiles.write(page.renderBytes(), toPath: folder + name + ".html")
            let csv = FlightsCSV.render(lines: indices.map { csvLines[$0] })
            try ReportFiles.write(Array(csv.utf8), toPath: folder + name + ".csv")
        }
        if routes.isEmpty {
            try ReportFiles.write("", to: directory.appendingPathComponent(".keep"))
        }
    }

    /// Station pages (`stations/CODE.html`), rendered on all cores as the route pages are, from
    /// `model.stations` (gathered once): each page touches only its own station's flights.
    func writeStations(
        _ model: ReportModel, into directory: URL, shouldStop: @escaping @Sendable () -> Bool
    ) throws(ReportError) {
        let stations = model.stations
        let templates = self.templates
        try ReportFiles.makeDirectory(directory)
        let folder = directory.path + "/"
        try Self.concurrently(names: stations.map(\.code), shouldStop: shouldStop) { index in
            let station = stations[index]
            guard ReportFiles.isSafeStationName(station.code) else { throw ReportError.unsafeFileName(station.code) }
            let page = try StationPage.document(station, model: model, templates: templates)
            try ReportFiles.write(page.renderBytes(), toPath: folder + station.code + ".html")
        }
        if stations.isEmpty {
            try ReportFiles.write("", to: directory.appendingPathComponent(".keep"))
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
