#!/usr/bin/env python3
"""Signal benchmark: how long after SIGTERM a fleetwx run is gone, in each phase of a run.

Issue 8 asks that SIGTERM end a run within 2 s whatever it is doing. This script measures it
on the release build, on an idle machine (the test suite only checks the outcome, since it
loads both cores itself):

- reading: a 200 MB schedule of blank rows (`run --replay` of an empty folder), signalled
  once the process has the file open;
- fetching: the fake WeatherKit server holding every request for 60 s, signalled once a
  request is in flight (test credentials of Tests/Fixtures/credentials, loopback only);
- replay 10k: the 10,000-flight pipeline benchmark's inputs (scripts/bench_pipeline.py),
  signalled at a quarter, a half and three quarters of an unsignalled run's wall time, so the
  signal lands in planning, briefing or report writing.

Prints each measurement (seconds from the signal to the exit, and the exit code) and the
median per phase. Python standard library only.

Usage: scripts/bench_signals.py [--binary .build/release/fleetwx] [--runs 5] [--skip-build]
"""
import argparse
import datetime as dt
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_pipeline  # noqa: E402  (the 10k inputs)
import bench_fetch  # noqa: E402  (the test identity and the fake server)

ROOT = bench_pipeline.ROOT


def wait_exit(process, started_signal):
    process.wait(timeout=120)
    return time.monotonic() - started_signal, process.returncode


def has_open(pid, path):
    fds = f"/proc/{pid}/fd"
    try:
        return any(os.path.realpath(os.path.join(fds, fd)) == path for fd in os.listdir(fds))
    except OSError:
        return False


def reading(binary, work, runs):
    schedule = os.path.join(work, "huge.csv")
    with open(schedule, "w", encoding="utf-8") as handle:
        handle.write("flight,origin,destination,departure,arrival\n")
        block = ("," * 999 + "\n") * 1000
        for _ in range(200):
            handle.write(block)
    empty = os.path.join(work, "empty")
    os.makedirs(empty, exist_ok=True)
    results = []
    for index in range(runs):
        process = subprocess.Popen(
            [binary, "run", schedule, "--replay", empty, "--out", os.path.join(work, f"read-{index}"),
             "--state", os.path.join(work, "read.sqlite")],
            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 30
        while not has_open(process.pid, schedule) and time.monotonic() < deadline:
            time.sleep(0.005)
        time.sleep(0.2)
        sent = time.monotonic()
        process.send_signal(signal.SIGTERM)
        results.append(wait_exit(process, sent))
    return results


def fetching(binary, work, runs):
    server = subprocess.Popen(
        [sys.executable, bench_fetch.FAKE_SERVER, "--port", "0", "--latency-ms", "60000", "--public-key",
         os.path.join(bench_fetch.CREDENTIALS, "test-p256-public.pem")],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    port = int(server.stdout.readline().split()[1])
    environment = dict(os.environ, **bench_fetch.TEST_IDENTITY,
                       WEATHERKIT_KEY_FILE=os.path.join(bench_fetch.CREDENTIALS, "test-p256-private.p8"))
    base = dt.datetime.now(dt.timezone.utc).replace(microsecond=0) + dt.timedelta(hours=2)
    schedule = os.path.join(work, "fetch.csv")
    with open(schedule, "w", encoding="utf-8") as handle:
        handle.write("flight,origin,destination,departure,arrival\n")
        for index, (origin, destination) in enumerate([("JFK", "LHR"), ("ORD", "CDG"), ("LAX", "NRT")]):
            departure = base + dt.timedelta(minutes=30 * index)
            arrival = departure + dt.timedelta(hours=3)
            handle.write(f"UA{index},{origin},{destination},{departure:%Y-%m-%dT%H:%M:%SZ},"
                         f"{arrival:%Y-%m-%dT%H:%M:%SZ}\n")
    results = []
    try:
        def in_flight():
            return json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/__stats")).get("inFlight", 0)

        for index in range(runs):
            before = in_flight()  # earlier runs' requests are still held by the server
            process = subprocess.Popen(
                [binary, "run", schedule, "--endpoint", f"http://127.0.0.1:{port}", "--out",
                 os.path.join(work, f"fetch-{index}"), "--state", os.path.join(work, f"fetch-{index}.sqlite")],
                cwd=ROOT, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline and in_flight() <= before:
                time.sleep(0.01)
            sent = time.monotonic()
            process.send_signal(signal.SIGTERM)
            results.append(wait_exit(process, sent))
    finally:
        server.kill()
    return results


def replay(binary, work, runs):
    rng = random.Random(7)
    base = dt.datetime(2026, 12, 1, tzinfo=dt.timezone.utc)
    schedule, _, _ = bench_pipeline.write_inputs(10_000, 500, 3_000, base, rng)
    weather = os.path.join(bench_pipeline.WORK, "weather")

    def start(index):
        return subprocess.Popen(
            [binary, "run", schedule, "--replay", weather, "--out", os.path.join(work, f"replay-{index}"),
             "--state", os.path.join(work, "replay.sqlite"), "--now", "2026-12-01T00:00:00Z"],
            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    began = time.monotonic()
    start("plain").wait()
    whole = time.monotonic() - began
    results = {}
    for fraction in (0.25, 0.5, 0.75):
        measured = []
        for index in range(runs):
            process = start(f"{fraction}-{index}")
            time.sleep(whole * fraction)
            sent = time.monotonic()
            process.send_signal(signal.SIGTERM)
            measured.append(wait_exit(process, sent))
        results[fraction] = measured
    return whole, results


def show(name, results):
    seconds = [round(s, 3) for s, _ in results]
    codes = sorted({code for _, code in results})
    print(f"{name:<22} median {statistics.median(seconds):.3f} s  max {max(seconds):.3f} s  "
          f"exit {codes}  all {seconds}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "fleetwx"))
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--skip-build", action="store_true")
    arguments = parser.parse_args()
    if not arguments.skip_build:
        subprocess.run(["swift", "build", "-c", "release"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    binary = os.path.abspath(arguments.binary)
    with tempfile.TemporaryDirectory(prefix="fleetwx-signals-") as work:
        show("reading (200 MB)", reading(binary, work, arguments.runs))
        show("fetching (held)", fetching(binary, work, arguments.runs))
        whole, results = replay(binary, work, arguments.runs)
        print(f"replay 10k unsignalled: {whole:.2f} s")
        for fraction, measured in results.items():
            show(f"replay 10k at {int(fraction * 100)}%", measured)


if __name__ == "__main__":
    main()
