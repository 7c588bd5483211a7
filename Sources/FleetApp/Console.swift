internal import Foundation
internal import Synchronization

/// Where a command's output goes: stdout for what the command was asked to print, stderr for
/// everything meant for people. A protocol so tests capture both.
///
/// It takes ``ConsoleText``, not `String`: data interpolated into a message has its line breaks
/// and bidi controls escaped, so only the program's own text can start a line. Control
/// characters anywhere are escaped on the way out (see ``Swift/String/escapingControls``); only
/// ``redraw(_:)`` emits the two sequences the live progress line needs.
public protocol Console: Sendable {
    /// Writes to standard output.
    func out(_ text: ConsoleText)
    /// Writes to standard error.
    func err(_ text: ConsoleText)
    /// Redraws the live progress line in place (only called when ``errIsTerminal``); the line
    /// is data, so it can break nothing.
    func redraw(_ line: String)
    /// Whether standard error is a terminal (live progress line) or a log (plain lines).
    var errIsTerminal: Bool { get }
}

/// The process's real stdout and stderr.
public struct StandardConsole: Console {
    /// Creates the console.
    public init() {}

    public func out(_ text: ConsoleText) {
        FileHandle.standardOutput.write(Data(text.text.escapingControls.utf8))
    }

    public func err(_ text: ConsoleText) {
        FileHandle.standardError.write(Data(text.text.escapingControls.utf8))
    }

    public func redraw(_ line: String) {
        FileHandle.standardError.write(Data(("\r\u{1B}[K" + line.escapingLineBreaks).utf8))
    }

    public var errIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }
}

/// A console that keeps what is written, for tests.
public final class CapturingConsole: Console {
    private let buffers = Mutex<(out: String, err: String)>(("", ""))

    /// Creates an empty console.
    public init() {}

    public func out(_ text: ConsoleText) { buffers.withLock { $0.out += text.text.escapingControls } }
    public func err(_ text: ConsoleText) { buffers.withLock { $0.err += text.text.escapingControls } }
    public func redraw(_ line: String) { err("\(line)\n") }
    public var errIsTerminal: Bool { false }

    /// Everything written to stdout.
    public var stdout: String { buffers.withLock { $0.out } }
    /// Everything written to stderr.
    public var stderr: String { buffers.withLock { $0.err } }
}
