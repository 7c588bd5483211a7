#if canImport(Glibc)
    internal import Glibc
#endif

/// Opening a file named from outside (a schedule, a key file, a recording) for reading, but only
/// when it is a regular file.
///
/// A FIFO without a writer blocks `open(2)` itself, and a device such as `/dev/zero` is read
/// without end, so the path is checked with `stat` first and opened non-blocking, and what was
/// opened is checked again with `fstat` (the path may have been replaced in between). Callers
/// add their own hint to ``RegularFileError/description``.
public enum RegularFile {
    /// An open regular file: its descriptor (blocking, close-on-exec; the caller closes it) and size.
    public struct Opened: Sendable {
        /// The descriptor.
        public let descriptor: Int32
        /// The size in bytes when it was opened.
        public let size: Int
    }

    /// Opens `path` for reading if it is a regular file (links are followed).
    ///
    /// - Parameter path: The file.
    /// - Returns: The descriptor and the size.
    /// - Throws: ``RegularFileError``.
    public static func open(_ path: String) throws(RegularFileError) -> Opened {
        var info = stat()
        guard stat(path, &info) == 0 else { throw .cannotOpen(errno: errno) }
        if let kind = kind(of: info.st_mode) { throw .notRegular(kind: kind) }
        let descriptor = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw .cannotOpen(errno: errno) }
        guard fstat(descriptor, &info) == 0 else {
            let code = errno
            close(descriptor)
            throw .cannotOpen(errno: code)
        }
        if let kind = kind(of: info.st_mode) {
            close(descriptor)
            throw .notRegular(kind: kind)
        }
        // Reads of a regular file never block; the flag only kept open(2) from waiting.
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return Opened(descriptor: descriptor, size: Int(info.st_size))
    }

    /// `nil` for a regular file, else what it is.
    static func kind(of mode: mode_t) -> RegularFileError.Kind? {
        let kind = RegularFileError.Kind(mode: mode)
        return kind == .regularFile ? nil : kind
    }
}
