#!/usr/bin/env python3
"""The floor of writing a report's files on this machine: the same paths and sizes, no page built.

Issue 13 asks for 100,000 flights in under 10 s while every output stays byte for byte what
the earlier issues made: 3.42 GB in 53,805 files. This script measures what only creating those
files and writing that many bytes into them costs here, with nothing computed: it lists a
finished report (its files' relative paths and sizes), then writes the same tree into a fresh
directory from one prepared buffer, with WORKERS processes (default 2, one per core) each
taking every WORKERS-th file, and prints wall time, CPU time (user + system, all workers), the
bytes and files written, and the throughput. The written trees are deleted after the last run.
The file count is every file of the report, run.json included (scripts/same_report.py counts
run.json apart: 53,804 files compared byte for byte and run.json, 53,805 in all at 100k).

On this machine (a VM whose guest memory the host backs lazily, with free-page reporting:
memory the guest frees goes back to the host and the next first write of each page faults on
the host again) writing into new page-cache pages is far slower than on a dedicated machine;
see docs/performance.md, "The machine's floor".

Usage: scripts/bench_write_floor.py REPORT_DIR [--workers N] [--runs N] [--work DIR]
"""
import argparse
import os
import resource
import shutil
import statistics
import sys
import time
import traceback


def listing(report):
    files = []
    for folder, _, names in os.walk(report):
        for name in names:
            path = os.path.join(folder, name)
            if os.path.isfile(path) and not os.path.islink(path):
                files.append((os.path.relpath(path, report), os.path.getsize(path)))
    files.sort()
    return files


def write_share(files, out, worker, workers, buffer):
    view = memoryview(buffer)
    for index in range(worker, len(files), workers):
        relative, size = files[index]
        path = os.path.join(out, relative)
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC, 0o644)
        try:
            written = 0
            while written < size:
                written += os.write(descriptor, view[written:size])
        finally:
            os.close(descriptor)


def run_once(files, out, workers, buffer):
    folders = sorted({os.path.dirname(relative) for relative, _ in files})
    started = time.monotonic()
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    for folder in folders:
        os.makedirs(os.path.join(out, folder), exist_ok=True)
    children = []
    for worker in range(workers):
        pid = os.fork()
        if pid == 0:
            code = 1
            try:
                write_share(files, out, worker, workers, buffer)
                code = 0
            except BaseException:  # said, and the parent stops: a failed writer is no floor
                traceback.print_exc()
            finally:
                os._exit(code)
        children.append(pid)
    for pid in children:
        _, status = os.waitpid(pid, 0)
        if os.waitstatus_to_exitcode(status) != 0:
            sys.exit("a writer failed")
    wall = time.monotonic() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime), (after.ru_stime - before.ru_stime)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("report")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--work", default=None, help="where the copies are written (default: beside the report)")
    args = parser.parse_args()
    report = os.path.realpath(args.report)
    files = listing(report)
    if not files:
        sys.exit(f"{args.report}: no files")
    total = sum(size for _, size in files)
    largest = max(size for _, size in files)
    buffer = bytes(b"x" * largest)  # filled, so the source pages are real memory, not zero pages
    work = args.work or os.path.dirname(report)
    walls = []
    written = []
    try:
        for run in range(args.runs):
            out = os.path.join(work, f".write-floor-{os.getpid()}-{run}")
            written.append(out)
            wall, user, system = run_once(files, out, args.workers, buffer)
            walls.append(wall)
            print(f"run {run + 1}: {len(files)} files, {total / 1e9:.2f} GB, {args.workers} writers: "
                  f"wall {wall:.2f} s, CPU {user + system:.2f} s (user {user:.2f}, system {system:.2f}), "
                  f"{total / wall / 1e6:.0f} MB/s", flush=True)
    finally:
        # Every run's copy stays until the last run is done: deleting one right before the next
        # creates as many would slow the next (docs/performance.md, "Measuring on this machine").
        for out in written:
            shutil.rmtree(out, ignore_errors=True)
    if args.runs > 1:
        print(f"median wall {statistics.median(walls):.2f} s")


if __name__ == "__main__":
    main()
