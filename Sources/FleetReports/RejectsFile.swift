internal import FleetCSV
internal import FleetFiles
public import FleetSchedule
internal import Foundation
internal import Glibc

/// Writes `rejects.csv` into a staging folder row by row, as the schedule reader rejects them.
///
/// Why: a schedule of millions of bad rows must not be held in memory (issue 9); each row is
/// encoded (formula-safe, as ``RejectsCSV``) and written through a small buffer. A write that
/// fails is kept as the first failure and reported by ``close()``; later rows are dropped.
public final class RejectsFile: RejectSink {
    private let path: String
    private var descriptor: Int32
    private var buffer: [UInt8] = []
    private var failure: ReportError?

    private static let flushSize = 256 * 1024

    /// Creates `rejects.csv` (with its header) in a staging folder.
    ///
    /// - Parameter staging: The staging folder.
    /// - Throws: ``ReportError/writeFailed(path:reason:)``.
    public init(in staging: ReportStaging) throws(ReportError) {
        path = staging.url.appendingPathComponent("rejects.csv").path
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .writeFailed(path: path, reason: SystemErrorWords.describe(errno)) }
        buffer.append(contentsOf: CSVWriter.line(RejectsCSV.columns.map(CSVCell.text)).utf8)
    }

    deinit {
        if descriptor >= 0 { Glibc.close(descriptor) }
    }

    public func add(_ row: RejectedRow) {
        guard failure == nil else { return }
        buffer.append(contentsOf: RejectsCSV.line(row).utf8)
        if buffer.count >= Self.flushSize { flush() }
    }

    /// Writes what is buffered and closes the file.
    ///
    /// - Throws: The first write failure, if any.
    public func close() throws(ReportError) {
        if failure == nil { flush() }
        if descriptor >= 0 {
            Glibc.close(descriptor)
            descriptor = -1
        }
        if let failure { throw failure }
    }

    private func flush() {
        let failed = buffer.withUnsafeBytes { ReportFiles.writeAll(descriptor, $0) }
        buffer.removeAll(keepingCapacity: true)
        if let failed { failure = .writeFailed(path: path, reason: SystemErrorWords.describe(failed)) }
    }
}
