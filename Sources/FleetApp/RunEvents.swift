internal import FleetBriefing
internal import FleetPlan
internal import FleetReports
internal import Foundation

/// The fields of `--log-format json`'s structured events: the same figures as `run.json`.
enum RunEvents {
    /// `run_finished`: the run's outcome, for a log shipper to alert on without reading files.
    static func finished(_ summary: RunSummary, exitCode: Int32, report: String) -> [String: any Sendable] {
        var fields: [String: any Sendable] = [
            "run_id": summary.runID, "exit_code": Int(exitCode), "source": summary.source.rawValue,
            "report": report, "flights_briefed": summary.flights.briefed, "flights_rejected": summary.flights.rejected,
            "flights_without_weather": summary.flights.withoutWeather, "requests_sent": summary.requests.sent,
            "requests_failed": summary.requests.failed, "requests_retried": summary.requests.retried,
            "cache_hits": summary.requests.cacheHits, "quota_limit": summary.quota.limit,
            "warnings": summary.warnings.count,
        ]
        for risk in Risk.allCases { fields["risk_" + risk.rawValue] = summary.risk[risk] }
        if let format = summary.scheduleFormat {
            fields["schedule_format"] = format.format
            if let legs = format.legs { fields["ssim_legs"] = legs }
            if let dated = format.datedFlights { fields["ssim_dated_flights"] = dated }
        }
        // Unknown stays unknown (null), as in run.json.
        fields["quota_used"] = summary.quota.used.map { $0 as any Sendable } ?? NSNull()
        fields["quota_remaining"] = summary.quota.remaining.map { $0 as any Sendable } ?? NSNull()
        return fields
    }
}
