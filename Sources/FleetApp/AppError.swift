/// How a command failed; each case carries the exit code docs/contract.md §2.3 gives it.
public enum AppError: Error, Equatable, CustomStringConvertible {
    /// Bad command line (exit 64): the message, then a pointer to `--help`.
    case usage(String)
    /// Nothing usable was written (exit 1): bad configuration, unreadable schedule, missing
    /// column, authorization failure before any data. `details` are further lines (advice,
    /// reasons), printed indented under the message.
    case fatal(String, details: [String] = [])

    /// The process exit code.
    public var exitCode: Int32 {
        switch self {
        case .usage: 64
        case .fatal: 1
        }
    }

    /// The message's lines: the first names the error, the others explain. Each is printed as
    /// data (``ConsoleText/lines(_:)``), so text quoted in one cannot start a line of its own.
    public var lines: [String] {
        switch self {
        case .usage(let message): [message, "Run 'fleetwx --help' for usage."]
        case .fatal(let message, let details): [message] + details.map { "  " + $0 }
        }
    }

    public var description: String { lines.joined(separator: "\n") }
}
