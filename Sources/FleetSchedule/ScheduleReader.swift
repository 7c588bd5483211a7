public import FleetAirports
public import FleetCSV
internal import FleetFiles
public import Foundation

/// Reads a flight schedule, CSV (docs/contract.md §3) or an SSIM season (docs/ssim.md), into
/// flights, rejected rows and warnings.
///
/// The file is streamed record by record, so a schedule of any size costs one record of
/// memory (at most ``recordLimit`` bytes) plus the accepted flights: rejected rows go to a
/// ``RejectSink`` as they are found, and only the first few are kept. Only problems that leave nothing usable throw (unreadable or
/// empty file, bad header); every row-level problem rejects that row alone, with its line,
/// its raw text and a reason naming the offending value, so nothing in the input is lost.
public struct ScheduleReader: Sendable {
    private let airports: AirportDirectory
    /// A last check on each row that passed every other: a reason rejects the row into
    /// `rejects.csv` like any other problem (`run` rejects flights long past this way).
    public var screen: (@Sendable (Flight) -> String?)?
    /// The most bytes of one row: a longer row is rejected (see ``FleetCSV/CSVReader``).
    public var recordLimit = CSVReader.defaultRecordLimit
    /// The format to read; `nil` tells it from the file's first bytes (``ScheduleFormat/detect(_:)``).
    public var format: ScheduleFormat?
    /// The dates an SSIM season is expanded to; `nil` is two days from today in UTC by this
    /// machine's clock (the CLI always gives the run's own).
    public var window: SSIMWindow?

    /// Creates a reader that resolves airport codes with a directory.
    ///
    /// - Parameter airports: The airport directory (usually ``AirportDirectory/bundled()``).
    public init(airports: AirportDirectory) {
        self.airports = airports
    }

    /// Reads a schedule file, streaming it.
    ///
    /// Only a regular file is read (see ``FleetCSV/FileByteSource``): a FIFO, a device or a
    /// directory is refused before it is opened.
    ///
    /// - Parameters:
    ///   - url: The schedule file.
    ///   - sink: Where every rejected row goes as it is found.
    ///   - shouldStop: Asked before each chunk is read; `true` (a signal arrived) stops reading
    ///     with ``ScheduleError/interrupted(path:)``, however large the file.
    /// - Returns: The schedule.
    /// - Throws: ``ScheduleError`` when the file cannot be read, is empty, has a bad header, or
    ///   reading was stopped.
    public func read(
        url: URL, sink: (any RejectSink)? = nil, shouldStop: @escaping () -> Bool = { false }
    ) throws(ScheduleError) -> Schedule {
        let path = url.path
        let source: FileByteSource
        do {
            source = try FileByteSource(url: url)
        } catch {
            throw .unreadable(path: path, reason: error.description)
        }
        return try read(source: StoppableByteSource(source, shouldStop: shouldStop), path: path, sink: sink)
    }

    /// Reads a schedule held in memory (tests, and schedules received other than as files).
    ///
    /// - Parameters:
    ///   - text: The CSV text.
    ///   - sink: Where every rejected row goes as it is found.
    /// - Returns: The schedule.
    /// - Throws: ``ScheduleError`` when the text is empty or has a bad header.
    public func read(text: String, sink: (any RejectSink)? = nil) throws(ScheduleError) -> Schedule {
        try read(source: MemoryByteSource(text), path: "(text)", sink: sink)
    }

    /// Reads a schedule from any byte source.
    ///
    /// - Parameters:
    ///   - source: Where the bytes come from.
    ///   - path: How to name the schedule in error messages.
    ///   - sink: Where every rejected row goes as it is found.
    /// - Returns: The schedule.
    /// - Throws: ``ScheduleError`` when the source fails, is empty or has a bad header.
    public func read(
        source: some ByteSource, path: String, sink: (any RejectSink)? = nil
    ) throws(ScheduleError) -> Schedule {
        var source = source
        var head: [UInt8]?
        do {
            // Enough to tell the format by: a few SSIM records, after any blank lines.
            while (head?.count ?? 0) < ScheduleFormat.headLength, let chunk = try source.nextChunk() {
                head = (head ?? []) + chunk
            }
        } catch ByteSourceError.stopped {
            throw .interrupted(path: path)
        } catch {
            throw .unreadable(path: path, reason: SystemErrorWords.describe(error))
        }
        let rest = PrefixedByteSource(prefix: head, base: source)
        if (format ?? ScheduleFormat.detect(head ?? [])) == .ssim {
            let window = window ?? SSIMWindow(dayOf: Date().timeIntervalSince1970)
            return try SSIMReader(airports: airports, window: window, screen: screen)
                .read(source: rest, path: path, sink: sink)
        }
        return try readCSV(source: rest, path: path, sink: sink)
    }

    private func readCSV(
        source: some ByteSource, path: String, sink: (any RejectSink)?
    ) throws(ScheduleError) -> Schedule {
        var reader = CSVReader(source: source, recordLimit: recordLimit)
        var blankBeforeHeader = 0
        var headerRecord: CSVRecord?
        while let record = try Self.next(&reader, path: path) {
            if record.isBlank {
                blankBeforeHeader += 1
                continue
            }
            headerRecord = record
            break
        }
        guard let headerRecord else { throw .empty(path: path) }
        let header = try HeaderMap(record: headerRecord, path: path)
        var builder = ScheduleBuilder(
            header: header, airports: airports, blankRowsBefore: blankBeforeHeader, screen: screen, sink: sink)
        while let record = try Self.next(&reader, path: path) {
            builder.add(record)
        }
        return builder.finish()
    }

    private static func next(_ reader: inout CSVReader, path: String) throws(ScheduleError) -> CSVRecord? {
        do {
            return try reader.next()
        } catch ByteSourceError.stopped {
            throw .interrupted(path: path)
        } catch {
            // Plain words (the POSIX reason when there is one), never a domain or a code.
            throw .unreadable(path: path, reason: SystemErrorWords.describe(error))
        }
    }
}
