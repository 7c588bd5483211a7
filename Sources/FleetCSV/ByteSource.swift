public import Foundation

#if canImport(Glibc)
    internal import Glibc
#endif

/// Where the reader gets its bytes from, a chunk at a time.
///
/// A protocol so tests can feed tiny chunks (to exercise records that straddle chunk
/// boundaries) while the live reader streams a file without loading it whole.
public protocol ByteSource {
    /// The next chunk, or `nil` at the end of the input.
    ///
    /// - Throws: An I/O error from the underlying file.
    mutating func nextChunk() throws -> [UInt8]?
}

/// Streams a regular file in fixed-size chunks.
///
/// Anything else is refused before it is read, by its type: a FIFO with no writer blocks
/// `open(2)` for ever, `/dev/zero` never ends, and neither is a CSV file anyone meant. The path
/// is checked with `stat(2)` (following links) before it is opened, and the opened descriptor
/// again (in case the path was swapped in between); the open itself never blocks.
public struct FileByteSource: ByteSource {
    private let handle: FileHandle
    private let chunkSize: Int
    /// Set once the end was read and the file closed: asked again, the source still answers
    /// `nil` (the end), never a read on a closed handle.
    private var ended = false

    /// Opens a regular file for streaming.
    ///
    /// - Parameters:
    ///   - url: The file to read.
    ///   - chunkSize: Bytes per read.
    /// - Throws: ``ByteSourceError/cannotOpen(reason:)`` (missing, no permission, not a
    ///   regular file).
    public init(url: URL, chunkSize: Int = 64 * 1024) throws(ByteSourceError) {
        var info = stat()
        guard stat(url.path, &info) == 0 else { throw .cannotOpen(reason: Self.reason(errno)) }
        if let kind = FileKind.nonRegular(info.st_mode) {
            throw .cannotOpen(reason: FileKind.refusal(kind))
        }
        let descriptor = open(url.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw .cannotOpen(reason: Self.reason(errno)) }
        guard fstat(descriptor, &info) == 0, FileKind.nonRegular(info.st_mode) == nil else {
            close(descriptor)
            throw .cannotOpen(reason: "it is not a regular file")
        }
        // Reads of a regular file never block; the flag only kept open(2) from waiting.
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        self.handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        self.chunkSize = max(1, chunkSize)
    }

    public mutating func nextChunk() throws -> [UInt8]? {
        guard !ended else { return nil }
        guard let data = try handle.read(upToCount: chunkSize), !data.isEmpty else {
            try? handle.close()
            ended = true
            return nil
        }
        return [UInt8](data)
    }

    /// The usual reasons in plain words, else the system's.
    private static func reason(_ code: Int32) -> String {
        switch code {
        case ENOENT, ENOTDIR: "no such file"
        case EACCES, EPERM: "permission denied"
        default: String(cString: strerror(code))
        }
    }
}

/// Names the kinds of file that are not regular files, for messages.
enum FileKind {
    /// `nil` for a regular file, else what it is ("a FIFO", "a directory", …).
    static func nonRegular(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: "a directory"
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        default: "not a plain file"
        }
    }

    /// Why a file of that kind is not read.
    static func refusal(_ kind: String) -> String {
        kind == "a directory" ? "it is a directory, not a regular file" : "it is not a regular file (\(kind))"
    }
}

/// Serves bytes already in memory, in chunks of a chosen size.
public struct MemoryByteSource: ByteSource {
    private let bytes: [UInt8]
    private let chunkSize: Int
    private var offset = 0

    /// Wraps bytes.
    ///
    /// - Parameters:
    ///   - bytes: The whole input.
    ///   - chunkSize: Bytes per chunk.
    public init(_ bytes: [UInt8], chunkSize: Int = 64 * 1024) {
        self.bytes = bytes
        self.chunkSize = max(1, chunkSize)
    }

    /// Wraps a string's UTF-8 bytes.
    ///
    /// - Parameters:
    ///   - text: The whole input.
    ///   - chunkSize: Bytes per chunk.
    public init(_ text: String, chunkSize: Int = 64 * 1024) {
        self.init(Array(text.utf8), chunkSize: chunkSize)
    }

    public mutating func nextChunk() throws -> [UInt8]? {
        guard offset < bytes.count else { return nil }
        let end = min(bytes.count, offset + chunkSize)
        defer { offset = end }
        return Array(bytes[offset..<end])
    }
}
