internal import FleetReports
internal import Foundation
internal import Synchronization

/// The run's staging folder, where the signal handler can find it: a second SIGINT/SIGTERM
/// exits at once, and removes the folder first rather than leave it to the next run's
/// clean-up of stale staging folders.
final class StagingHolder: Sendable {
    private let current = Mutex<ReportStaging?>(nil)

    /// Remembers the run's staging folder.
    func hold(_ staging: ReportStaging) { current.withLock { $0 = staging } }

    /// Removes the folder unless it was published.
    func discard() { current.withLock { $0 }?.discard() }
}

extension RunPipeline {
    /// Creates the report's staging folder beside `out` (removing stale ones, with a note) and
    /// `rejects.csv` in it.
    ///
    /// - Parameters:
    ///   - out: The report directory.
    ///   - holder: Where the signal handler finds the folder.
    /// - Returns: The folder and the rejects file.
    /// - Throws: ``AppError/fatal(_:details:)`` when either cannot be made (exit 1).
    func stage(_ out: URL, holder: StagingHolder) throws(AppError) -> (ReportStaging, RejectsFile) {
        let staging: ReportStaging
        do {
            let made = try ReportStaging.create(for: out, now: Date())
            staging = made.staging
            if !made.removed.isEmpty { environment.console.err("fleetwx: \(Self.staleNote(made.removed, out: out))\n") }
        } catch {
            throw .fatal(error.description)
        }
        holder.hold(staging)
        do {
            return (staging, try RejectsFile(in: staging))
        } catch {
            staging.discard()
            throw .fatal(error.description)
        }
    }

    /// One line naming the stale staging folders removed (the first three).
    static func staleNote(_ names: [String], out: URL) -> String {
        let parent = out.deletingLastPathComponent().path
        let shown = names.prefix(3).joined(separator: ", ") + (names.count > 3 ? " and \(names.count - 3) more" : "")
        let noun = names.count == 1 ? "a staging folder" : "\(names.count) staging folders"
        return "removed \(noun) in \(parent) left by a run that ended before publishing (killed or crashed): \(shown)"
    }
}
