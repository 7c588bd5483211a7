#if canImport(Glibc)
    internal import Glibc
#endif

extension RegularFile {
    /// The whole of a small regular file (a recording, a threshold file), read with `read(2)`
    /// so a failure is an `errno` worded by ``SystemErrorWords``, not a Foundation error whose
    /// text is a domain and a code.
    ///
    /// - Parameters:
    ///   - path: The file (links are followed).
    ///   - limit: The most bytes read; a larger file is refused before it is read, and one
    ///     that grew past it while being read is refused too.
    /// - Returns: The bytes.
    /// - Throws: ``RegularFileError``.
    public static func read(_ path: String, limit: Int) throws(RegularFileError) -> [UInt8] {
        let opened = try open(path)
        defer { close(opened.descriptor) }
        guard opened.size <= limit else { throw .tooLarge(size: opened.size, limit: limit) }
        var bytes = [UInt8](repeating: 0, count: Swift.min(limit, opened.size) + 1)
        var count = 0
        while count < bytes.count {
            let got = bytes.withUnsafeMutableBytes { buffer in
                Glibc.read(opened.descriptor, buffer.baseAddress.map { $0 + count }, buffer.count - count)
            }
            if got < 0 && errno == EINTR { continue }
            guard got >= 0 else { throw .cannotOpen(errno: errno) }
            if got == 0 { break }
            count += got
            if count == bytes.count, bytes.count <= limit {
                bytes.append(contentsOf: [UInt8](repeating: 0, count: Swift.min(limit + 1, bytes.count * 2) - count))
            }
        }
        guard count <= limit else { throw .tooLarge(size: count, limit: limit) }
        return Array(bytes[..<count])
    }
}
