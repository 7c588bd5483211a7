internal import FleetReports
internal import Foundation

/// `fleetwx run`: plan, fetch, brief, write reports, exit with a code that means something.
struct RunCommand {
    let options: RunOptions
    let environment: AppEnvironment

    /// Runs with SIGINT/SIGTERM trapped for the whole command (see ``RunInterruption``).
    func execute() async throws(AppError) -> Int32 {
        let interruption = RunInterruption()
        let staging = StagingHolder()
        let console = environment.console
        // The first signal stops sending and lets the run publish what it has (which takes a few
        // seconds for a very large schedule); a second one ends the process at once, publishing
        // nothing: the previous report stays, and the ledger is safe at any instant.
        let trap = SignalTrap { number in
            let name = RunInterruption.name(of: number)
            guard interruption.received(number) else {
                console.err(
                    "fleetwx: second \(name): exiting now; nothing more is published (the previous report stays)\n")
                staging.discard()
                _exit(1)
            }
            console.err(
                "\nfleetwx: \(name) received: stopping; no new requests (a second signal exits at once)\n")
        }
        defer { trap.remove() }
        do {
            return try await RunPipeline(
                options: options, environment: environment, interruption: interruption, holder: staging
            ).run()
        } catch {
            // Monitoring must see the failed night too: the exit code and when, nothing else known.
            if let url = options.metricsFile {
                let text = RunMetrics.text(
                    summary: nil, exitCode: error.exitCode, finishedAt: Date(), writeSeconds: nil)
                do throws(ReportError) { try RunMetrics.write(text, to: url) } catch {
                    console.err("fleetwx: warning: metrics file not written: \(error.description)\n")
                }
            }
            throw error
        }
    }
}
