#!/usr/bin/env python3
"""Benchmark: reading and expanding an SSIM season of 50,000 flight legs (issue 15).

Writes a season of LEGS legs (ten carriers, half in local and half in UTC time mode, weekly and
fortnightly, periods of the winter season over ~2,000 airports), and the CSV of the dated
flights fleetwx expands it to for the default two-day window. Then times, in turns,
`fleetwx plan` on each (the whole command: airport directory, reading, expansion, planning)
and prints medians and the ratio. Reading the SSIM costs the difference, at most.

    swift build -c release
    python3 scripts/bench_ssim.py [--legs 50000] [--runs 5] [--binary .build/release/fleetwx]
"""
import argparse
import csv
import datetime as dt
import json
import os
import pathlib
import random
import statistics
import subprocess
import sys
import tempfile
import time
from zoneinfo import ZoneInfo

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import ssim_write as w  # noqa: E402

FROM = dt.date(2026, 12, 1)


def stations(count, rng):
    rows = []
    with open(ROOT / "Sources/FleetAirports/Resources/airports.csv", newline="") as handle:
        for row in csv.DictReader(handle):
            if len(row["iata"]) == 3 and row["iata"].isalpha() and row["tz"] and row["icao"][:1] != "_":
                rows.append(row)
    seen, unique = set(), []
    for row in rows:
        if row["iata"] not in seen:
            seen.add(row["iata"])
            unique.append(row)
    return rng.sample(unique, count)


def season(legs, rng):
    airports = stations(2000, rng)
    zones = {row["iata"]: ZoneInfo(row["tz"]) for row in airports}
    records = [w.header()] + [w.PADDING] * 4
    per_carrier = legs // 10
    for index in range(10):
        airline = f"Q{chr(ord('A') + index)}"
        mode = "L" if index % 2 == 0 else "U"
        records.append(w.carrier(airline, mode, "W26", "01NOV26", "06MAR27"))
        for number in range(1, per_carrier + 1):
            origin, destination = rng.sample(airports, 2)
            days = "".join(str(d) if rng.random() < 0.6 else " " for d in range(1, 8))
            if not days.strip():
                days = "1      "
            std = rng.randrange(0, 24 * 60)
            block = rng.randrange(45, 14 * 60)
            sta_total = std + block
            noon = dt.datetime(2026, 12, 1, 12, tzinfo=dt.timezone.utc)
            dep_var = int(noon.astimezone(zones[origin["iata"]]).utcoffset().total_seconds())
            arr_var = int(noon.astimezone(zones[destination["iata"]]).utcoffset().total_seconds())
            if mode == "L":
                sta_total += (arr_var - dep_var) // 60
            arrival_days = sta_total // (24 * 60)
            sta = sta_total % (24 * 60)
            if not 0 <= arrival_days <= 2:
                arrival_days, sta = 0, (std + 60) % (24 * 60)
                if sta < std:
                    arrival_days = 1
            records.append(w.leg(
                airline, str(number % 10000), number // 10000 + 1, 1, "01NOV26", "06MAR27", days,
                origin["iata"], f"{std // 60:02d}{std % 60:02d}", w.variation(dep_var),
                destination["iata"], f"{sta // 60:02d}{sta % 60:02d}", w.variation(arr_var), "320",
                frequency="2" if number % 5 == 0 else " ", sta_days=str(arrival_days)))
        records.append(w.trailer(airline, 0, "E" if index == 9 else "C"))
    return w.serialise(records)


def run(binary, schedule, extra, env):
    started = time.perf_counter()
    result = subprocess.run(
        [binary, "plan", str(schedule), "--replay", str(ROOT / "Schedules/demo-weather"), "--json"] + extra,
        capture_output=True, text=True, env=env)
    elapsed = time.perf_counter() - started
    if result.returncode != 0:
        sys.exit(f"plan failed ({result.returncode}): {result.stderr[-2000:]}")
    return elapsed, json.loads(result.stdout)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--legs", type=int, default=50_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--binary", default=str(ROOT / ".build/release/fleetwx"))
    args = parser.parse_args()
    rng = random.Random(15)
    env = dict(os.environ, FLEETWX_TEMPLATES=str(ROOT / "Templates"))
    with tempfile.TemporaryDirectory() as folder:
        folder = pathlib.Path(folder)
        ssim = folder / "season.ssim"
        ssim.write_text(season(args.legs, rng))
        window = ["--from", FROM.isoformat()]
        # The same dated flights as a CSV: what fleetwx expanded the season to, written out.
        out = folder / "out"
        subprocess.run(
            [args.binary, "run", str(ssim), "--replay", str(ROOT / "Schedules/demo-weather"), "--out", str(out),
             "--now", "2026-11-30T05:00:00Z"] + window,
            capture_output=True, env=env, check=False)
        flights = folder / "flights.csv"
        with open(out / "flights.csv", newline="") as source, open(flights, "w", newline="") as target:
            writer = csv.writer(target)
            writer.writerow(["flight", "origin", "destination", "departure", "arrival", "aircraft"])
            for row in csv.DictReader(source):
                writer.writerow([row["flight"], row["origin"], row["destination"], row["departure_utc"],
                                 row["arrival_utc"], row["aircraft"]])
        times = {"ssim": [], "csv": []}
        figures = None
        for _ in range(args.runs):
            elapsed, figures = run(args.binary, ssim, window, env)
            times["ssim"].append(elapsed)
            elapsed, _ = run(args.binary, flights, [], env)
            times["csv"].append(elapsed)
        expanded = figures["schedule_format"]
        ssim_median, csv_median = statistics.median(times["ssim"]), statistics.median(times["csv"])
        print(f"season: {expanded['legs']:,} legs ({ssim.stat().st_size / 1e6:.1f} MB) -> "
              f"{expanded['dated_flights']:,} dated flights {expanded['from']} + {expanded['days']} days")
        print(f"plan on the SSIM season: median {ssim_median:.3f} s  (runs: "
              + ", ".join(f"{t:.3f}" for t in times["ssim"]) + ")")
        print(f"plan on the same flights as CSV: median {csv_median:.3f} s  (runs: "
              + ", ".join(f"{t:.3f}" for t in times["csv"]) + ")")
        print(f"ratio SSIM / CSV: {ssim_median / csv_median:.2f}; reading and expanding the season costs at most "
              f"{ssim_median:.3f} s, about {max(0.0, ssim_median - csv_median):.3f} s more than reading the CSV")


if __name__ == "__main__":
    main()
