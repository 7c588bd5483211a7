public import Foundation

/// Why a byte source gave no (more) bytes.
public enum ByteSourceError: Error, Equatable, CustomStringConvertible, LocalizedError {
    /// The file could not be opened for streaming: missing, no permission, or not a regular
    /// file (a FIFO, a device, a directory, a socket).
    case cannotOpen(reason: String)
    /// The reader was told to stop (a signal arrived) before the end.
    case stopped

    public var description: String {
        switch self {
        case .cannotOpen(let reason): reason
        case .stopped: "reading was stopped before the end"
        }
    }

    public var errorDescription: String? { description }
}
