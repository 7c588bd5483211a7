public import Foundation

/// Golden files: text a test produces, compared byte for byte with a copy kept in
/// `Tests/Snapshots/`, so a change to every page at once (a template, a CSV header) fails a
/// test instead of passing as "the same as the last run".
///
/// Recording happens only when asked: with `FLEETWX_RECORD_SNAPSHOTS=1` in the environment
/// each compared text is written over its snapshot and the comparison still fails, so a
/// recording run can never pass by accident. Review the diff (`git diff Tests/Snapshots`), then
/// run again without the variable.
public enum Snapshot {
    /// The environment variable that asks for recording.
    public static let recordVariable = "FLEETWX_RECORD_SNAPSHOTS"

    /// `Tests/Snapshots` in this checkout.
    public static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Snapshots", isDirectory: true)

    /// Compares text with its snapshot.
    ///
    /// - Parameters:
    ///   - actual: The text the test produced.
    ///   - name: The snapshot's path under `Tests/Snapshots` (for example `demo/index.html`).
    ///   - environment: The environment to read the record variable from.
    /// - Returns: `nil` when the text equals the snapshot; otherwise why not, naming the first
    ///   line that differs and how to record.
    public static func mismatch(
        _ actual: String, named name: String,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> String? {
        let file = folder.appendingPathComponent(name)
        if environment[recordVariable] == "1" {
            do {
                try FileManager.default.createDirectory(
                    at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(actual.utf8).write(to: file)
            } catch {
                return "snapshot \(name): could not be recorded: \(error)"
            }
            return "snapshot \(name): recorded; check `git diff Tests/Snapshots`, then run again without "
                + recordVariable
        }
        guard let data = FileManager.default.contents(atPath: file.path) else {
            return "snapshot \(name): no such file in Tests/Snapshots; run with \(recordVariable)=1 to record it"
        }
        let expected = String(decoding: data, as: UTF8.self)
        guard expected != actual else { return nil }
        return "snapshot \(name) differs: " + firstDifference(expected: expected, actual: actual)
            + "; if the change is intended, run with \(recordVariable)=1 and review `git diff Tests/Snapshots`"
    }

    /// The first line where two texts differ, both versions shown.
    static func firstDifference(expected: String, actual: String) -> String {
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(old.count, new.count) {
            let before = index < old.count ? String(old[index]) : "(end of file)"
            let after = index < new.count ? String(new[index]) : "(end of file)"
            if before != after {
                return "line \(index + 1) was \(before.prefix(300).debugDescription), "
                    + "is \(after.prefix(300).debugDescription)"
            }
        }
        return "they differ only in line endings"
    }
}
