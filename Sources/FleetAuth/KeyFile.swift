internal import FleetFiles
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
        let opened: RegularFile.Opened
        do {
            opened = try RegularFile.open(path)
        } catch {
            throw .keyFileUnreadable(path: path, reason: reason(error))
        }
        let descriptor = opened.descriptor
        defer { close(descriptor) }
        guard opened.size <= maximumSize else {
            throw .keyFileUnreadable(path: path, reason: tooLarge("\(opened.size) bytes"))
        }
        guard opened.size > 0 else { throw .keyFileUnreadable(path: path, reason: "the file is empty") }
        // One buffer of the largest size, never grown: a grown array would leave a copy of the
        // key's first bytes in freed memory, where `wipe` cannot reach it.
        var bytes = [UInt8](repeating: 0, count: maximumSize + 1)
        let count: Int
        do {
            count = try RegularFile.fill(&bytes, from: descriptor)
        } catch {
            wipe(&bytes)
            throw .keyFileUnreadable(path: path, reason: "read failed (\(reason(error)))")
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

    private static func tooLarge(_ size: String) -> String {
        "it is \(size), larger than any key file (at most \(maximumSize / 1024) KiB)"
    }

    /// Why the file cannot be read, in the words of key-file messages.
    private static func reason(_ error: RegularFileError) -> String {
        switch error {
        case .cannotOpen where error.isDenied: "permission denied for this user"
        default: error.description
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
        return "key file \(shown) is readable by other users (mode \(octal)); "
            + "chmod 600 \(shown) so only its owner can read the WeatherKit private key"
    }

    /// Overwrites a buffer that held key text, so the PEM does not linger in freed memory.
    static func wipe(_ bytes: inout [UInt8]) {
        for index in bytes.indices { bytes[index] = 0 }
    }
}
