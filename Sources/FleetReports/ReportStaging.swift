internal import FleetFiles
public import Foundation
internal import Glibc
internal import Synchronization

/// The hidden folder beside `--out` that a report is written into before it is published,
/// held locked by the run writing it for the folder's whole life.
///
/// Why a lock: a run killed with SIGKILL (or a crash) cannot remove its staging folder, and
/// the next run must tell such a leftover from the folder of a run still writing beside it.
/// An `flock(2)` lock dies with its process, however the process ends, so a staging folder
/// whose lock is free is stale (issue 9). The lock file is created under a temporary name,
/// locked, and only then renamed into place, so no other run ever sees it unlocked while its
/// owner lives. Created before the schedule is read: `rejects.csv` is written into it as rows
/// are rejected, and a parent of `--out` that cannot be written is found before any request.
public final class ReportStaging: Sendable {
    /// The lock file inside a staging folder.
    public static let lockName = ".fleetwx-staging.lock"
    /// Staging folders of older versions have no lock: they count as stale after this long.
    public static let unlockedStaleAge: TimeInterval = 3600

    /// The staging folder.
    public let url: URL
    /// The report directory it will be published as.
    public let destination: URL
    /// The lock's descriptor while the folder is this run's; `nil` once published or discarded.
    private let lock: Mutex<Int32?>

    private init(url: URL, destination: URL, descriptor: Int32) {
        self.url = url
        self.destination = destination
        self.lock = Mutex(descriptor)
    }

    /// Removes stale staging folders beside `destination`, then creates and locks a new one.
    ///
    /// - Parameters:
    ///   - destination: The report directory (`--out`).
    ///   - now: The time, for the age of unlocked folders.
    /// - Returns: The staging folder, and the names of the stale folders removed.
    /// - Throws: ``ReportError/stagingFailed(parent:reason:)`` when the folder cannot be made.
    public static func create(
        for destination: URL, now: Date = Date()
    ) throws(ReportError) -> (staging: ReportStaging, removed: [String]) {
        let parent = destination.deletingLastPathComponent()
        let removed = StaleStaging.clean(parent: parent, now: now)
        let url = parent.appendingPathComponent(".\(destination.lastPathComponent).staging-\(UUID().uuidString)")
        do throws(RegularFileError) {
            try Folders.create(parent.path, permissions: 0o755)
        } catch {
            throw .stagingFailed(parent: parent.path, reason: error.description)
        }
        guard mkdir(url.path, 0o755) == 0 else { throw .stagingFailed(parent: parent.path, reason: errorText()) }
        let temporary = url.appendingPathComponent(".lock-\(UUID().uuidString)").path
        let descriptor = open(temporary, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0, flock(descriptor, LOCK_EX) == 0,
            rename(temporary, url.appendingPathComponent(lockName).path) == 0
        else {
            let reason = errorText()
            if descriptor >= 0 { close(descriptor) }
            // The error thrown is the one to report; a folder left behind is stale and removed
            // by the next run's StaleStaging.clean.
            try? FileManager.default.removeItem(at: url)
            throw .stagingFailed(parent: parent.path, reason: reason)
        }
        return (ReportStaging(url: url, destination: destination, descriptor: descriptor), removed)
    }

    /// Removes the folder and releases the lock (a fatal error or a signal); safe to repeat,
    /// and a no-op once the report was published.
    public func discard() {
        guard let descriptor = release() else { return }
        // Best effort on the way out (a fatal error or a signal): a folder left behind is
        // unlocked, so the next run's StaleStaging.clean removes it.
        try? FileManager.default.removeItem(at: url)
        close(descriptor)
    }

    /// Takes the lock file out just before publishing (a report carries no lock file); the
    /// lock itself is held until ``published()``.
    func willPublish() {
        unlink(url.appendingPathComponent(Self.lockName).path)
    }

    /// Releases the lock once the folder was published (its path now holds the old report,
    /// already removed, or nothing).
    func published() {
        guard let descriptor = release() else { return }
        close(descriptor)
    }

    /// Takes the lock's descriptor out, leaving `nil`, so that of ``discard()`` and
    /// ``published()`` (and repeats of either, from a signal handler's task and the run's)
    /// exactly one gets it and closes it.
    private func release() -> Int32? {
        lock.withLock { state -> Int32? in
            defer { state = nil }
            return state
        }
    }

    private static func errorText() -> String { SystemErrorWords.describe(errno) }
}

/// Finds and removes staging folders that no live run holds.
enum StaleStaging {
    /// Removes every stale staging folder in `parent`.
    ///
    /// A staging folder is a directory (not a link) named `.NAME.staging-UUID`. It is stale
    /// when its lock file can be locked (its run is gone), or when it has no lock file (an
    /// older version's) and was last changed more than an hour ago. A folder whose lock is
    /// held is never touched; anything unreadable is left alone.
    ///
    /// - Parameters:
    ///   - parent: The folder holding report directories.
    ///   - now: The time.
    /// - Returns: The names of the folders removed.
    static func clean(parent: URL, now: Date) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []
        var removed: [String] = []
        for name in names.sorted() where isStagingName(name) {
            let url = parent.appendingPathComponent(name)
            var info = stat()
            guard lstat(url.path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { continue }
            let descriptor = open(
                url.appendingPathComponent(ReportStaging.lockName).path, O_RDWR | O_NOFOLLOW | O_CLOEXEC)
            if descriptor >= 0 {
                defer { close(descriptor) }
                guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { continue }  // a live run's
            } else {
                guard errno == ENOENT else { continue }
                let changed = Date(timeIntervalSince1970: TimeInterval(info.st_mtim.tv_sec))
                guard now.timeIntervalSince(changed) > ReportStaging.unlockedStaleAge else { continue }
            }
            if (try? FileManager.default.removeItem(at: url)) != nil { removed.append(name) }
        }
        return removed
    }

    /// `.NAME.staging-UUID`, as ``ReportStaging`` names them.
    static func isStagingName(_ name: String) -> Bool {
        guard name.hasPrefix("."), let range = name.range(of: ".staging-", options: .backwards),
            range.lowerBound > name.index(after: name.startIndex)
        else { return false }
        return UUID(uuidString: String(name[range.upperBound...])) != nil
    }
}
