#!/usr/bin/env python3
"""Pipeline benchmark: a 10,000-flight schedule over 500 airports, replayed, release build.

Generates the schedule and matching replay recordings (synthetic WeatherKit bodies) under
bench-work/, builds fleetwx in release mode, runs it, and prints wall time, CPU time, peak
memory and flights per second. Nothing here needs credentials or network.

Usage: scripts/bench_pipeline.py [--flights 10000] [--airports 500] [--routes 3000] [--runs 3]

To measure fleetwx against the plain Python implementation of the same job
(scripts/plain_fleetwx.py) at 10,000 and 100,000 flights in one run, use
scripts/bench_compare.py, which shares this script's input generator.
"""
import argparse
import csv
import datetime as dt
import os
import random
import shutil
import subprocess
import sys
import time
import json

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import make_demo  # noqa: E402  (shares the WeatherKit body generator)

ROOT = make_demo.ROOT
WORK = os.path.join(ROOT, "bench-work")


def pick_airports(count, rng):
    airports = make_demo.load_airports()
    seen_cells, chosen = set(), []
    candidates = sorted({row["icao"]: row for row in airports.values() if row["iata"]}.values(), key=lambda r: r["icao"])
    rng.shuffle(candidates)
    for row in candidates:
        cell = (round(float(row["lat"]), 2), round(float(row["lon"]), 2))
        if cell in seen_cells:
            continue
        seen_cells.add(cell)
        chosen.append(row)
        if len(chosen) == count:
            break
    return chosen


def flight_number(index):
    """A valid designator for the index-th flight: carrier plus 1 to 4 digits (BX1…BX9999, then
    BY1…, BZ1…), so a 100,000-flight schedule is not rejected from its 10,000th row on."""
    carrier = "BX" if index < 9999 else "B" + "YZABCDEFGHIJKLMNOPQRSTUVW"[(index // 9999 - 1) % 25]
    return f"{carrier}{index % 9999 + 1}"


def write_inputs(flights, airports, routes, base, rng, work=WORK):
    """Writes the schedule and its recordings under `work` (schedule.csv, weather/); the same
    arguments and seed always give the same files (scripts/bench_compare.py caches them)."""
    os.makedirs(os.path.join(work, "weather"), exist_ok=True)
    for name in os.listdir(os.path.join(work, "weather")):
        os.remove(os.path.join(work, "weather", name))
    chosen = pick_airports(airports, rng)
    pairs = set()
    while len(pairs) < routes:
        origin, destination = rng.sample(chosen, 2)
        pairs.add((origin["iata"], destination["iata"]))
    pairs = sorted(pairs)
    schedule = os.path.join(work, "schedule.csv")
    with open(schedule, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(["flight", "origin", "destination", "departure", "arrival", "aircraft", "tail"])
        for index in range(flights):
            origin, destination = pairs[index % len(pairs)]
            departure = base + dt.timedelta(minutes=rng.randrange(0, 2 * 24 * 60, 5))
            arrival = departure + dt.timedelta(minutes=rng.randrange(45, 14 * 60, 5))
            writer.writerow([flight_number(index), origin, destination, make_demo.iso(departure), make_demo.iso(arrival),
                             "A320", f"N{index:05d}"])
    for seed, row in enumerate(chosen, start=1):
        climate = (rng.uniform(-20, 35), rng.uniform(2, 8), rng.uniform(5, 40), rng.uniform(0.3, 0.95),
                   rng.choice(["Clear", "Cloudy", "Rain", "Snow", "PartlyCloudy", "Foggy", "Thunderstorms"]))
        body = make_demo.body_for(row["iata"], row, base, seed, climate=climate, hour_count=5 * 24)
        with open(os.path.join(work, "weather", f"{row['iata']}.json"), "w", encoding="utf-8") as handle:
            json.dump(body, handle, separators=(",", ":"))
    return schedule, len(chosen), len(pairs)


def run_once(binary, schedule, out_root, index):
    """Runs fleetwx once; returns wall seconds, CPU seconds and peak RSS (MiB) of that process.

    Each run writes a report directory of its own: deleting thousands of files just before
    creating thousands more makes ext4 skip recently freed inodes, which a nightly job (one
    new dated directory a day) never meets.
    """
    out = os.path.join(out_root, f"report-{index}")
    # One state file per binary: builds with different schema versions cannot share one.
    state = os.path.join(WORK, f"state-{abs(hash(binary)) % 10**8}.sqlite")
    started = time.monotonic()
    process = subprocess.Popen(
        [binary, "run", schedule, "--replay", os.path.join(WORK, "weather"), "--out", out, "--state", state,
         "--now", "2026-12-01T00:00:00Z"],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.monotonic() - started
    code = os.waitstatus_to_exitcode(status)
    stderr = process.stderr.read()
    process.returncode = code
    if code not in (0, 2):
        sys.exit(f"fleetwx failed with exit {code}:\n{stderr}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--flights", type=int, default=10_000)
    parser.add_argument("--airports", type=int, default=500)
    parser.add_argument("--routes", type=int, default=3_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--binary", action="append", default=[],
                        help="measure this fleetwx binary instead of building one (repeatable: the binaries "
                             "run in turns, so a slow spell on a shared machine hits them alike)")
    args = parser.parse_args()
    rng = random.Random(20261201)
    base = dt.datetime(2026, 12, 1, tzinfo=dt.timezone.utc)
    schedule, airports, routes = write_inputs(args.flights, args.airports, args.routes, base, rng)
    binaries = [os.path.abspath(path) for path in args.binary]
    if not binaries:
        subprocess.run(["swift", "build", "-c", "release", "--product", "fleetwx"], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL)
        binaries = [subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT, check=True,
                                   capture_output=True, text=True).stdout.strip() + "/fleetwx"]
    print(f"schedule: {args.flights} flights, {airports} airports, {routes} routes (replayed, release build)")
    # Outputs go to a directory of this invocation's own and are deleted only after measuring:
    # creating thousands of files right after deleting thousands makes ext4 scan past the
    # recently freed inodes, which a nightly job (a new dated directory each day) never meets.
    out_root = os.path.join(WORK, "out", time.strftime("%Y%m%dT%H%M%S"))
    results = {binary: [] for binary in binaries}
    for index in range(args.runs):
        for number, binary in enumerate(binaries):
            results[binary].append(run_once(binary, schedule, out_root, f"{number}-{index}"))
    shutil.rmtree(os.path.join(WORK, "out"), ignore_errors=True)
    for binary, runs in results.items():
        if len(binaries) > 1:
            print(f"binary {binary}:")
        for index, (wall, cpu, rss) in enumerate(runs, start=1):
            print(f"run {index}: wall {wall:.2f} s, cpu {cpu:.2f} s, peak rss {rss:.0f} MiB, "
                  f"{args.flights / wall:,.0f} flights/s")
        best = min(runs)
        median = sorted(runs)[len(runs) // 2]
        for label, (wall, cpu, rss) in (("median", median), ("best", best)):
            print(f"{label}: wall {wall:.2f} s, cpu {cpu:.2f} s, peak rss {rss:.0f} MiB, "
                  f"{args.flights / wall:,.0f} flights/s")


if __name__ == "__main__":
    main()
