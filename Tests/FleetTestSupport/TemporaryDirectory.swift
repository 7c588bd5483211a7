public import Foundation

/// A fresh directory under the system temp folder, unique per test, removed on request.
///
/// Swift Testing runs tests in parallel, so no two tests may share a file or database.
public struct TemporaryDirectory: Sendable {
    /// The directory.
    public let url: URL

    /// Creates a unique empty directory.
    ///
    /// - Parameter prefix: A readable prefix for the directory name.
    /// - Throws: When the directory cannot be created.
    public init(prefix: String = "fleetwx-test") throws {
        let name = "\(prefix)-\(UUID().uuidString)"
        url = FileManager.default.temporaryDirectory.appendingPathComponent(name, isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// A path inside the directory.
    ///
    /// - Parameter name: A relative path.
    /// - Returns: The URL.
    public func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// Writes text to a file inside the directory.
    ///
    /// - Parameters:
    ///   - text: The contents.
    ///   - name: A relative path.
    /// - Returns: The file's URL.
    /// - Throws: When the file cannot be written.
    @discardableResult
    public func write(_ text: String, to name: String) throws -> URL {
        try write(Data(text.utf8), to: name)
    }

    /// Writes bytes to a file inside the directory, creating its parent folders.
    ///
    /// - Parameters:
    ///   - data: The contents (not necessarily text: a schedule in UTF-16, a damaged header).
    ///   - name: A relative path.
    /// - Returns: The file's URL.
    /// - Throws: When the file cannot be written.
    @discardableResult
    public func write(_ data: Data, to name: String) throws -> URL {
        let target = file(name)
        try FileManager.default.createDirectory(
            at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: target)
        return target
    }

    /// Removes the directory and everything in it.
    public func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
