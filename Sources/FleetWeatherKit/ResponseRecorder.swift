internal import FleetFiles
public import Foundation

#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Darwin)
    internal import Darwin
#endif

/// Saves fetched bodies for `--record DIR`, in the replay format: a directory of `.json`
/// files, each one complete `/api/v1/weather` body, byte for byte as received.
///
/// Only the body is written — never headers — so a recording cannot contain the token. Names
/// are validated (`[A-Za-z0-9._-]`, no `..`, no separators) so no input can write outside
/// the directory, and each file appears atomically (temp file + `rename`), so a replay never
/// reads half a file.
public struct ResponseRecorder: Sendable {
    /// The recording directory.
    public let directory: URL

    /// Opens (and creates, if needed) a recording directory.
    ///
    /// - Parameter directory: The directory.
    /// - Throws: ``WeatherKitError/recordingFailed(_:)`` when it cannot be created.
    public init(directory: URL) throws(WeatherKitError) {
        do throws(RegularFileError) {
            try Folders.create(directory.path)
        } catch {
            throw .recordingFailed(
                "cannot create the recording folder \(directory.path.bounded): \(error); --record needs a folder "
                    + "(it is made if missing)")
        }
        self.directory = directory
    }

    /// The file name for a cell's body: `wx_<lat>_<lon>.json`, or `wx_<lat>_<lon>_<part>.json`
    /// when a window takes several requests.
    ///
    /// - Parameters:
    ///   - latitude: The cell latitude (as sent).
    ///   - longitude: The cell longitude (as sent).
    ///   - part: Which request of the cell, if more than one.
    /// - Returns: The name (validate it before use: `part` is free text).
    public static func fileName(latitude: Double, longitude: Double, part: String? = nil) -> String {
        let base = "wx_\(URLText.coordinate(latitude))_\(URLText.coordinate(longitude))"
        guard let part, !part.isEmpty else { return base + ".json" }
        return base + "_" + part + ".json"
    }

    /// Whether a name is a safe recording file name.
    ///
    /// - Parameter name: A file name.
    /// - Returns: `true` for 1–200 characters of `[A-Za-z0-9._-]`, ending in `.json`, not
    ///   starting with `.` or `-`, without `..`.
    public static func isValidFileName(_ name: String) -> Bool {
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._-")
        return !name.isEmpty && name.count <= 200 && name.allSatisfy(allowed.contains) && !name.contains("..")
            && !name.hasPrefix(".") && !name.hasPrefix("-") && name.hasSuffix(".json") && name != ".json"
    }

    /// Records a cell's body under ``fileName(latitude:longitude:part:)``.
    ///
    /// - Parameters:
    ///   - body: The exact body bytes.
    ///   - latitude: The cell latitude.
    ///   - longitude: The cell longitude.
    ///   - part: Which request of the cell, if more than one.
    /// - Returns: The file written.
    /// - Throws: ``WeatherKitError/recordingFailed(_:)``.
    @discardableResult
    public func record(_ body: Data, latitude: Double, longitude: Double, part: String? = nil) throws(WeatherKitError)
        -> URL
    {
        try write(body, named: Self.fileName(latitude: latitude, longitude: longitude, part: part))
    }

    /// Removes a location's part files (`wx_LAT_LON_1.json`, …) left by an earlier recording,
    /// so a replay never merges parts from two different nights.
    ///
    /// Parts are numbered from 1 without gaps, so this deletes by name until one is missing,
    /// rather than listing a directory that grows with every cell recorded.
    ///
    /// - Parameters:
    ///   - latitude: The location's latitude.
    ///   - longitude: The location's longitude.
    public func removeParts(latitude: Double, longitude: Double) {
        let base = String(Self.fileName(latitude: latitude, longitude: longitude).dropLast(".json".count))
        var part = 1
        while (try? FileManager.default.removeItem(at: directory.appendingPathComponent("\(base)_\(part).json")))
            != nil
        {
            part += 1
        }
    }

    /// Writes a body under a validated name, atomically, replacing an older recording.
    ///
    /// - Parameters:
    ///   - body: The exact body bytes.
    ///   - name: The file name.
    /// - Returns: The file written.
    /// - Throws: ``WeatherKitError/recordingFailed(_:)`` for a bad name or a failed write.
    @discardableResult
    public func write(_ body: Data, named name: String) throws(WeatherKitError) -> URL {
        guard Self.isValidFileName(name) else {
            throw .recordingFailed(
                "refusing file name \(name.debugDescription): use only A-Z a-z 0-9 . _ -, "
                    + "end in .json, no '..'")
        }
        let target = directory.appendingPathComponent(name, isDirectory: false)
        let temporary = directory.appendingPathComponent(".\(name).\(UUID().uuidString).tmp", isDirectory: false)
        do {
            try body.write(to: temporary, options: [.withoutOverwriting])
        } catch {
            throw .recordingFailed(
                "cannot write \(place(of: name)): \(SystemErrorWords.describe(error)); --record needs a folder this run can "
                    + "write to")
        }
        guard rename(temporary.path, target.path) == 0 else {
            let code = errno
            try? FileManager.default.removeItem(at: temporary)  // the rename's error is the one reported
            throw .recordingFailed(
                "cannot move the recording into place as \(place(of: name)): \(SystemErrorWords.describe(code)); "
                    + "remove what is in its way or choose another --record folder")
        }
        return target
    }

    /// The recording in a failure message, built only when one is said: named by the recording,
    /// not the temporary file beside it, and the name kept apart from the folder (a bounded long
    /// path would cut the name off).
    private func place(of name: String) -> String {
        "\(name) in the recording folder \(directory.path.bounded)"
    }
}
