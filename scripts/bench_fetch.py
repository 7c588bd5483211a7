#!/usr/bin/env python3
"""Fetch-phase benchmark: N cells at concurrency C against the fake WeatherKit server with latency L.

The issue's target: with latency L, N cells and concurrency C the fetch phase takes close to
ceil(N/C)·L. This script generates a schedule whose airports fall in N distinct 0.01° cells
(times within the next two days, so every cell needs one request), builds the release binary,
starts Tests/FakeWeatherKit/fake_weatherkit.py with --latency-ms L, runs

    fleetwx run SCHEDULE --concurrency C --endpoint http://127.0.0.1:PORT --state <fresh> --out <tmp>

with the TEST credentials of Tests/Fixtures/credentials (never real ones), and prints N, C, L,
ideal = ceil(N/C)·L, the measured fetch phase (run.json timings.fetch_seconds: cache lookups,
every request, up to the last cell's outcome), ratio = ideal / measured, the server-side span
(first request in to last response out), the peak of requests in flight, requests sent and the
run's peak RSS (os.wait4 ru_maxrss: the issue bounds the whole live run under 1 GB).

Exits 1 when the ratio is below --min-ratio (default 0.9). Python standard library only; all
traffic stays on 127.0.0.1.

Usage: scripts/bench_fetch.py [--cells 2000] [--concurrency 16] [--latency-ms 150] [--runs 1]
                              [--skip-build] [--binary PATH] [--keep]
"""
import argparse
import csv
import datetime as dt
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
AIRPORTS_CSV = os.path.join(ROOT, "Sources", "FleetAirports", "Resources", "airports.csv")
FAKE_SERVER = os.path.join(ROOT, "Tests", "FakeWeatherKit", "fake_weatherkit.py")
CREDENTIALS = os.path.join(ROOT, "Tests", "Fixtures", "credentials")
TEST_IDENTITY = {  # the made-up identity of Tests/FleetTestSupport/TestCredentials.swift
    "WEATHERKIT_TEAM_ID": "TEST0TEAM1",
    "WEATHERKIT_SERVICE_ID": "com.example.fleetwx-test",
    "WEATHERKIT_KEY_ID": "TESTKEY001",
}


def cell_coordinate(value):
    """A coordinate rounded to the 0.01° grid, half away from zero like Swift's `.rounded()`."""
    return int(math.copysign(math.floor(abs(value) * 100 + 0.5), value))


def pick_airports(count):
    """`count` airports with 4-letter ICAO codes, each in its own 0.01° cell, in a stable order."""
    with open(AIRPORTS_CSV, encoding="utf-8") as handle:
        rows = sorted(csv.DictReader(handle), key=lambda row: row["icao"])
    chosen, cells = [], set()
    for row in rows:
        icao = row["icao"]
        if len(icao) != 4 or not icao.isalpha() or not icao.isupper() or not row["tz"]:
            continue
        cell = (cell_coordinate(float(row["lat"])), cell_coordinate(float(row["lon"])))
        if cell in cells:
            continue
        cells.add(cell)
        chosen.append(icao)
        if len(chosen) == count:
            return chosen
    sys.exit(f"only {len(chosen)} airports in distinct cells; asked for {count}")


def write_schedule(path, airports):
    """One flight per airport, to the next airport in the list, within the next two days.

    Every airport has one departure and one arrival a few hours apart, so each cell needs a
    short window and exactly one request.
    """
    base = dt.datetime.now(dt.timezone.utc).replace(minute=0, second=0, microsecond=0) + dt.timedelta(hours=2)
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(["flight", "origin", "destination", "departure", "arrival"])
        for index, origin in enumerate(airports):
            destination = airports[(index + 1) % len(airports)]
            departure = base + dt.timedelta(hours=index % 12, minutes=5 * (index % 12))
            arrival = departure + dt.timedelta(hours=2)
            writer.writerow([f"BX{index + 1}", origin, destination, departure.strftime("%Y-%m-%dT%H:%M:%SZ"),
                             arrival.strftime("%Y-%m-%dT%H:%M:%SZ")])


