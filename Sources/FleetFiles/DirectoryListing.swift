#if canImport(Glibc)
    internal import Glibc
#endif

/// The names in a folder named from outside (`--replay DIR`), with failures as `errno`
/// values worded by ``SystemErrorWords``: `FileManager` reports a file given for a folder, or
/// a symbolic link loop, as "NSCocoaErrorDomain error 256", which tells a person nothing.
public enum DirectoryListing {
    /// The names of the folder's entries (without `.` and `..`), unsorted.
    ///
    /// - Parameter path: The folder (links are followed).
    /// - Returns: The names.
    /// - Throws: ``RegularFileError/notDirectory(kind:)`` when it is something else, or
    ///   ``RegularFileError/cannotOpen(errno:)``.
    public static func names(_ path: String) throws(RegularFileError) -> [String] {
        var info = stat()
        guard stat(path, &info) == 0 else { throw .cannotOpen(errno: errno) }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw .notDirectory(kind: .init(mode: info.st_mode)) }
        guard let directory = opendir(path) else { throw .cannotOpen(errno: errno) }
        defer { closedir(directory) }
        var names: [String] = []
        while true {
            errno = 0
            guard let entry = readdir(directory) else {
                if errno != 0 { throw .cannotOpen(errno: errno) }
                return names
            }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
    }
}
