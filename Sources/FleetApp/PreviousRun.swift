internal import FleetBriefing
internal import FleetFiles
internal import FleetReports
internal import FleetStore
internal import Foundation

/// The run a new run is compared with for "Changes since the previous run": the latest earlier
/// run that finished with a report (exit code 0 or 2), of the same ``RunSource`` (a replayed
/// recording is not compared with live weather, nor the reverse).
///
/// It is read from the state database's history and turned into types as soon as it is read:
/// the stored `run.json` through ``StoredSummary``, each flight's stored risk into a ``Risk``.
/// What cannot be read is a warning (``Lookup/warnings``), never a silent "no previous run".
struct PreviousRun: Sendable, Equatable {
    /// When it started.
    let startedAt: Date
    /// Its flights.
    let flights: [Flight]

    /// One flight of the previous run, as compared with this run's briefing.
    struct Flight: Sendable, Equatable {
        /// ``RunHistory/key(_:)``: number, origin and departure instant.
        let key: String
        /// Its risk then.
        let risk: Risk
        /// ``RunHistory/alertIDs(_:)`` then.
        let alertIDs: [String]
    }

    /// What a look-up found, with the state problems it met on the way.
    struct Lookup: Sendable, Equatable {
        /// The run to compare with, if one was found and could be read.
        var run: PreviousRun?
        /// Each for stderr and `run.json`'s `warnings`: why no comparison is shown, or why it is
        /// with an older run or without some flights.
        var warnings: [String] = []
    }

    /// How many of the latest runs are searched for one of the same source.
    static let searchedRuns = 50

    /// What every warning of a look-up that gives up says it means for the user.
    static let notShown = "changes since the previous run are not shown"

    /// Finds the run to compare with.
    ///
    /// - Parameters:
    ///   - runID: This run, which is skipped.
    ///   - source: This run's source.
    ///   - store: The state database.
    /// - Returns: The run, if any, and a warning for each state problem met.
    static func find(before runID: String, source: RunSource, in store: StateStore) async -> Lookup {
        let runs: [RunRecord]
        do {
            runs = try await store.recentRuns(limit: searchedRuns)
        } catch {
            return Lookup(
                warnings: [
                    "the previous run could not be read from the history (\(StateAccess.message(error, path: store.path))); "
                        + notShown
                ])
        }
        var lookup = Lookup()
        for run in runs where run.id != runID && run.isFinished && run.exitCode != 1 {
            let stored: StoredSummary
            do {
                stored = try StoredSummary.read(
                    run, path: store.path, consequence: "that run is not compared with this one")
            } catch {
                lookup.warnings.append(error.description)
                continue
            }
            guard stored.source == source else { continue }
            let outcomes: [FlightOutcome]
            do {
                outcomes = try await store.flightOutcomes(runID: run.id)
            } catch {
                lookup.warnings.append(
                    "the flights of the previous run \(run.id.bounded) could not be read from the history "
                        + "(\(StateAccess.message(error, path: store.path))); " + notShown)
                return lookup
            }
            guard !outcomes.isEmpty else { return lookup }
            let typed = Self.flights(outcomes)
            if let warning = unknownRiskWarning(typed.unknown, runID: run.id, path: store.path) {
                lookup.warnings.append(warning)
            }
            lookup.run = PreviousRun(startedAt: run.startedAt, flights: typed.flights)
            return lookup
        }
        return lookup
    }

    /// The stored flights with their risks typed, and the risk texts no ``Risk`` has (a row
    /// changed by hand, or written by a newer build), which are left out rather than guessed.
    ///
    /// - Parameter outcomes: The rows as stored.
    /// - Returns: The flights that could be read, and each unknown risk text with its count.
    static func flights(_ outcomes: [FlightOutcome]) -> (flights: [Flight], unknown: [String: Int]) {
        var flights: [Flight] = []
        var unknown: [String: Int] = [:]
        for outcome in outcomes {
            guard let risk = Risk(rawValue: outcome.risk) else {
                unknown[outcome.risk, default: 0] += 1
                continue
            }
            flights.append(Flight(key: outcome.flightKey, risk: risk, alertIDs: outcome.alertIDs))
        }
        return (flights, unknown)
    }

    /// The warning for stored flights whose risk this build does not know.
    static func unknownRiskWarning(_ unknown: [String: Int], runID: String, path: String) -> String? {
        guard !unknown.isEmpty else { return nil }
        let count = unknown.values.reduce(0, +)
        let values = unknown.keys.sorted().prefix(3).map { "'\($0.bounded)'" }.joined(separator: ", ")
        let known = Risk.allCases.map(\.rawValue).joined(separator: ", ")
        return "\(count) flight(s) of the previous run \(runID.bounded) in the state database \(path.bounded) have "
            + "a risk this build does not know (\(values); known: \(known)); they are left out of the changes "
            + "since the previous run, where they count as new"
    }
}

extension RunPipeline {
    /// The run to compare this one with, its warnings said on stderr as they are met (the
    /// summary lists them in `run.json` too).
    func previousRun(store: StateStore, runID: String) async -> PreviousRun.Lookup {
        let lookup = await PreviousRun.find(before: runID, source: options.source, in: store)
        for warning in lookup.warnings { environment.console.err("fleetwx: warning: \(warning)\n") }
        return lookup
    }
}
