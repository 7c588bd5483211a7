internal import FleetBriefing
internal import FleetPlan
internal import FleetWeather
public import Foundation

/// `--metrics-file`: the run in the Prometheus text exposition format, for node_exporter's
/// textfile collector (docs/scheduling.md).
///
/// Every metric is a gauge of the last run (the collector re-reads the file at each scrape), and
/// each value is the one `run.json` holds, so a dashboard and the report never disagree. A
/// value `run.json` says is unknown (`null`) is left out rather than written as a number.
public enum RunMetrics {
    /// One metric family: help, and its samples as (labels, value).
    struct Family {
        let name: String
        let help: String
        let samples: [(labels: String, value: String)]
    }

    /// The file's text.
    ///
    /// - Parameters:
    ///   - summary: The run's `run.json`; `nil` for a run that failed before it had one.
    ///   - exitCode: The process's exit code.
    ///   - finishedAt: When the run ended (the summary's `finished_at` when there is one).
    ///   - writeSeconds: How long writing the reports took, when they were written.
    /// - Returns: The exposition text, ending in a newline.
    public static func text(summary: RunSummary?, exitCode: Int32, finishedAt: Date, writeSeconds: Double?) -> String {
        var families = [
            Family(
                name: "fleetwx_run_timestamp_seconds", help: "When the last run finished, Unix time.",
                samples: [("", number(finishedAt.timeIntervalSince1970.rounded()))]),
            Family(
                name: "fleetwx_run_exit_code",
                help: "Exit code of the last run: 0 clean, 2 needs attention, 1 nothing usable written, 64 usage.",
                samples: [("", String(exitCode))]),
        ]
        if let summary { families += Self.families(summary) }
        if let writeSeconds {
            families.append(
                Family(
                    name: "fleetwx_run_write_seconds", help: "Seconds spent writing and publishing the reports.",
                    samples: [("", number(writeSeconds))]))
        }
        return families.map(render).joined()
    }

    private static func families(_ summary: RunSummary) -> [Family] {
        let flights = summary.flights
        let requests = summary.requests
        var families = [
            Family(
                name: "fleetwx_run_flights", help: "Schedule rows of the last run, by what became of them.",
                samples: [
                    ("rows", flights.rows), ("briefed", flights.briefed), ("rejected", flights.rejected),
                    ("without_weather", flights.withoutWeather), ("stale", flights.stale),
                ].map { (#"{kind="\#($0.0)"}"#, String($0.1)) }),
            Family(
                name: "fleetwx_run_flights_by_risk", help: "Briefed flights of the last run, by risk.",
                samples: Risk.allCases.map { (#"{risk="\#($0.rawValue)"}"#, String(summary.risk[$0])) }),
            Family(
                name: "fleetwx_run_requests", help: "WeatherKit requests of the last run, by outcome (retries count).",
                samples: [
                    ("planned", requests.planned), ("sent", requests.sent), ("succeeded", requests.succeeded),
                    ("failed", requests.failed), ("retried", requests.retried),
                    ("skipped_for_quota", requests.skippedForQuota),
                ].map { (#"{outcome="\#($0.0)"}"#, String($0.1)) }),
            Family(
                name: "fleetwx_run_cache_hits", help: "Cells of the last run served wholly from the cache.",
                samples: [("", String(requests.cacheHits))]),
            Family(
                name: "fleetwx_run_cells", help: "Location cells of the last run.",
                samples: [("", String(summary.cells))]),
            Family(
                name: "fleetwx_quota_limit_calls", help: "Calls allowed this UTC month.",
                samples: [("", String(summary.quota.limit))]),
        ]
        if let used = summary.quota.used, let remaining = summary.quota.remaining {
            families += [
                Family(
                    name: "fleetwx_quota_used_calls", help: "Calls recorded this UTC month, the last run included.",
                    samples: [("", String(used))]),
                Family(
                    name: "fleetwx_quota_remaining_calls", help: "Calls left this UTC month.",
                    samples: [("", String(remaining))]),
            ]
        }
        if let timings = summary.timings {
            families.append(
                Family(
                    name: "fleetwx_run_phase_seconds",
                    help: "Wall-clock seconds of the last run's phases (run.json timings).",
                    samples: [
                        ("plan", timings.planSeconds), ("fetch", timings.fetchSeconds), ("brief", timings.briefSeconds),
                    ]
                    .map { (#"{phase="\#($0.0)"}"#, number($0.1)) }))
        }
        families.append(
            Family(
                name: "fleetwx_run_info", help: "The last run's identity and weather source, as labels.",
                samples: [(#"{run_id="\#(label(summary.runID))",source="\#(summary.source.rawValue)"}"#, "1")]))
        return families
    }

    private static func render(_ family: Family) -> String {
        var text = "# HELP \(family.name) \(family.help)\n# TYPE \(family.name) gauge\n"
        for sample in family.samples { text += "\(family.name)\(sample.labels) \(sample.value)\n" }
        return text
    }

    /// A label value escaped as the format requires (backslash, quote, line feed).
    static func label(_ value: String) -> String {
        value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n")
    }

    /// A sample value: up to six decimals, as run.json's timings are written.
    private static func number(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "NaN" : (value < 0 ? "-Inf" : "+Inf") }
        var digits = Fixed.text(value, decimals: 6)
        while digits.contains("."), digits.hasSuffix("0") { digits.removeLast() }
        if digits.hasSuffix(".") { digits.removeLast() }
        return digits
    }

    /// Writes the file whole or not at all: into a temporary file beside it, then renamed over
    /// it, so the collector never reads half a file. Readable by all (0644): the collector
    /// runs as another user.
    ///
    /// - Parameters:
    ///   - text: The exposition text.
    ///   - url: The metrics file.
    /// - Throws: ``ReportError/writeFailed(path:reason:)``.
    public static func write(_ text: String, to url: URL) throws(ReportError) {
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp")
        unlink(temporary.path)
        try ReportFiles.write(text, to: temporary)
        chmod(temporary.path, 0o644)
        guard rename(temporary.path, url.path) == 0 else {
            let code = errno
            unlink(temporary.path)
            throw .writeFailed(path: url.path, reason: String(cString: strerror(code)))
        }
    }
}
