internal import FleetAirports
internal import FleetCSV
internal import FleetFiles

/// Reads an IATA SSIM Chapter 7 season (docs/ssim.md) into the dated flights of a window.
///
/// Streamed record by record, like the CSV reader: a season of any size costs one record of
/// memory plus the window's flights. A bad record is rejected alone; only a file whose
/// structure cannot be trusted (no header, a failed trailer check, no trailer) throws.
struct SSIMReader {
    let airports: AirportDirectory
    let window: SSIMWindow
    let screen: ((Flight) -> String?)?

    func read(source: some ByteSource, path: String, sink: (any RejectSink)?) throws(ScheduleError) -> Schedule {
        var lines = SSIMLines(source: source)
        var builder = SSIMScheduleBuilder(
            path: path, airports: airports, window: window, screen: screen, sink: sink)
        while true {
            let next: (record: SSIMRecord, length: Int)?
            do {
                next = try lines.next()
            } catch ByteSourceError.stopped {
                throw .interrupted(path: path)
            } catch {
                throw .unreadable(path: path, reason: SystemErrorWords.describe(error))
            }
            guard let next else { break }
            try builder.add(next.record, length: next.length)
        }
        return try builder.finish()
    }
}

/// A byte source that first gives back bytes already read from another (the reader looked at
/// the file's start to tell its format), then the rest of it.
struct PrefixedByteSource<Base: ByteSource>: ByteSource {
    private var prefix: [UInt8]?
    private var base: Base

    init(prefix: [UInt8]?, base: Base) {
        self.prefix = prefix
        self.base = base
    }

    mutating func nextChunk() throws -> [UInt8]? {
        if let prefix {
            self.prefix = nil
            return prefix
        }
        return try base.nextChunk()
    }
}
