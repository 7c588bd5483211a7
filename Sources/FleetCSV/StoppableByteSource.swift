/// A source that stops with ``ByteSourceError/stopped`` as soon as `shouldStop` says so,
/// checked before every chunk: a signal ends reading a huge file within one chunk's work.
public struct StoppableByteSource<Base: ByteSource>: ByteSource {
    private var base: Base
    private let shouldStop: () -> Bool

    /// Wraps a source.
    ///
    /// - Parameters:
    ///   - base: Where the bytes come from.
    ///   - shouldStop: Asked before each chunk; `true` ends reading with an error.
    public init(_ base: Base, shouldStop: @escaping () -> Bool) {
        self.base = base
        self.shouldStop = shouldStop
    }

    public mutating func nextChunk() throws -> [UInt8]? {
        if shouldStop() { throw ByteSourceError.stopped }
        return try base.nextChunk()
    }
}
