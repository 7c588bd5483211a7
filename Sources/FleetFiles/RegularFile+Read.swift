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
        while true {
            count = try fill(&bytes, from: opened.descriptor, startingAt: count)
            // Full: the file grew since `fstat`; read on, up to one byte past the limit.
            guard count == bytes.count, bytes.count <= limit else { break }
            bytes.append(contentsOf: [UInt8](repeating: 0, count: Swift.min(limit + 1, bytes.count * 2) - count))
        }
        guard count <= limit else { throw .tooLarge(size: count, limit: limit) }
        return Array(bytes[..<count])
    }

    /// Reads from an open descriptor into a caller's buffer until it is full or the file ends
    /// (`EINTR` retried), so a caller that must wipe what it read (a key file) owns the only
    /// copy of the bytes.
    ///
    /// - Parameters:
    ///   - bytes: The buffer; `bytes[start...]` is written.
    ///   - descriptor: The open file.
    ///   - start: Where to write the first byte.
    /// - Returns: The end of what the buffer now holds (`bytes.count` when full).
    /// - Throws: ``RegularFileError/cannotOpen(errno:)`` when `read(2)` fails.
    public static func fill(
        _ bytes: inout [UInt8], from descriptor: Int32, startingAt start: Int = 0
    ) throws(RegularFileError) -> Int {
        var count = start
        while count < bytes.count {
            let got = bytes.withUnsafeMutableBytes { buffer in
                Glibc.read(descriptor, buffer.baseAddress.map { $0 + count }, buffer.count - count)
            }
            if got < 0 && errno == EINTR { continue }
            guard got >= 0 else { throw .cannotOpen(errno: errno) }
            if got == 0 { break }
            count += got
        }
        return count
    }
}
