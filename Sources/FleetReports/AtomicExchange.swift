internal import Foundation

/// Atomically swaps two paths with Linux `renameat2(…, RENAME_EXCHANGE)`.
///
/// Why: replacing a published report with two renames leaves a moment where neither the old
/// nor the new directory exists. glibc (2.28 and later) exports `renameat2`, but the Swift
/// Glibc module does not declare it, and a C shim module next to Foundation clashes with
/// Debian's ICU headers, so the function is looked up once with `dlsym`.
enum AtomicExchange {
    private typealias RenameAt2 =
        @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32)
        -> Int32

    /// `AT_FDCWD` and `RENAME_EXCHANGE` from the Linux headers.
    private static let currentDirectory: Int32 = -100
    private static let exchange: UInt32 = 1 << 1

    private static let renameat2: RenameAt2? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") else { return nil }
        return unsafeBitCast(symbol, to: RenameAt2.self)
    }()

    /// Swaps `first` and `second` (both must exist).
    ///
    /// - Parameters:
    ///   - first: A path.
    ///   - second: Another path.
    /// - Returns: 0 on success, else -1 with `errno` set (`ENOSYS` when unavailable).
    static func swap(_ first: String, _ second: String) -> Int32 {
        guard let renameat2 else {
            errno = ENOSYS
            return -1
        }
        return renameat2(currentDirectory, first, currentDirectory, second, exchange)
    }
}
