#!/usr/bin/env python3
"""State back ends side by side: the same live run with its state in SQLite and in PostgreSQL.

Runs `fleetwx run` (release build) against the fake WeatherKit server, as scripts/bench_fetch.py
does, on a schedule of N cells at concurrency C with latency L, in turns: a fresh SQLite file,
then a fresh database in a throw-away PostgreSQL cluster on 127.0.0.1 (initdb and pg_ctl, as
the `postgres` user when run as root, removed at the end). Every run reserves, sends, completes
and caches N requests, so the difference is the state's cost. Prints each run's fetch phase
(run.json timings.fetch_seconds) and whole-run time, then the medians and the ratio
PostgreSQL / SQLite of each.

Usage: scripts/bench_state.py [--cells 2000] [--concurrency 16] [--latency-ms 150] [--runs 3]
                              [--skip-build] [--binary PATH]
"""
import argparse
import os
import secrets
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_fetch  # noqa: E402  (the run, the schedule and the fake server are bench_fetch's)


def pg_bindir():
    """The newest /usr/lib/postgresql/<version>/bin holding initdb, or None."""
    base = "/usr/lib/postgresql"
    if not os.path.isdir(base):
        return None
    versions = sorted((entry for entry in os.listdir(base) if entry.isdigit()), key=int)
    for version in reversed(versions):
        path = os.path.join(base, version, "bin")
        if os.path.exists(os.path.join(path, "initdb")):
            return path
    return None


class Cluster:
    """A throw-away PostgreSQL cluster: data under a temporary folder, a free loopback port."""

    def __init__(self, bindir):
        self.bindir = bindir
        self.folder = tempfile.mkdtemp(prefix="fleetwx-bench-pg-")
        self.password = secrets.token_hex(12)
        self.as_user = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        if self.as_user:
            shutil.chown(self.folder, "postgres")
        password_file = os.path.join(self.folder, "pw")
        with open(password_file, "w") as handle:
            handle.write(self.password)
        if self.as_user:
            shutil.chown(password_file, "postgres")
        self.data = os.path.join(self.folder, "data")
        subprocess.run(self.as_user + [os.path.join(bindir, "initdb"), "-D", self.data, "-U", "bench",
                                       f"--pwfile={password_file}", "--auth-host=scram-sha-256",
                                       "--auth-local=trust", "-N"], check=True, stdout=subprocess.DEVNULL)
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        # fsync stays on: a reservation's commit must be on disk, as in production.
        options = f"-p {self.port} -c listen_addresses=127.0.0.1 -c unix_socket_directories={self.folder}"
        subprocess.run(self.as_user + [os.path.join(bindir, "pg_ctl"), "-D", self.data, "-l",
                                       os.path.join(self.folder, "log"), "-w", "-o", options, "start"],
                       check=True, stdout=subprocess.DEVNULL)
        self.count = 0

    def new_database(self):
        self.count += 1
        name = f"bench{self.count}"
        env = dict(os.environ, PGPASSWORD=self.password)
        subprocess.run([os.path.join(self.bindir, "psql"), "-X", "-q", "-h", "127.0.0.1", "-p", str(self.port),
                        "-U", "bench", "-d", "postgres", "-c", f"CREATE DATABASE {name}"], check=True, env=env)
        # The password goes in PGPASSWORD (set by main), not on fleetwx's command line.
        return f"postgresql://bench@127.0.0.1:{self.port}/{name}"

    def close(self):
        subprocess.run(self.as_user + [os.path.join(self.bindir, "pg_ctl"), "-D", self.data, "-m", "fast",
                                       "stop"], stdout=subprocess.DEVNULL, check=False)
        shutil.rmtree(self.folder, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cells", type=int, default=2000)
    parser.add_argument("--concurrency", type=int, default=16)
    parser.add_argument("--latency-ms", type=float, default=150)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--skip-build", action="store_true", help="use the release binary already built")
    parser.add_argument("--binary", help="a fleetwx binary to run instead of the release build")
    args = parser.parse_args()
    bindir = pg_bindir()
    if bindir is None:
        sys.exit("PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb): apt-get install postgresql")
    binary = bench_fetch.chosen_binary(args)
    work = tempfile.mkdtemp(prefix="fleetwx-bench-state-")
    cluster = Cluster(bindir)
    os.environ["PGPASSWORD"] = cluster.password
    figures = {"sqlite": [], "postgresql": []}
    try:
        schedule = os.path.join(work, "schedule.csv")
        bench_fetch.write_schedule(schedule, bench_fetch.pick_airports(args.cells))
        for index in range(1, args.runs + 1):
            for backend in ("sqlite", "postgresql"):
                state = None if backend == "sqlite" else cluster.new_database()
                result = bench_fetch.run_once(binary, schedule, work, args, state=state)
                summary = result["summary"]
                fetch = summary["timings"]["fetch_seconds"]
                figures[backend].append((fetch, result["wall"]))
                print(f"run {index} {backend:10}: {summary['requests']['sent']} requests, "
                      f"fetch {fetch:.2f} s, whole run {result['wall']:.2f} s", flush=True)
        medians = {name: (statistics.median(f for f, _ in runs), statistics.median(w for _, w in runs))
                   for name, runs in figures.items()}
        for name, (fetch, wall) in medians.items():
            print(f"median {name:10}: fetch {fetch:.2f} s, whole run {wall:.2f} s")
        print(f"ratio postgresql / sqlite: fetch {medians['postgresql'][0] / medians['sqlite'][0]:.3f}, "
              f"whole run {medians['postgresql'][1] / medians['sqlite'][1]:.3f} "
              f"(N={args.cells}, C={args.concurrency}, L={args.latency_ms:g} ms, {args.runs} runs each, in turns)")
        return 0
    finally:
        cluster.close()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
