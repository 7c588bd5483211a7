internal import Foundation

#if canImport(Glibc)
    internal import Glibc
#endif

/// The process that reserved a ledger row, told apart from any later process with the same
/// number: the host, the kernel's boot id, the pid and the pid's start time in clock ticks since
/// boot (field 22 of `/proc/PID/stat`). A process killed with `kill -9` cannot record how its
/// requests ended; this is what lets the next run see that it is gone and settle its rows.
public struct ProcessOwner: Sendable, Equatable {
    /// The host name (`gethostname`).
    public var host: String
    /// `/proc/sys/kernel/random/boot_id`: a new value after each reboot.
    public var bootID: String
    /// The process id.
    public var pid: Int32
    /// When the process started, in clock ticks after boot.
    public var startTicks: UInt64

    /// Creates an owner.
    public init(host: String, bootID: String, pid: Int32, startTicks: UInt64) {
        self.host = host
        self.bootID = bootID
        self.pid = pid
        self.startTicks = startTicks
    }

    /// The form stored in `ledger.owner`: `host|boot id|pid|start ticks`.
    public var text: String { "\(host)|\(bootID)|\(pid)|\(startTicks)" }

    /// Reads the stored form back; `nil` for text this build did not write.
    ///
    /// - Parameter text: A value of `ledger.owner`.
    public init?(text: String) {
        let parts = text.split(separator: "|", omittingEmptySubsequences: false)
        guard parts.count == 4, let pid = Int32(parts[2]), let ticks = UInt64(parts[3]) else { return nil }
        self.init(host: String(parts[0]), bootID: String(parts[1]), pid: pid, startTicks: ticks)
    }
}

/// Whether a process that reserved ledger rows still runs.
public enum ProcessLiveness: Sendable, Equatable {
    /// It still runs: its rows may complete.
    case alive
    /// It is gone: its pending rows will never be completed.
    case dead
    /// This machine cannot tell (another host).
    case unknown
}

/// Looks up processes: the seam between the ledger and the operating system, so tests can say
/// which owners are dead without killing anything.
public protocol ProcessTable: Sendable {
    /// The calling process, or `nil` when it cannot be identified.
    var current: ProcessOwner? { get }
    /// Whether `owner` still runs.
    func liveness(of owner: ProcessOwner) -> ProcessLiveness
}

/// The live ``ProcessTable``, read from Linux's `/proc`.
public struct LinuxProcessTable: ProcessTable {
    public let current: ProcessOwner?

    /// Identifies the calling process once.
    public init() {
        let pid = getpid()
        if let boot = Self.bootID(), let ticks = Self.startTicks(of: pid) {
            current = ProcessOwner(host: Self.hostName(), bootID: boot, pid: pid, startTicks: ticks)
        } else {
            current = nil
        }
    }

    public func liveness(of owner: ProcessOwner) -> ProcessLiveness {
        guard let current, owner.host == current.host else { return .unknown }
        // Same host, another boot: every process of that boot is gone.
        guard owner.bootID == current.bootID else { return .dead }
        // No such pid, or the pid now belongs to a process started at another time.
        guard let ticks = Self.startTicks(of: owner.pid), ticks == owner.startTicks else { return .dead }
        return .alive
    }

    static func bootID() -> String? {
        guard let text = try? String(contentsOfFile: "/proc/sys/kernel/random/boot_id", encoding: .utf8) else {
            return nil
        }
        let id = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return id.isEmpty ? nil : id
    }

    /// Field 22 of `/proc/PID/stat`. The second field (the command name, in parentheses) may
    /// hold spaces and parentheses, so fields are counted after its last `)`.
    static func startTicks(of pid: Int32) -> UInt64? {
        guard pid > 0, let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // After the name: state is field 3, so start time (field 22) is the 20th.
        guard fields.count >= 20 else { return nil }
        return UInt64(fields[19])
    }

    static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "localhost" }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.replacingOccurrences(of: "|", with: "_")
    }
}
