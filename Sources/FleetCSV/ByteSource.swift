internal import FleetFiles
public import Foundation

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
        let opened: RegularFile.Opened
        do {
            opened = try RegularFile.open(url.path)
        } catch {
            throw .cannotOpen(reason: error.description)
        }
        self.handle = FileHandle(fileDescriptor: opened.descriptor, closeOnDealloc: true)
        self.chunkSize = max(1, chunkSize)
    }

    public mutating func nextChunk() throws -> [UInt8]? {
        guard !ended else { return nil }
        guard let data = try handle.read(upToCount: chunkSize), !data.isEmpty else {
            try? handle.close()  // read-only and fully read: closing cannot lose data
            ended = true
            return nil
        }
        return [UInt8](data)
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
