public import Foundation

/// The outside world a command sees: environment variables, directories, clock, console.
///
/// Commands read nothing global, so tests run them in-process with a fake clock, a
/// capturing console and temporary directories.
public struct AppEnvironment: Sendable {
    /// Environment variables.
    public var variables: [String: String]
    /// The working directory relative paths are resolved against.
    public var workingDirectory: URL
    /// The running executable (to find templates beside a checkout).
    public var executable: URL
    /// The clock.
    public var now: @Sendable () -> Date
    /// Where output goes.
    public var console: any Console

    /// Creates an environment.
    public init(
        variables: [String: String], workingDirectory: URL, executable: URL, now: @escaping @Sendable () -> Date,
        console: any Console
    ) {
        self.variables = variables
        self.workingDirectory = workingDirectory
        self.executable = executable
        self.now = now
        self.console = console
    }

    /// The real process environment.
    public static func live() -> AppEnvironment {
        let info = ProcessInfo.processInfo
        let executable = URL(fileURLWithPath: CommandLine.arguments.first ?? "fleetwx")
        return AppEnvironment(
            variables: info.environment,
            workingDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true),
            executable: Bundle.main.executableURL ?? executable,
            now: { Date() },
            console: StandardConsole())
    }

    /// A path resolved against the working directory.
    ///
    /// - Parameter path: An absolute or relative path (`~` expanded).
    /// - Returns: The file URL.
    public func resolve(_ path: String) -> URL {
        let expanded = (path as NSString).expandingTildeInPath
        return URL(fileURLWithPath: expanded, relativeTo: workingDirectory).standardizedFileURL
    }
}
