import FleetTestSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Bad replay folders: the folder itself (missing, a file, a loop, empty) and what is in it
/// (directories, FIFOs, devices, loops, huge or non-JSON files named `*.json`).
extension BadInputCatalogue {
    static let replayFolders: [BadInput] = [
        BadInput(
            "replay", "missing folder", setup: { try $0.demoSchedule() }, replay("nope"), exit: 1,
            "cannot read the replay directory", notInMessage: ["doesn’t exist"]),
        BadInput(
            "replay", "missing folder says what --replay needs", setup: { try $0.demoSchedule() }, replay("nope"),
            exit: 1, "no such folder; --replay needs a folder of recorded .json bodies"),
        BadInput(
            "replay", "--replay names a file", setup: { try $0.demoSchedule() }, replay("demo.csv"), exit: 1,
            "demo.csv: it is a regular file, not a folder"),
        BadInput(
            "replay", "--replay names a FIFO",
            setup: {
                try $0.demoSchedule()
                try $0.fifo("pipe")
            },
            replay("pipe"), exit: 1, "it is a FIFO, not a folder"),
        BadInput(
            "replay", "the folder is a symbolic link loop",
            setup: {
                try $0.demoSchedule()
                try $0.symlink("a", to: "b")
                try $0.symlink("b", to: "a")
            },
            replay("a"), exit: 1, "it is a symbolic link loop"),
        BadInput(
            "replay", "a path too long", setup: { try $0.demoSchedule() },
            replay(String(repeating: "w", count: 5_000)), exit: 1, "the path is too long"),
        BadInput(
            "replay", "an empty folder",
            setup: {
                try $0.demoSchedule()
                try $0.folder("weather")
            },
            replay(), exit: 1, "no recorded weather"),
        BadInput(
            "replay", "a folder of files not named .json",
            setup: {
                try $0.demoSchedule()
                try $0.write("notes", to: "weather/README.txt")
            },
            replay(), exit: 1, "no recorded weather"),
        BadInput(
            "replay", "an unreadable folder",
            setup: {
                try $0.demoRun()
                try $0.chmod("weather", 0o000)
            },
            replay(), exit: runningAsRoot ? 0 : 1, runningAsRoot ? "flights briefed" : "permission denied"),
        BadInput(
            "replay", "a directory named *.json",
            setup: {
                try $0.demoRun()
                try $0.folder("weather/extra.json")
            },
            replay(), exit: 0, "extra.json: it is a directory, not a regular file; skipped"),
        BadInput(
            "replay", "a FIFO named *.json",
            setup: {
                try $0.demoRun()
                try $0.fifo("weather/pipe.json")
            },
            replay(), exit: 0, "pipe.json: it is not a regular file (a FIFO); skipped"),
        BadInput(
            "replay", "a link to /dev/zero named *.json",
            setup: {
                try $0.demoRun()
                try $0.symlink("weather/zero.json", to: "/dev/zero")
            },
            replay(), exit: 0, "zero.json: it is not a regular file (a character device)"),
        BadInput(
            "replay", "a symbolic link loop named *.json",
            setup: {
                try $0.demoRun()
                try $0.symlink("weather/loop.json", to: "loop.json")
            },
            replay(), exit: 0, "loop.json: cannot be read (it is a symbolic link loop",
            notInMessage: ["Too many levels"]),
        BadInput(
            "replay", "a dangling link named *.json",
            setup: {
                try $0.demoRun()
                try $0.symlink("weather/gone.json", to: "nowhere.json")
            },
            replay(), exit: 0, "gone.json: cannot be read (no such file)"),
        BadInput(
            "replay", "a recording over the size limit",
            setup: {
                try $0.demoRun()
                try $0.sparse("weather/huge.json", bytes: 16 * 1024 * 1024 + 1)
            },
            replay(), exit: 0, "huge.json: 16,777,217 bytes, over the 16,777,216-byte limit"),
        BadInput(
            "replay", "a text file named *.json",
            setup: {
                try $0.demoRun()
                try $0.write("hello, not JSON", to: "weather/notes.json")
            },
            replay(), exit: 0, "notes.json: not a WeatherKit weather body"),
        BadInput(
            "replay", "an empty file named *.json",
            setup: {
                try $0.demoRun()
                try $0.write("", to: "weather/empty.json")
            },
            replay(), exit: 0, "empty.json: not a WeatherKit weather body"),
        BadInput(
            "replay", "a JSON array named *.json",
            setup: {
                try $0.demoRun()
                try $0.write("[1, 2]", to: "weather/list.json")
            },
            replay(), exit: 0, "list.json: not a WeatherKit weather body (the body is an array"),
        BadInput(
            "replay", "a long file name is shown bounded",
            setup: {
                try $0.demoRun()
                try $0.write("nope", to: "weather/" + String(repeating: "n", count: 240) + ".json")
            },
            replay(), exit: 0, "… (245 bytes): not a WeatherKit weather body",
            notInMessage: [String(repeating: "n", count: 101)]),
        BadInput(
            "replay", "an empty --replay value", setup: { try $0.demoSchedule() }, replay(""), exit: 64,
            "--replay needs a folder, got an empty value"),
    ]

    /// `run demo.csv --replay FOLDER --out r`.
    static func replay(_ folder: String = "weather") -> [String] {
        ["run", "demo.csv", "--replay", folder, "--out", "r"]
    }

    /// Root reads folders whatever their mode, so an unreadable folder is readable to it.
    static let runningAsRoot = getuid() == 0
}

extension CatalogueWorkspace {
    /// A sparse file of `bytes` bytes (nothing is written, so it costs no disk).
    func sparse(_ name: String, bytes: UInt64) throws {
        let target = try write("", to: name)
        let handle = try FileHandle(forWritingTo: target)
        defer { try? handle.close() }
        try handle.truncate(atOffset: bytes)
    }
}
