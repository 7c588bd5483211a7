internal import Foundation

/// Reading a private key file, with errors that say which of the usual mistakes happened.
enum KeyFile {
    /// Larger than any PEM private key; a bigger file is certainly the wrong file.
    static let maximumSize = 64 * 1024

    /// Reads the whole file.
    ///
    /// - Parameter path: The key file path.
    /// - Returns: The bytes; the caller wipes them once parsed.
    /// - Throws: ``AuthError/keyFileUnreadable(path:reason:)``.
    static func read(path: String) throws(AuthError) -> [UInt8] {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .keyFileUnreadable(path: path, reason: "no such file")
        }
        guard !isDirectory.boolValue else { throw .keyFileUnreadable(path: path, reason: "it is a directory") }
        guard manager.isReadableFile(atPath: path) else {
            throw .keyFileUnreadable(path: path, reason: "permission denied for this user")
        }
        var data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .keyFileUnreadable(path: path, reason: "read failed (\(type(of: error)))")
        }
        defer { data.resetBytes(in: 0..<data.count) }
        guard data.count <= maximumSize else {
            throw .keyFileUnreadable(path: path, reason: "\(data.count) bytes is far too large for a key file")
        }
        guard !data.isEmpty else { throw .keyFileUnreadable(path: path, reason: "the file is empty") }
        return Array(data)
    }

    /// A warning when group or other users may read the key file, else `nil`.
    ///
    /// Not an error: the run still works, but anyone who can read the file can mint tokens
    /// against the account's quota.
    ///
    /// - Parameter path: The key file path.
    /// - Returns: The warning text (names the file and the fix; never its contents).
    static func permissionWarning(path: String) -> String? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            let mode = (attributes[.posixPermissions] as? NSNumber)?.intValue
        else { return nil }
        guard mode & 0o044 != 0 else { return nil }
        let octal = String(mode & 0o777, radix: 8)
        return "warning: key file \(path) is readable by other users (mode \(octal)); "
            + "chmod 600 \(path) so only its owner can read the WeatherKit private key"
    }

    /// Overwrites a buffer that held key text, so the PEM does not linger in freed memory.
    static func wipe(_ bytes: inout [UInt8]) {
        for index in bytes.indices { bytes[index] = 0 }
    }
}
