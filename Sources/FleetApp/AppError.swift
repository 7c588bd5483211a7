/// How a command failed; each case carries the exit code the spec gives it.
public enum AppError: Error, Equatable, CustomStringConvertible {
    /// Bad command line (exit 64): the message, then a pointer to `--help`.
    case usage(String)
    /// Nothing usable was written (exit 1): bad configuration, unreadable schedule, missing
    /// column, authorization failure before any data.
    case fatal(String)

    /// The process exit code.
    public var exitCode: Int32 {
        switch self {
        case .usage: 64
        case .fatal: 1
        }
    }

    public var description: String {
        switch self {
        case .usage(let message): "\(message)\nRun 'fleetwx --help' for usage."
        case .fatal(let message): message
        }
    }
}
