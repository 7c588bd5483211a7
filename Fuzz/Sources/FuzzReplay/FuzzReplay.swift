import FleetAirports
import FleetFetch
import FleetPlan
import FleetSchedule
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Splits the input into recordings at each `separator` line, writes them as `r0.json`,
/// `r1.json`, … into a folder of this process's own, loads the folder as `--replay DIR` does
/// and serves a small plan (flights between demo airports, so a recording made at one of
/// them is matched to its cell). Any folder must either load, with a problem named for each
/// file it could not use, or be refused; every planned cell gets an outcome.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReplay(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = start.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
    let pieces = split(bytes)
    for index in 0..<maximumFiles {
        let file = folder.appendingPathComponent("r\(index).json")
        if index < pieces.count {
            do {
                try Data(pieces[index]).write(to: file)
            } catch {
                preconditionFailure("cannot write \(file.path): \(error)")
            }
        } else {
            unlink(file.path)
        }
    }
    let replay: ReplaySource
    do {
        replay = try ReplaySource(directory: folder, grid: plan.grid)
    } catch {
        preconditionFailure("the replay folder was refused: \(error)")
    }
    precondition(replay.fileCount <= pieces.count, "\(replay.fileCount) bodies from \(pieces.count) files")
    precondition(replay.places.count <= replay.fileCount, "\(replay.places.count) places from \(replay.fileCount)")
    let report = replay.serve(plan)
    precondition(report.outcomes.count == plan.cells.count, "\(report.outcomes.count) of \(plan.cells.count) cells")
    return 0
}

/// The line that separates one recording from the next in an input (in the dictionary).
private let separator = Array("\n--next-file--\n".utf8)
/// Most recordings made from one input (the rest of the input stays in the last one).
private let maximumFiles = 4

/// The input cut at each separator, into at most ``maximumFiles`` pieces (empty ones kept: an
/// empty recording is an input too).
///
/// Searched by hand, not with the standard library's `split(separator:maxSplits:…)` for a
/// collection separator: that one (from `_StringProcessing`) resolves generic metadata as it
/// searches and took 36% of this fuzzer's time, slowing it from about 1,700 to 270 inputs a
/// second (a `perf` profile, issue 9's review).
private func split(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
    var pieces: [ArraySlice<UInt8>] = []
    var rest = bytes[...]
    while pieces.count < maximumFiles - 1, let range = firstRange(of: separator, in: rest) {
        pieces.append(rest[..<range.lowerBound])
        rest = rest[range.upperBound...]
    }
    pieces.append(rest)
    return pieces
}

/// Where `needle` first occurs in `haystack` (compared from its first byte on).
private func firstRange(of needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Range<Int>? {
    guard haystack.count >= needle.count, let first = needle.first else { return nil }
    var index = haystack.startIndex
    while index <= haystack.endIndex - needle.count {
        if haystack[index] == first, haystack[index..<index + needle.count].elementsEqual(needle) {
            return index..<index + needle.count
        }
        index += 1
    }
    return nil
}

/// This process's recordings folder, in `/dev/shm` when there is one (no disk writes per run),
/// removed at exit.
private let folder: URL = {
    let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
    let url = URL(fileURLWithPath: base).appendingPathComponent("fleetwx-fuzz-replay-\(getpid())")
    do {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    } catch {
        preconditionFailure("cannot create \(url.path): \(error)")
    }
    folderPath = url.path
    atexit {
        if let path = folderPath { try? FileManager.default.removeItem(atPath: path) }
    }
    return url
}()

/// The folder's path for the exit handler (a C function pointer captures nothing). Unsafe is fine:
/// libFuzzer runs inputs on one thread, and this is written once, before the handler can run.
nonisolated(unsafe) private var folderPath: String?

/// Flights at the demo's airports on the demo's night, planned on the default grid.
private let plan: FetchPlan = {
    let text = """
        flight,origin,destination,departure,arrival
        UA1,ORD,JFK,2026-12-01T07:05,2026-12-01T10:15
        BA2,LHR,CDG,2026-12-01T09:15,2026-12-01T11:25
        QF3,SYD,AKL,2026-12-01T10:00,2026-12-01T15:00
        """
    do {
        let schedule = try ScheduleReader(airports: try AirportDirectory.bundled()).read(text: text)
        let now = Date(timeIntervalSince1970: 1_796_014_800)  // 2026-11-30T05:00Z, as the catalogue
        return Planner(grid: try Grid(), now: now).plan(schedule.flights)
    } catch {
        preconditionFailure("the fuzz plan does not build: \(error)")
    }
}()
