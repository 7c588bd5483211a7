import FleetReports
import Foundation

/// Writing a whole report from a model in one call, for tests: a run stages first and writes
/// `rejects.csv` row by row as it reads the schedule (`ReportWriter.write(_:staging:…)`).
///
/// Test-side because it can only write the rejects the model keeps (``ReportModel/rejects``, at
/// most the first 50), not every rejected row as a run does: in the module it would be a public
/// way to write a `rejects.csv` that silently lacks rows.
extension ReportWriter {
    /// Checks the destination, stages, writes the model's kept rejects, then the other files,
    /// and publishes.
    ///
    /// - Parameters:
    ///   - model: What to report.
    ///   - destination: The report directory.
    ///   - updateLatest: Whether to repoint `latest` beside it.
    ///   - shouldStop: As for `write(_:staging:updateLatest:shouldStop:)`.
    func write(
        _ model: ReportModel, to destination: URL, updateLatest: Bool = true,
        shouldStop: @escaping @Sendable () -> Bool = { false }
    ) throws(ReportError) {
        try Self.checkDestination(destination)
        let staging = try ReportStaging.create(for: destination).staging
        do throws(ReportError) {
            let rejects = try RejectsFile(in: staging)
            for row in model.rejects { rejects.add(row) }
            try rejects.close()
        } catch {
            staging.discard()
            throw error
        }
        try write(model, staging: staging, updateLatest: updateLatest, shouldStop: shouldStop)
    }
}
