public import FleetAirports
public import FleetCSV
public import Foundation

/// Reads a flight schedule CSV (SPEC §3) into flights, rejected rows and warnings.
///
/// The file is streamed record by record, so a schedule of any size costs one record of
/// memory plus the results. Only problems that leave nothing usable throw (unreadable or
/// empty file, bad header); every row-level problem rejects that row alone, with its line,
/// its raw text and a reason naming the offending value, so nothing in the input is lost.
public struct ScheduleReader: Sendable {
    private let airports: AirportDirectory
    /// A last check on each row that passed every other: a reason rejects the row into
    /// `rejects.csv` like any other problem (`run` rejects flights long past this way).
    public var screen: (@Sendable (Flight) -> String?)?

    /// Creates a reader that resolves airport codes with a directory.
    ///
    /// - Parameter airports: The airport directory (usually ``AirportDirectory/bundled()``).
    public init(airports: AirportDirectory) {
        self.airports = airports
    }

    /// Reads a schedule file, streaming it.
    ///
    /// - Parameter url: The schedule file.
    /// - Returns: The schedule.
    /// - Throws: ``ScheduleError`` when the file cannot be read, is empty or has a bad header.
    public func read(url: URL) throws(ScheduleError) -> Schedule {
        let path = url.path
        if let reason = Self.unreadableReason(path: path) { throw .unreadable(path: path, reason: reason) }
        let source: FileByteSource
        do {
            source = try FileByteSource(url: url)
        } catch {
            throw .unreadable(path: path, reason: Self.describe(error))
        }
        return try read(source: source, path: path)
    }

    /// Reads a schedule held in memory (tests, and schedules received other than as files).
    ///
    /// - Parameter text: The CSV text.
    /// - Returns: The schedule.
    /// - Throws: ``ScheduleError`` when the text is empty or has a bad header.
    public func read(text: String) throws(ScheduleError) -> Schedule {
        try read(source: MemoryByteSource(text), path: "(text)")
    }

    /// Reads a schedule from any byte source.
    ///
    /// - Parameters:
    ///   - source: Where the bytes come from.
    ///   - path: How to name the schedule in error messages.
    /// - Returns: The schedule.
    /// - Throws: ``ScheduleError`` when the source fails, is empty or has a bad header.
    public func read<S: ByteSource>(source: S, path: String) throws(ScheduleError) -> Schedule {
        var reader = CSVReader(source: source)
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
            header: header, airports: airports, blankRowsBefore: blankBeforeHeader, screen: screen)
        while let record = try Self.next(&reader, path: path) {
            builder.add(record)
        }
        return builder.finish()
    }

    private static func next<S>(_ reader: inout CSVReader<S>, path: String) throws(ScheduleError) -> CSVRecord? {
        do {
            return try reader.next()
        } catch {
            throw .unreadable(path: path, reason: describe(error))
        }
    }

    /// Why a path cannot be read as a file, in plain words, or `nil` when it looks readable.
    private static func unreadableReason(path: String) -> String? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return "no such file"
        }
        if isDirectory.boolValue { return "it is a directory, not a file" }
        if !FileManager.default.isReadableFile(atPath: path) { return "permission denied" }
        return nil
    }

    /// The most specific message an I/O error carries (the POSIX reason when there is one).
    private static func describe(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError {
            return underlying.localizedDescription
        }
        return nsError.localizedDescription
    }
}
