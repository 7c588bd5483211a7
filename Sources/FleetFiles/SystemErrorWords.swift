#if canImport(Glibc)
    internal import Glibc
#endif

/// Plain words for the `errno` values a file opener meets, in one place, so every message
/// about a file (schedule, key, recording, configuration, replay folder) says the same thing
/// the same way and never shows a code or a C library's capitalised text.
public enum SystemErrorWords {
    /// What went wrong, in words a person can act on.
    ///
    /// - Parameter code: An `errno` value from `stat`, `open`, `opendir` or `read`.
    /// - Returns: Lower-case words, without a trailing full stop.
    public static func describe(_ code: Int32) -> String {
        switch code {
        case ENOENT: "no such file"
        case ENOTDIR: "no such file (a part of its path is not a directory)"
        case EACCES, EPERM: "permission denied (check the permissions of the file and of the folders above it)"
        case ELOOP:
            "it is a symbolic link loop (a link that leads back to itself, or a chain of more than 40 links); "
                + "point the link at a real file"
        case EISDIR: "it is a directory"
        case ENAMETOOLONG: "the path is too long (a name over 255 bytes, or a path over 4,096)"
        case EMFILE, ENFILE: "too many files are open (raise the open-file limit, for example with ulimit -n)"
        case ENOSPC: "no space left on the device"
        case EROFS: "the file system is read-only"
        case EIO: "an input/output error (a failing disk or network file system)"
        case ENXIO, ENODEV: "no device behind it"
        case EFBIG, EOVERFLOW: "it is too large to be read"
        case ENOMEM: "out of memory"
        case EBUSY, ETXTBSY: "it is busy"
        case EAGAIN: "it is temporarily unavailable; try again"
        case EINTR: "the read was interrupted"
        case EINVAL: "the path is not usable (an invalid argument)"
        default: plain(String(cString: strerror(code)))
        }
    }

    /// C library text in the lower case of the other words ("Bad file descriptor" → "bad file
    /// descriptor"); never a number.
    private static func plain(_ text: String) -> String {
        guard let first = text.first else { return "an unknown system error" }
        return first.lowercased() + text.dropFirst()
    }
}
