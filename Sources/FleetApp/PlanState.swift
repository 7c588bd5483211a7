internal import FleetFetch
internal import FleetPlan
internal import FleetStore
internal import Foundation

extension PlanCommand {
    /// What the state database says about a live run of the plan: cache hits and the month's
    /// quota position, with the same warnings as `quota` (README "State, cache and quota").
    ///
    /// A missing file is said to be missing (a mistyped `--state` must not read as an unused
    /// month), a damaged one is read with a warning, and a ledger that cannot be read leaves the
    /// quota *unknown*, with the reason, rather than shown as untouched.
    ///
    /// - Parameters:
    ///   - plan: The plan.
    ///   - report: Gets `preview`, `pace` or `quotaUnknown`.
    /// - Throws: ``AppError/fatal(_:)`` when the file exists but cannot be opened at all.
    func readState(plan: FetchPlan, into report: inout PlanReport) async throws(AppError) {
        let now = environment.now()
        guard let store = try StateAccess.openExisting(options.state, environment: environment, damaged: .report) else {
            warn(StateAccess.missingWarning(options.state))
            report.pace = QuotaPace(limit: options.monthlyQuota, used: 0, now: now)
            return
        }
        if let damage = StateAccess.damageWarning(store) { warn(damage) }
        let preview = await CachePreview.make(plan: plan, store: store, now: now)
        report.preview = preview
        for warning in preview.warnings.prefix(3) { warn(warning) }
        if preview.warnings.count > 3 {
            warn("and \(preview.warnings.count - 3) more cache lookups failed (each counted as a request to send)")
        }
        do {
            let used = try await store.usage(month: UTCCalendar.month(of: now))
            report.pace = QuotaPace(limit: options.monthlyQuota, used: used, now: now)
        } catch {
            let reason = StateAccess.message(error, location: options.state)
            report.quotaUnknown = "the quota ledger cannot be read: \(reason)"
            warn(StateAccess.quotaUnknownWarning(error, location: options.state))
        }
    }

    private func warn(_ message: String) {
        environment.console.err("fleetwx: warning: \(message)\n")
    }
}
