#!/usr/bin/env python3
"""Refreshes the bundled airport directory from the airportsdata package (MIT licence).

Downloads the latest `airportsdata` wheel from PyPI with pip (or takes a wheel or CSV you
pass with --from), checks the columns fleetwx reads, and replaces
Sources/FleetAirports/Resources/airports.csv and LICENSE-airportsdata. Rebuild afterwards.

Usage: scripts/refresh_airports.py [--version 20260905] [--from FILE.whl|airports.csv]
"""
import argparse
import csv
import io
import os
import subprocess
import sys
import tempfile
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RESOURCES = os.path.join(ROOT, "Sources", "FleetAirports", "Resources")
REQUIRED = ["icao", "iata", "name", "city", "subd", "country", "elevation", "lat", "lon", "tz"]


def download(version):
    target = tempfile.mkdtemp(prefix="airportsdata-")
    spec = f"airportsdata=={version}" if version else "airportsdata"
    subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary", ":all:", "-d", target, spec],
                   check=True)
    wheels = [name for name in os.listdir(target) if name.endswith(".whl")]
    if not wheels:
        sys.exit("pip did not download a wheel")
    return os.path.join(target, wheels[0])


def read_wheel(path):
    with zipfile.ZipFile(path) as wheel:
        names = wheel.namelist()
        csv_name = next(name for name in names if name.endswith("airportsdata/airports.csv"))
        licence = next((name for name in names if name.endswith("/LICENSE") or name.endswith("LICENSE.txt")), None)
        return wheel.read(csv_name), wheel.read(licence) if licence else None


def check(data):
    rows = list(csv.DictReader(io.StringIO(data.decode("utf-8"))))
    missing = [column for column in REQUIRED if column not in (rows[0].keys() if rows else [])]
    if missing:
        sys.exit(f"the new data lacks columns fleetwx needs: {', '.join(missing)}")
    if len(rows) < 20_000:
        sys.exit(f"only {len(rows)} airports; refusing to replace the bundled data")
    bad = [row["icao"] for row in rows if not row["tz"] or not row["lat"] or not row["lon"]]
    if bad:
        print(f"warning: {len(bad)} airports lack a time zone or coordinates (e.g. {bad[:5]})")
    return len(rows)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--version", help="airportsdata version on PyPI (default: latest)")
    parser.add_argument("--from", dest="source", help="a downloaded wheel, or an airports.csv file")
    args = parser.parse_args()
    source = args.source or download(args.version)
    if source.endswith(".whl"):
        data, licence = read_wheel(source)
    else:
        with open(source, "rb") as handle:
            data, licence = handle.read(), None
    count = check(data)
    with open(os.path.join(RESOURCES, "airports.csv"), "wb") as handle:
        handle.write(data)
    if licence:
        with open(os.path.join(RESOURCES, "LICENSE-airportsdata"), "wb") as handle:
            handle.write(licence)
    print(f"bundled {count} airports from {os.path.basename(source)}; run 'swift build' to pick them up")


if __name__ == "__main__":
    main()
