#!/usr/bin/env python3
"""Rejected-rows benchmark: memory and time of schedules that are almost all rejected.

Issue 9 saw 5 million duplicate rows peak at 2.67 GB (8 min 42 s) and one unterminated quote
in a 50 MB file peak at 1.19 GB, because rejected rows were kept in memory and the reader
buffered an open quote to the end of the file. Rejected rows now go straight to rejects.csv
and a record is never more than 64 KiB, so both must stay under 200 MB. This script builds:

- dups: the demo header, one good row and 5,000,000 copies of it (each a duplicate);
- quote: a 50 MB file whose third line opens a quote that is never closed;

runs `fleetwx run FILE --replay Schedules/demo-weather` on the release build for each, and
prints the wall time, the peak RSS of the run (from wait4), the exit code, and the rows of
rejects.csv. Python standard library only; the files go to a temporary folder, removed after.

Usage: scripts/bench_rejects.py [--binary .build/release/fleetwx] [--skip-build] [--rows 5000000]
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HEADER = "flight,origin,destination,departure,arrival,aircraft,tail\n"
ROW = "UA1545,ORD,JFK,2026-12-01T07:05,2026-12-01T10:15,B738,N37253\n"


def write_dups(path, rows):
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(HEADER)
        block = ROW * 10_000
        for _ in range(rows // 10_000):
            handle.write(block)
        handle.write(ROW * (rows % 10_000 + 1))


def write_quote(path, megabytes):
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(HEADER + ROW)
        handle.write('UA2,ORD,JFK,"2026-12-01T08:05,2026-12-01T11:15,B738,N1\n')
        index = 0
        while handle.tell() < megabytes * 1_000_000:
            lines = "".join(f"UA{3 + (index + i) % 9000},ORD,JFK,2026-12-01T09:05,2026-12-01T12:15,B738,N{i}\n"
                            for i in range(10_000))
            handle.write(lines)
            index += 10_000


def run(binary, schedule, out):
    environment = dict(os.environ, FLEETWX_TEMPLATES=os.path.join(ROOT, "Templates"), HOME=os.path.dirname(out))
    command = [binary, "run", schedule, "--replay", os.path.join(ROOT, "Schedules/demo-weather"), "--out", out,
               "--state", os.path.join(os.path.dirname(out), "state.sqlite")]
    started = time.monotonic()
    process = subprocess.Popen(command, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    stderr = process.stderr.read()
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.monotonic() - started
    process.returncode = os.waitstatus_to_exitcode(status)
    rejects = 0
    path = os.path.join(out, "rejects.csv")
    if os.path.exists(path):
        with open(path, "rb") as handle:
            rejects = sum(1 for _ in handle) - 1
    last = stderr.decode("utf-8", "replace").strip().splitlines()[-1:] or [""]
    return wall, usage.ru_maxrss / 1024, process.returncode, rejects, last[0][:160]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary")
    parser.add_argument("--skip-build", action="store_true")
    parser.add_argument("--rows", type=int, default=5_000_000)
    parser.add_argument("--megabytes", type=int, default=50)
    args = parser.parse_args()
    binary = args.binary
    if binary is None:
        if not args.skip_build:
            subprocess.run(["swift", "build", "-c", "release", "--product", "fleetwx"], cwd=ROOT, check=True)
        bin_path = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT, check=True,
                                  capture_output=True, text=True).stdout.strip()
        binary = os.path.join(bin_path, "fleetwx")
    work = tempfile.mkdtemp(prefix="bench-rejects-")
    try:
        cases = [("dups", f"{args.rows:,} duplicate rows", write_dups, args.rows),
                 ("quote", f"{args.megabytes} MB, unterminated quote on line 3", write_quote, args.megabytes)]
        for name, title, make, size in cases:
            schedule = os.path.join(work, f"{name}.csv")
            make(schedule, size)
            megabytes = os.path.getsize(schedule) / 1_000_000
            wall, peak, code, rejects, last = run(binary, schedule, os.path.join(work, f"out-{name}"))
            print(f"{title} ({megabytes:.0f} MB file): wall {wall:.1f} s, peak RSS {peak:.0f} MiB, exit {code}, "
                  f"{rejects:,} rows in rejects.csv")
            print(f"  {last}")
            os.remove(schedule)
            shutil.rmtree(os.path.join(work, f"out-{name}"), ignore_errors=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
