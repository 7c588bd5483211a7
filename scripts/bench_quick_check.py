#!/usr/bin/env python3
"""What the state database's quick check at open costs (README "State, cache and quota").

Builds a fleetwx state file of about --megabytes MB (the schema made by a replayed demo run,
then cache entries of 20 KB, the size of a 240-hour body), and prints the time of SQLite's
`PRAGMA quick_check(1)` on it (python3's sqlite3 module, the same SQLite library on Debian) and
the wall time of `fleetwx cache --state FILE`, which opens the file (and so runs the check).

    python3 scripts/bench_quick_check.py [--megabytes 50] [--binary .build/release/fleetwx]
"""

import argparse
import os
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--megabytes", type=int, default=50)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/fleetwx"))
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    if not os.path.exists(args.binary):
        sys.exit(f"{args.binary} is missing: swift build -c release (or pass --binary)")
    with tempfile.TemporaryDirectory() as work:
        state = os.path.join(work, "state.sqlite")
        env = dict(os.environ, FLEETWX_TEMPLATES=os.path.join(ROOT, "Templates"))
        subprocess.run(
            [args.binary, "run", os.path.join(ROOT, "Schedules/demo.csv"), "--replay",
             os.path.join(ROOT, "Schedules/demo-weather"), "--state", state, "--out", os.path.join(work, "r")],
            env=env, check=False, capture_output=True)
        connection = sqlite3.connect(state)
        body = os.urandom(20_000)
        rows = args.megabytes * 1_000_000 // len(body)
        connection.executemany(
            "INSERT INTO cache_entry (cell, data_set, fetched_at, body) VALUES (?, 'forecastHourly', 0, ?)",
            (("%d,%d" % (i // 1000, i % 1000), body) for i in range(rows)))
        connection.commit()
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        connection.close()
        size = os.path.getsize(state) / 1e6
        checks = []
        for _ in range(args.runs):
            connection = sqlite3.connect(state)
            start = time.perf_counter()
            answer = connection.execute("PRAGMA quick_check(1)").fetchone()[0]
            checks.append(time.perf_counter() - start)
            connection.close()
        opens = []
        for _ in range(args.runs):
            start = time.perf_counter()
            subprocess.run([args.binary, "cache", "--state", state], env=env, check=True, capture_output=True)
            opens.append(time.perf_counter() - start)
        print(f"state file: {size:.1f} MB, {rows} cache entries; quick_check says {answer!r}")
        print(f"PRAGMA quick_check(1): median {statistics.median(checks):.3f} s "
              f"(min {min(checks):.3f}, max {max(checks):.3f}) over {args.runs} runs")
        print(f"fleetwx cache (open with the check, then the summary): median {statistics.median(opens):.3f} s "
              f"(min {min(opens):.3f}, max {max(opens):.3f})")


if __name__ == "__main__":
    main()
