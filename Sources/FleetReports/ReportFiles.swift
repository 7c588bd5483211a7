internal import FleetFiles
internal import Foundation
internal import Glibc

/// File names and the staged, atomic publication of a report directory.
enum ReportFiles {
    /// `ORIG-DEST` for a route; codes are IATA or ICAO, so only `[A-Z0-9]` and one `-`.
    static func routeFileName(_ route: String) -> String {
        isSafeRouteName(route)
            ? route : route.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" }.map(String.init).joined()
    }

    /// True for `ABC-DEFG`-shaped names that cannot escape the `routes/` folder.
    static func isSafeRouteName(_ name: String) -> Bool {
        let parts = name.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return false }
        return parts.allSatisfy { part in
            (3...4).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isUppercase || $0.isNumber) }
        }
    }

    /// True for a station file name stem (`stations/CODE.html`): an IATA or ICAO code, 3 or 4
    /// of `[A-Z0-9]`, which cannot escape the `stations/` folder.
    static func isSafeStationName(_ code: String) -> Bool {
        (3...4).contains(code.count) && code.allSatisfy { $0.isASCII && ($0.isUppercase || $0.isNumber) }
    }

    /// `CODE` for a station, any other character replaced by `_` (as ``routeFileName(_:)``).
    static func stationFileName(_ code: String) -> String {
        isSafeStationName(code)
            ? code : code.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" }.map(String.init).joined()
    }

    /// Writes a file, creating its directory.
    ///
    /// Plain `open`/`write`/`close` rather than `Data.write`, which fsyncs every file: a large
    /// run writes thousands of route files into a staging directory that only becomes visible
    /// by a rename at the end, so per-file durability buys nothing and cost seconds.
    static func write(_ text: String, to url: URL) throws(ReportError) {
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw .writeFailed(path: url.path, reason: SystemErrorWords.describe(error))
        }
        var text = text
        try withNewFile(url.path) { descriptor in text.withUTF8 { writeAll(descriptor, UnsafeRawBufferPointer($0)) } }
    }

    /// Writes a file into a directory that exists (the pages of `routes/` and `stations/`, made
    /// once before them): one `open`, one `write` of the whole page, no directory check per file.
    static func write(_ bytes: [UInt8], toPath path: String) throws(ReportError) {
        try withNewFile(path) { descriptor in bytes.withUnsafeBytes { writeAll(descriptor, $0) } }
    }

    /// Creates (or empties) the file at `path` and lets `body` write to its descriptor; `body`
    /// answers the `errno` of a failed write, or `nil`. Either failure names the file.
    static func withNewFile(_ path: String, _ body: (Int32) -> Int32?) throws(ReportError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .writeFailed(path: path, reason: SystemErrorWords.describe(errno)) }
        defer { close(descriptor) }
        if let failure = body(descriptor) {
            throw .writeFailed(path: path, reason: SystemErrorWords.describe(failure))
        }
    }

    /// Makes a directory (and its parents) for the files ``write(_:toPath:)`` puts in it.
    static func makeDirectory(_ url: URL) throws(ReportError) {
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw .writeFailed(path: url.path, reason: SystemErrorWords.describe(error))
        }
    }

    /// Writes all of `bytes` to `descriptor`, again after a signal interrupts a write and on
    /// from where a short write stopped; the `errno` of a failure, else `nil`.
    static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(descriptor, bytes.baseAddress?.advanced(by: offset), bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        return nil
    }

    /// The file that marks a directory as a fleetwx report, so publishing only ever replaces
    /// a report and never a directory of someone's files given by mistake as `--out`.
    static let marker = ".fleetwx-report"

    /// Refuses a destination that publishing could not replace safely: an existing directory
    /// that is neither empty nor a fleetwx report, a file, a symbolic link (the exchange would
    /// swap the link itself out), a folder named `latest` (the link beside each report), or a
    /// `latest` that is not a link.
    static func checkReplaceable(_ destination: URL) throws(ReportError) {
        let manager = FileManager.default
        if destination.lastPathComponent == "latest" {
            throw .reservedDestination(path: destination.path, reason: "`latest` is the link to the newest report")
        }
        if (try? manager.destinationOfSymbolicLink(atPath: destination.path)) != nil {
            throw .reservedDestination(
                path: destination.path, reason: "it is a symbolic link, which publishing would replace")
        }
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: destination.path, isDirectory: &isDirectory) {
            let contents = (try? manager.contentsOfDirectory(atPath: destination.path)) ?? []
            guard isDirectory.boolValue, contents.isEmpty || contents.contains(marker) else {
                throw .notAReport(path: destination.path)
            }
        }
        let latest = destination.deletingLastPathComponent().appendingPathComponent("latest")
        if let attributes = try? manager.attributesOfItem(atPath: latest.path),
            attributes[.type] as? FileAttributeType != .typeSymbolicLink
        {
            throw .notAReport(path: latest.path)
        }
    }

    /// Moves a finished staging directory into place. An older report of the same name is
    /// swapped out in one atomic exchange (renameat2), so a reader sees the old report or the
    /// new one — never half of either, and never neither — and is then deleted.
    static func publish(staging: URL, to destination: URL) throws(ReportError) {
        let manager = FileManager.default
        try checkReplaceable(destination)
        if manager.fileExists(atPath: destination.path) {
            guard AtomicExchange.swap(staging.path, destination.path) == 0 else {
                throw .writeFailed(path: destination.path, reason: SystemErrorWords.describe(errno))
            }
            // Now holds the previous report: the new one is published whatever happens here,
            // and a folder left behind is stale staging, removed by the next run.
            try? manager.removeItem(at: staging)
            return
        }
        do {
            try manager.moveItem(at: staging, to: destination)
        } catch {
            throw .writeFailed(path: destination.path, reason: SystemErrorWords.describe(error))
        }
    }

    /// Points `latest` (beside the report directory) at the newest report, replacing the
    /// link atomically with a rename.
    static func updateLatest(for report: URL) throws(ReportError) {
        let parent = report.deletingLastPathComponent()
        let link = parent.appendingPathComponent("latest")
        let temporary = parent.appendingPathComponent(".latest-\(UUID().uuidString)")
        do {
            try FileManager.default.createSymbolicLink(
                atPath: temporary.path, withDestinationPath: report.lastPathComponent)
            guard rename(temporary.path, link.path) == 0 else {
                let reason = SystemErrorWords.describe(errno)
                try? FileManager.default.removeItem(at: temporary)  // the rename's error is the one reported
                throw ReportError.writeFailed(path: link.path, reason: reason)
            }
        } catch let error as ReportError {
            throw error
        } catch {
            throw .writeFailed(path: link.path, reason: SystemErrorWords.describe(error))
        }
    }
}
