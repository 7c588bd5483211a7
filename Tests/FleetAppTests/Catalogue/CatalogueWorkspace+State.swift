import FleetStore
import FleetTestSupport
import Foundation

/// State databases for the catalogue's state cases: the schema through `StateStore`'s initializer, the rest through python3's
/// `sqlite3` module (the fake server's interpreter; the product's own SQLite is never bypassed
/// in the product).
extension CatalogueWorkspace {
    /// A fleetwx state database at `name`, with `rows` cache entries of 3 KB (so the cache spans
    /// many pages) and this month's quota use.
    func stateDatabase(_ name: String = "st.sqlite", cacheRows: Int = 300) async throws {
        _ = try StateStore(path: url(name).path)
        try await python(
            """
            import sqlite3, sys
            c = sqlite3.connect(sys.argv[1])
            for i in range(\(cacheRows)):
                c.execute("INSERT INTO cache_entry (cell, data_set, fetched_at, body) VALUES (?, 'x', 0, ?)",
                          ("%d,0" % i, b"z" * 3000))
            c.execute("INSERT INTO quota_month (month, requests) VALUES ('2026-11', 7)")
            c.commit()
            c.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            """, name)
    }

    /// Runs SQL on the database at `name` (and checkpoints, so the main file holds it all).
    func sql(_ statements: String, on name: String = "st.sqlite") async throws {
        try await python(
            """
            import sqlite3, sys
            c = sqlite3.connect(sys.argv[1], isolation_level=None)
            c.executescript(sys.argv[2])
            c.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            """, name, statements)
    }

    /// Overwrites the root page of `table` in the database at `name` with garbage.
    func damage(_ table: String, in name: String = "st.sqlite") async throws {
        try await python(
            """
            import sqlite3, sys
            c = sqlite3.connect(sys.argv[1])
            size = c.execute("PRAGMA page_size").fetchone()[0]
            root = c.execute("SELECT rootpage FROM sqlite_master WHERE name = ?", (sys.argv[2],)).fetchone()[0]
            c.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            c.close()
            with open(sys.argv[1], "r+b") as f:
                f.seek((root - 1) * size)
                f.write(b"\\xde\\xad\\xbe\\xef" * (size // 4))
            """, name, table)
    }

    /// Cuts the file at `name` to `fraction` of its size.
    func truncate(_ name: String, to fraction: Double) throws {
        let handle = try FileHandle(forWritingTo: url(name))
        defer { try? handle.close() }
        let size = try handle.seekToEnd()
        try handle.truncate(atOffset: UInt64(Double(size) * fraction))
    }

    /// Starts a python3 child that holds an exclusive transaction on the database at `name`
    /// until the case's directory is removed, a file `.release` appears in it, or a minute
    /// passes, and returns once it holds it.
    func lock(_ name: String = "st.sqlite") throws {
        try SQLiteHolder.hold(url(name), until: directory.url, after: "c.execute(\"BEGIN EXCLUSIVE\")")
    }

    /// A FIFO at `name`.
    func fifo(_ name: String) throws {
        guard mkfifo(url(name).path, 0o644) == 0 else { throw LiveTestError("mkfifo \(name) failed") }
    }

    /// Runs a python3 script on the file `name`, waiting without blocking a thread:
    /// `waitUntilExit()` holds one of the few cooperative threads every test shares, and under
    /// load that starved the wall-clock waits of other suites.
    private func python(_ script: String, _ name: String, _ more: String...) async throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, url(name).path] + more
        try process.run()
        while process.isRunning { try await Task.sleep(for: .milliseconds(10)) }
        guard process.terminationStatus == 0 else { throw LiveTestError("python3 failed on \(name)") }
    }
}

/// A python3 child that opens a SQLite file, runs some statements and then holds its
/// transaction open: another process's lock or half-written pages, as a state file meets them.
enum SQLiteHolder {
    /// Starts the child and returns once it holds the file.
    ///
    /// - Parameters:
    ///   - file: The database (`c` in the statements is its connection, in autocommit mode).
    ///   - directory: The child lets go when this folder is removed, a file `.release`
    ///     appears in it, or a minute passes.
    ///   - statements: Python lines run before holding (they begin the transaction).
    /// - Throws: ``LiveTestError`` when the child does not get there.
    static func hold(_ file: URL, until directory: URL, after statements: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", "-c",
            """
            import os, sqlite3, sys, time
            c = sqlite3.connect(sys.argv[1], isolation_level=None)
            \(statements)
            print("locked", flush=True)
            end = time.time() + 60
            while os.path.exists(sys.argv[2]) and not os.path.exists(sys.argv[2] + "/.release") and time.time() < end:
                time.sleep(0.05)
            """, file.path, directory.path,
        ]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let line = output.fileHandleForReading.readData(ofLength: 7)
        guard String(decoding: line, as: UTF8.self) == "locked\n" else {
            throw LiveTestError("the python3 child could not take hold of \(file.lastPathComponent)")
        }
    }
}
