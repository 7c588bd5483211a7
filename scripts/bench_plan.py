#!/usr/bin/env python3
"""Start-up and planning benchmark: `fleetwx airports JFK`, `fleetwx plan Schedules/demo.csv`
and, given a large schedule, `fleetwx plan SCHEDULE` (reading, validating and planning every
row), each run several times; prints the median, minimum and maximum wall time.

Only the standard library; nothing is sent (plans are made with --replay, which reads no state).
Usage: scripts/bench_plan.py [--binary PATH] [--runs 5] [--schedule big.csv --replay DIR]
The binary defaults to the release build (`swift build -c release --product fleetwx` first).
"""
import argparse
import os
import resource
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def release_binary():
    out = subprocess.run(
        ["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT, capture_output=True, text=True, check=True)
    return os.path.join(out.stdout.strip(), "fleetwx")


def timed(command, runs):
    """Wall and CPU (user + system) seconds of each run: on a shared machine CPU is the steadier."""
    times, cpus = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        done = subprocess.run(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        times.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
        if done.returncode not in (0, 2):
            sys.exit(f"bench_plan: {' '.join(command)} exited {done.returncode}: {done.stderr.decode()[-500:]}")
    return times, cpus


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", help="the fleetwx to measure (default: the release build)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--schedule", help="a large schedule to plan as well (e.g. /work/bench100k/schedule.csv)")
    parser.add_argument("--replay", help="the replay directory for --schedule (plans without reading state)")
    parser.add_argument("--now", default="2026-12-01T00:00:00Z")
    args = parser.parse_args()
    binary = args.binary or release_binary()
    cases = [
        ("airports JFK", [binary, "airports", "JFK"]),
        ("plan Schedules/demo.csv", [binary, "plan", "Schedules/demo.csv", "--now", args.now]),
    ]
    if args.schedule:
        command = [binary, "plan", args.schedule, "--now", args.now]
        if args.replay:
            command += ["--replay", args.replay]
        cases.append((f"plan {os.path.basename(args.schedule)}", command))
    print(f"{'command':<32} {'wall median':>11} {'min':>7} {'max':>7} {'cpu median':>11}   ({args.runs} runs, seconds)")
    for name, command in cases:
        times, cpus = timed(command, args.runs)
        print(
            f"{name:<32} {statistics.median(times):11.3f} {min(times):7.3f} {max(times):7.3f} "
            f"{statistics.median(cpus):11.3f}")


if __name__ == "__main__":
    main()
