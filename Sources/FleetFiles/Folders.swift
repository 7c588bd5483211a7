#if canImport(Glibc)
    internal import Glibc
#endif

/// Creating a folder and the missing folders above it (`mkdir -p`), in one place for the state
/// file's folder, the parents of `--out` and `--record`.
///
/// `FileManager.createDirectory` reports a file in the way as "NSCocoaErrorDomain error 256"
/// or with no reason at all; this walks the path from the top with `stat` and `mkdir(2)`, so a
/// failure names the part of the path that is wrong (a file where a folder should be, a folder
/// this user may not write) and the system's answer in words, and a failure creates nothing.
public enum Folders {
    /// Creates `path` and its missing parents; nothing when it is already a folder (links are
    /// followed).
    ///
    /// - Parameters:
    ///   - path: The folder.
    ///   - permissions: The mode of the folders made (the process's umask applies).
    /// - Throws: ``RegularFileError/notDirectory(kind:)`` when `path` itself is something else,
    ///   ``RegularFileError/partNotFolder(part:kind:)`` when a folder above it is, and
    ///   ``RegularFileError/cannotCreate(part:errno:)`` when `stat` or `mkdir` fails.
    public static func create(_ path: String, permissions: UInt32 = 0o777) throws(RegularFileError) {
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { return }
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        var prefix = path.hasPrefix("/") ? "/" : ""
        for (index, component) in parts.enumerated() {
            prefix += (prefix.isEmpty || prefix == "/" ? "" : "/") + component
            let part = index == parts.count - 1 ? nil : prefix
            try make(prefix, part: part, permissions: mode_t(permissions))
        }
    }

    /// Makes one folder of the path unless it is one already; `part` names it in the error
    /// (`nil`: the folder asked for).
    private static func make(_ path: String, part: String?, permissions: mode_t) throws(RegularFileError) {
        var info = stat()
        if stat(path, &info) != 0 {
            guard errno == ENOENT else { throw .cannotCreate(part: part, errno: errno) }
            if mkdir(path, permissions) == 0 { return }
            // Another process may have made it meanwhile: then it is judged as found.
            guard errno == EEXIST, stat(path, &info) == 0 else { throw .cannotCreate(part: part, errno: errno) }
        }
        guard info.st_mode & S_IFMT != S_IFDIR else { return }
        let kind = RegularFileError.Kind(mode: info.st_mode)
        guard let part else { throw .notDirectory(kind: kind) }
        throw .partNotFolder(part: part, kind: kind)
    }
}