def build_release():
    subprocess.run(["swift", "build", "-c", "release", "--product", "fleetwx"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    path = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT, check=True,
                          capture_output=True, text=True).stdout.strip()
    return os.path.join(path, "fleetwx")


class FakeServer:
    """The fake WeatherKit server as a child process on 127.0.0.1 (stops when closed)."""

    def __init__(self, latency_ms):
        self.process = subprocess.Popen(
            [sys.executable, FAKE_SERVER, "--port", "0", "--latency-ms", str(latency_ms), "--public-key",
             os.path.join(CREDENTIALS, "test-p256-public.pem"), "--exit-on-stdin-close"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        line = self.process.stdout.readline().strip()
        if not line.startswith("LISTENING "):
            self.close()
            sys.exit(f"fake server did not start: {line!r}")
        self.port = int(line.split()[1])

    def stats(self):
        from urllib.request import urlopen
        with urlopen(f"http://127.0.0.1:{self.port}/__stats", timeout=30) as response:
            return json.load(response)

    def close(self):
        if self.process.poll() is None:
            self.process.stdin.close()
            self.process.terminate()
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()


def run_once(binary, schedule, work, args, state=None):
    """One run against a fresh server and a fresh state (a new SQLite file unless `state`, a
    file or a postgresql:// URI, is given); returns the figures."""
    key = os.path.join(work, "AuthKey_TESTKEY001.p8")
    shutil.copyfile(os.path.join(CREDENTIALS, "test-p256-private.p8"), key)
    os.chmod(key, 0o600)
    state = state or os.path.join(work, f"state-{time.time_ns()}.sqlite")
    out = os.path.join(work, f"out-{time.time_ns()}")
    env = dict(os.environ, WEATHERKIT_KEY_FILE=key, FLEETWX_TEMPLATES=os.path.join(ROOT, "Templates"),
               **TEST_IDENTITY)
    for name in ("WEATHERKIT_ENDPOINT", "FLEETWX_STATE", "FLEETWX_REQUEST_TIMEOUT", "FLEETWX_RETRY_BASE_MS"):
        env.pop(name, None)
    server = FakeServer(args.latency_ms)
    try:
        started = time.monotonic()
        # Popen and os.wait4 rather than subprocess.run: wait4 reports the run's own peak RSS
        # (ru_maxrss, KiB on Linux), the whole run's memory bound of the issue.
        with tempfile.TemporaryFile(mode="w+") as errors:
            process = subprocess.Popen(
                [binary, "run", schedule, "--concurrency", str(args.concurrency), "--endpoint",
                 f"http://127.0.0.1:{server.port}", "--state", state, "--out", out, "--monthly-quota", "100000000"],
                cwd=work, env=env, stdout=subprocess.DEVNULL, stderr=errors, text=True)
            _, status, usage = os.wait4(process.pid, 0)
            process.returncode = os.waitstatus_to_exitcode(status)
            errors.seek(0)
            stderr = errors.read()
        wall = time.monotonic() - started
        stats = server.stats()
    finally:
        server.close()
    if process.returncode != 0:
        sys.exit(f"fleetwx exited {process.returncode}:\n{stderr}")
    with open(os.path.join(out, "run.json"), encoding="utf-8") as handle:
        summary = json.load(handle)
    span = (stats["lastResponseAt"] or 0) - (stats["firstRequestAt"] or 0)
    return {"summary": summary, "stats": stats, "wall": wall, "server_span": span,
            "peak_rss_mib": usage.ru_maxrss / 1024}


def chosen_binary(args):
    """`--binary`, else the release build already there (`--skip-build`), else a new release build."""
    if args.binary:
        return os.path.abspath(args.binary)
    if args.skip_build:
        path = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT, check=True,
                              capture_output=True, text=True).stdout.strip()
        return os.path.join(path, "fleetwx")
    return build_release()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cells", type=int, default=2000)
    parser.add_argument("--concurrency", type=int, default=16)
    parser.add_argument("--latency-ms", type=float, default=150)
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--min-ratio", type=float, default=0.9)
    parser.add_argument("--skip-build", action="store_true", help="use the release binary already built")
    parser.add_argument("--binary", help="a fleetwx binary to run instead of the release build")
    parser.add_argument("--keep", action="store_true", help="keep the work directory")
    args = parser.parse_args()

    binary = chosen_binary(args)
    work = tempfile.mkdtemp(prefix="fleetwx-bench-fetch-")
    try:
        schedule = os.path.join(work, "schedule.csv")
        write_schedule(schedule, pick_airports(args.cells))
        best = None
        for index in range(1, args.runs + 1):
            figures = run_once(binary, schedule, work, args)
            summary, stats = figures["summary"], figures["stats"]
            cells = summary["cells"]
            ideal = math.ceil(cells / args.concurrency) * args.latency_ms / 1000
            measured = summary["timings"]["fetch_seconds"]
            ratio = ideal / measured
            print(f"run {index}: N={cells} cells, C={args.concurrency}, L={args.latency_ms:g} ms, "
                  f"ideal={ideal:.2f} s, measured fetch={measured:.2f} s, ratio={ratio:.3f}, "
                  f"server span={figures['server_span']:.2f} s (ratio {ideal / figures['server_span']:.3f}), "
                  f"peak in flight={stats['peakInFlight']}, requests sent={summary['requests']['sent']} "
                  f"(server saw {stats['requests']}), plan={summary['timings']['plan_seconds']:.2f} s, "
                  f"brief={summary['timings']['brief_seconds']:.2f} s, whole run={figures['wall']:.2f} s, "
                  f"peak RSS={figures['peak_rss_mib']:.0f} MiB",
                  flush=True)
            if best is None or ratio > best:
                best = ratio
        verdict = "PASS" if best >= args.min_ratio else "FAIL"
        print(f"best ratio {best:.3f} (target >= {args.min_ratio}): {verdict}")
        return 0 if best >= args.min_ratio else 1
    finally:
        if args.keep:
            print(f"work directory kept: {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
