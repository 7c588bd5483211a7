#!/usr/bin/env python3
"""Why the state file's identity is read in one statement (Sources/FleetStore/DatabaseProbe.swift).

fleetwx looks at an existing `--state` file through an `immutable` SQLite connection before it
writes to it, so another application's database gets no -wal/-shm files beside it. Such a
connection takes no lock. This script creates fresh state-like files in one process (WAL mode,
then a first migration that sets the application id and creates tables in one transaction, then
writes) while another process reads the marker, the schema version and the table count again and
again, both ways: as three statements, and as one. It prints how many readings mixed two states of
the file (a table count from after the migration with a marker from before it), which fleetwx would
have refused as "a SQLite database of another application".

    python3 scripts/probe_race.py [--rounds 30]

Seen on the development machine (30 rounds each): three statements, 9 mixed readings of 54,671;
one statement, 0 of 51,193 (and 0 of 81,756 in 60 more rounds). python3's sqlite3 module uses
Debian's SQLite library, the one fleetwx links.
"""

import argparse
import multiprocessing
import os
import sqlite3
import tempfile
import time

MARKER = 0x464C5758  # "FLWX", Migrations.applicationID
MIGRATION = ["PRAGMA application_id = %d" % MARKER] + [
    statement
    for index in range(8)
    for statement in (
        f"CREATE TABLE t{index} (a INTEGER PRIMARY KEY, b TEXT, c TEXT, d REAL)",
        f"CREATE INDEX i{index} ON t{index} (b, c)",
    )
]
ONE_STATEMENT = (
    "SELECT (SELECT application_id FROM pragma_application_id), "
    "(SELECT user_version FROM pragma_user_version), (SELECT count(*) FROM sqlite_master)"
)


def create(path, go):
    """Makes a new state-like file as StateStore does: WAL, then migration 1, then writes."""
    go.wait()
    connection = sqlite3.connect(path, isolation_level=None, timeout=15)
    while True:
        try:
            if connection.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                connection.execute("PRAGMA journal_mode = wal")
            break
        except sqlite3.OperationalError:  # another writer's lock: SQLite does not wait here
            time.sleep(0.001)
    connection.execute("BEGIN IMMEDIATE")
    if connection.execute("PRAGMA user_version").fetchone()[0] == 0:
        for statement in MIGRATION:
            connection.execute(statement)
        connection.execute("PRAGMA user_version = 1")
    connection.execute("COMMIT")
    for value in range(300):
        connection.execute("INSERT INTO t0 (b, c, d) VALUES (?, ?, ?)", ("x" * 50, "y" * 50, value))
    connection.close()


def read(path, one_statement):
    """Reads the file's identity for a second as DatabaseProbe does; returns (readings, mixed)."""
    while not os.path.exists(path):
        pass
    readings = mixed = 0
    end = time.monotonic() + 1.0
    while time.monotonic() < end:
        wal = os.path.exists(path + "-wal")
        uri = f"file:{path}?" + ("mode=ro" if wal else "immutable=1")
        try:
            connection = sqlite3.connect(uri, uri=True, timeout=15)
            if one_statement:
                marker, version, tables = connection.execute(ONE_STATEMENT).fetchone()
            else:
                marker = connection.execute("PRAGMA application_id").fetchone()[0]
                version = connection.execute("PRAGMA user_version").fetchone()[0]
                tables = connection.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
            connection.close()
        except sqlite3.DatabaseError:
            continue  # a file still empty or being switched: DatabaseProbe meets these too
        readings += 1
        if marker != MARKER and (marker != 0 or tables > 0 or version != 0):
            mixed += 1
    return readings, mixed


def trial(one_statement, rounds, folder):
    total = mixed = 0
    for number in range(rounds):
        path = os.path.join(folder, f"state{int(one_statement)}-{number}.sqlite")
        go = multiprocessing.Event()
        creator = multiprocessing.Process(target=create, args=(path, go))
        creator.start()
        with multiprocessing.Pool(1) as pool:
            result = pool.apply_async(read, (path, one_statement))
            time.sleep(0.05)
            go.set()
            readings, wrong = result.get()
        creator.join()
        total += readings
        mixed += wrong
    return total, mixed


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=30, help="new files per way of reading (default 30)")
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        for one_statement, name in ((False, "three statements"), (True, "one statement")):
            total, mixed = trial(one_statement, arguments.rounds, folder)
            print(f"{name}: {mixed} mixed readings of {total:,}")


if __name__ == "__main__":
    main()
