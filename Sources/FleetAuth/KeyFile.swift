internal import Foundation

#if canImport(Glibc)
    internal import Glibc
#endif

/// Reading a private key file, with errors that say which of the usual mistakes happened.
enum KeyFile {
    /// Larger than any PEM private key; a bigger file is certainly the wrong file.
    static let maximumSize = 64 * 1024

    /// Reads the whole file.
    ///
    /// The path is judged before anything is read: key text instead of a path is named as such
    /// (and never repeated), and only a regular file of at most ``maximumSize`` bytes is
    /// opened, so a FIFO cannot block `open(2)` and `/dev/zero` is not read without end.
    ///
    /// - Parameter path: The key file path.
    /// - Returns: The bytes; the caller wipes them once parsed.
    /// - Throws: ``AuthError/keyFileHoldsKeyText`` or ``AuthError/keyFileUnreadable(path:reason:)``.
    static func read(path: String) throws(AuthError) -> [UInt8] {
        if KeyPath.looksLikeKeyText(path) { throw .keyFileHoldsKeyText }
        var info = stat()
        guard stat(path, &info) == 0 else { throw .keyFileUnreadable(path: path, reason: reason(errno)) }
        try check(info, path: path)
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw .keyFileUnreadable(path: path, reason: reason(errno)) }
        defer { close(descriptor) }
        // The path could have been replaced between stat and open: judge what was opened.
        guard fstat(descriptor, &info) == 0 else { throw .keyFileUnreadable(path: path, reason: reason(errno)) }
        try check(info, path: path)
        var bytes = [UInt8](repeating: 0, count: maximumSize + 1)
        var count = 0
        while count < bytes.count {
            let got = bytes.withUnsafeMutableBytes { buffer in
                Glibc.read(descriptor, buffer.baseAddress.map { $0 + count }, buffer.count - count)
            }
            if got < 0 && errno == EINTR { continue }
            guard got >= 0 else {
                let failure = reason(errno)
                wipe(&bytes)
                throw .keyFileUnreadable(path: path, reason: "read failed (\(failure))")
            }
            if got == 0 { break }
            count += got
        }
        guard count <= maximumSize else {
            wipe(&bytes)
            throw .keyFileUnreadable(path: path, reason: tooLarge("more than \(maximumSize) bytes"))
        }
        guard count > 0 else { throw .keyFileUnreadable(path: path, reason: "the file is empty") }
        let result = Array(bytes[..<count])
        wipe(&bytes)
        return result
    }

    /// Refuses anything but a regular file of a key's size.
    private static func check(_ info: stat, path: String) throws(AuthError) {
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .keyFileUnreadable(path: path, reason: "it is a directory")
        case S_IFIFO: throw .keyFileUnreadable(path: path, reason: "it is not a regular file (a FIFO)")
        case S_IFCHR: throw .keyFileUnreadable(path: path, reason: "it is not a regular file (a character device)")
        case S_IFBLK: throw .keyFileUnreadable(path: path, reason: "it is not a regular file (a block device)")
        case S_IFSOCK: throw .keyFileUnreadable(path: path, reason: "it is not a regular file (a socket)")
        default: throw .keyFileUnreadable(path: path, reason: "it is not a regular file")
        }
        guard info.st_size <= maximumSize else {
            throw .keyFileUnreadable(path: path, reason: tooLarge("\(info.st_size) bytes"))
        }
        guard info.st_size > 0 else { throw .keyFileUnreadable(path: path, reason: "the file is empty") }
    }

    private static func tooLarge(_ size: String) -> String {
        "it is \(size), larger than any key file (at most \(maximumSize / 1024) KiB)"
    }

    /// The usual reasons in plain words, else the system's.
    private static func reason(_ code: Int32) -> String {
        switch code {
        case ENOENT, ENOTDIR: "no such file"
        case EACCES, EPERM: "permission denied for this user"
        default: String(cString: strerror(code))
        }
    }

    /// A warning when group or other users may read the key file, else `nil`.
    ///
    /// Not an error: the run still works, but anyone who can read the file can mint tokens
    /// against the account's quota. The mode is that of the file a link points to (`stat`, not
    /// `lstat`): a symbolic link's own mode is always 777 and says nothing about the key.
    ///
    /// - Parameter path: The key file path.
    /// - Returns: The warning text (names the file and the fix; never its contents).
    static func permissionWarning(path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let mode = Int(info.st_mode & 0o777)
        guard mode & 0o044 != 0 else { return nil }
        let octal = String(mode, radix: 8)
        let shown = KeyPath.display(path)
        return "warning: key file \(shown) is readable by other users (mode \(octal)); "
            + "chmod 600 \(shown) so only its owner can read the WeatherKit private key"
    }

    /// Overwrites a buffer that held key text, so the PEM does not linger in freed memory.
    static func wipe(_ bytes: inout [UInt8]) {
        for index in bytes.indices { bytes[index] = 0 }
    }
}
