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
    ///   - folder: Where snapshots live; `Tests/Snapshots` except in the helper's own tests,
    ///     which record into a temporary folder so they never write into the checkout.
    /// - Returns: `nil` when the text equals the snapshot; otherwise why not, naming the first
    ///   line that differs and how to record.
    public static func mismatch(
        _ actual: String, named name: String,
        environment: [String: String] = ProcessInfo.processInfo.environment, folder: URL = Snapshot.folder
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
        // Bytes, not `String ==`: that takes canonically equivalent text (é composed or not) as equal.
        guard data != Data(actual.utf8) else { return nil }
        let expected = String(decoding: data, as: UTF8.self)
        return "snapshot \(name) differs: " + firstDifference(expected: expected, actual: actual)
            + "; if the change is intended, run with \(recordVariable)=1 and review `git diff Tests/Snapshots`"
    }

    /// The first line where two texts differ and the column where it does, both versions shown
    /// from a little before that column (escaped, so a carriage return or a stray space is
    /// visible), or where one of them ends.
    ///
    /// Lines are split at the newline byte: splitting characters would keep `\r\n` (one
    /// character) inside a line and compare lines as equivalent text rather than bytes. The
    /// window matters because a report's rows can sit on one line of 40 KB.
    static func firstDifference(expected: String, actual: String) -> String {
        let old = Array(expected.utf8).split(separator: 0x0A, omittingEmptySubsequences: false)
        let new = Array(actual.utf8).split(separator: 0x0A, omittingEmptySubsequences: false)
        let differing = (0..<max(old.count, new.count)).first { index in
            index >= old.count || index >= new.count || old[index] != new[index]
        }
        guard let index = differing else { return "they differ in bytes that look the same" }
        guard index < old.count, index < new.count else {
            let shown = { (lines: [ArraySlice<UInt8>]) in
                index < lines.count ? excerpt(lines[index], from: 0) : "(end of file)"
            }
            return "line \(index + 1) was \(shown(old)), is \(shown(new))"
        }
        let (before, after) = (old[index], new[index])
        let same = zip(before, after).prefix { $0 == $1 }.count
        // Back to the start of a character, then a little context before the difference.
        var start = max(0, same - 60)
        while start > 0, start < before.count, before[before.startIndex + start] & 0xC0 == 0x80 { start -= 1 }
        let (was, now) = (excerpt(before, from: start), excerpt(after, from: start))
        return "line \(index + 1), byte \(same + 1) was \(was), is \(now)"
            + (was == now ? " (the same text in other bytes: Unicode normalisation)" : "")
    }

    /// Up to 300 characters of a line from a byte offset, escaped, marked when cut.
    private static func excerpt(_ line: ArraySlice<UInt8>, from start: Int) -> String {
        let text = String(decoding: line.dropFirst(start), as: UTF8.self)
        let shown = String(text.prefix(300)).debugDescription
        return (start > 0 ? "…" : "") + shown + (text.count > 300 ? "…" : "")
    }
}
