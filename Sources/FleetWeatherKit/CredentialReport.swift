/// The outcome of `fleetwx check-credentials`: steps with pass/warn/fail lines in plain words.
public struct CredentialReport: Sendable, Equatable, CustomStringConvertible {
    /// One checked step.
    public struct Step: Sendable, Equatable {
        /// How a step came out.
        public enum Status: String, Sendable, Equatable {
            case pass = "PASS"
            case warn = "WARN"
            case fail = "FAIL"
        }

        /// What was checked, e.g. "Key file".
        public var title: String
        public var status: Status
        /// The finding, one sentence.
        public var summary: String
        /// Further lines: advice, what to check.
        public var details: [String]

        /// Creates a step.
        public init(title: String, status: Status, summary: String, details: [String] = []) {
            self.title = title
            self.status = status
            self.summary = summary
            self.details = details
        }
    }

    /// The steps, in the order they ran; a failure ends the check.
    public var steps: [Step]
    /// The data sets the availability call listed, when it succeeded.
    public var availableDataSets: [String]?
    /// Whether the availability call was made (it counts against the quota).
    public var callMade = false
    /// The call's HTTP status, when an answer came back.
    public var callStatus: Int?

    /// Creates a report.
    public init(steps: [Step] = [], availableDataSets: [String]? = nil) {
        self.steps = steps
        self.availableDataSets = availableDataSets
    }

    /// True when no step failed (warnings allowed): the CLI exits 0.
    public var passed: Bool { !steps.contains { $0.status == .fail } }

    /// The report's lines, `PASS  Title: summary` with details indented below, then the
    /// verdict (a list, so a console can print each as data on a line of its own).
    public var lines: [String] {
        var lines: [String] = []
        for step in steps {
            lines.append("\(step.status.rawValue)  \(step.title): \(step.summary)")
            lines += step.details.map { "      \($0)" }
        }
        lines.append(passed ? "Credentials work." : "Credentials do not work yet; fix the FAIL lines above.")
        return lines
    }

    /// The report as text, one line per entry of ``lines``.
    public var description: String { lines.joined(separator: "\n") }
}
