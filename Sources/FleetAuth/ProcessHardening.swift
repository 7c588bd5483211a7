internal import CProcess

/// Keeps the private key and the tokens out of core files.
///
/// A crash dump holds the whole address space: the key read from the `.p8` file, the OpenSSL
/// key object and every token minted. The process is therefore made non-dumpable and its core
/// file limit set to 0 before it reads anything.
public enum ProcessHardening {
    /// Turns core dumps off for this process and its children: not dumpable, core limit 0
    /// (soft and hard, so nothing started later can raise it again).
    ///
    /// - Returns: Whether both took effect (they fail only in odd sandboxes; the run goes on).
    @discardableResult
    public static func disableCoreDumps() -> Bool { fleetwx_disable_core_dumps() == 0 }

    /// Whether the process could be dumped (a core file, or ptrace by another user).
    public static var isDumpable: Bool { fleetwx_dumpable() != 0 }
}
