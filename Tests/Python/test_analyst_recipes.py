"""The analysts' side of a report (docs/analysts.md): frictionless validate, the README's
loading recipes run as written, and the appended columns against the recordings.

From the repository root, after `swift build -c release`:

    python3 -m unittest discover -s Tests/Python -p 'test_*.py'

Needs pandas, duckdb and frictionless (pip); without them the tests are skipped, unless
FLEETWX_REQUIRE_TOOLS=1 (CI), which makes a missing module a failure.
"""

from __future__ import annotations

import csv
import json
import os
import random
import re
import shutil
import subprocess
import tempfile
import unittest
from datetime import datetime, timedelta, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

ROOT = Path(__file__).resolve().parents[2]
WEATHER = ROOT / "Schedules" / "demo-weather"
NOW = "2026-11-30T05:00:00Z"

try:
    import duckdb  # noqa: F401
    import frictionless
    import pandas  # noqa: F401

    MISSING = None
except ImportError as error:  # pragma: no cover - depends on the machine
    MISSING = str(error)


def binary() -> str:
    for candidate in [os.environ.get("FLEETWX_BINARY"), ROOT / ".build/release/fleetwx", ROOT / ".build/debug/fleetwx"]:
        if candidate and Path(candidate).is_file():
            return str(candidate)
    raise unittest.SkipTest("no fleetwx binary: swift build -c release first")


def invented_schedule(path: Path) -> None:
    """A schedule harder than the examples: recorded and unrecorded airports, ICAO aliases,
    times past the forecast horizon, formula-looking and quoted text, and bad rows."""
    rng = random.Random(14)
    recorded = ["AKL", "BSL", "MLH", "CDG", "DXB", "FRA", "GRU", "HKG", "JFK", "JNB", "LAX", "LHR", "NRT", "ORD",
                "SCL", "SEA", "SIN", "SYD", "YYZ", "ZRH", "EGLL", "KJFK"]
    unrecorded = ["DEN", "ATL", "MAD", "BOM"]
    texts = ["B738", "=1+1", "-5", "+44", "@x", "a,b", '"q"', "NA", "none", ""]
    start = datetime(2026, 11, 30, 6, tzinfo=timezone.utc)
    rows = []
    for number in range(400):
        origin, destination = rng.sample(recorded + unrecorded * (1 if number % 5 else 2), 2)
        hours = rng.uniform(0, 72) if number % 37 else rng.uniform(12 * 24, 14 * 24)
        departure = start + timedelta(hours=hours)
        arrival = departure + timedelta(minutes=rng.randint(45, 900))
        rows.append([f"XY{number}", origin, destination, departure.strftime("%Y-%m-%dT%H:%MZ"),
                     arrival.strftime("%Y-%m-%dT%H:%MZ"), rng.choice(texts), rng.choice(texts)])
    rows.append(["XY9001", "ZZZ", "JFK", "2026-12-01T10:00Z", "2026-12-01T12:00Z", "B738", ""])
    rows.append(["XY9002", "JFK", "LHR", "2026-12-01T25:00Z", "2026-12-01T12:00Z", "B738", ""])
    rows.append(list(rows[0]))  # a duplicate
    with path.open("w", newline="", encoding="utf-8") as file:
        writer = csv.writer(file)
        writer.writerow(["flight", "origin", "destination", "departure", "arrival", "aircraft", "tail"])
        writer.writerows(rows)


def readme_recipes() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text[text.index("## Loading the data"):]
    section = section[: section.index("\n## ", 5)]
    return re.findall(r"```python\n(.*?)```", section, re.S)


class AnalystRecipes(unittest.TestCase):
    reports: dict[str, Path] = {}

    @classmethod
    def setUpClass(cls) -> None:
        if MISSING:
            if os.environ.get("FLEETWX_REQUIRE_TOOLS") == "1":
                raise AssertionError(f"missing Python module: {MISSING}")
            raise unittest.SkipTest(f"missing Python module ({MISSING}): pip install pandas duckdb frictionless")
        cls.work = Path(tempfile.mkdtemp(prefix="fleetwx-recipes-"))
        invented = cls.work / "invented.csv"
        invented_schedule(invented)
        schedules = {"demo": ROOT / "Schedules/demo.csv", "dispatch": ROOT / "Schedules/examples/dispatch.csv",
                     "pacific": ROOT / "Schedules/examples/pacific.csv", "messy": ROOT / "Schedules/examples/messy.csv",
                     "invented": invented}
        environment = dict(os.environ, FLEETWX_TEMPLATES=str(ROOT / "Templates"), FLEETWX_ATTRIBUTION_FETCH="0")
        for name, schedule in schedules.items():
            out = cls.work / name
            environment["FLEETWX_STATE"] = str(cls.work / f"{name}.sqlite")
            done = subprocess.run([binary(), "run", str(schedule), "--replay", str(WEATHER), "--out", str(out),
                                   "--now", NOW], env=environment, capture_output=True, text=True)
            assert done.returncode in (0, 2), done.stderr
            cls.reports[name] = out

    @classmethod
    def tearDownClass(cls) -> None:
        if hasattr(cls, "work"):
            shutil.rmtree(cls.work, ignore_errors=True)

    def test_frictionless_validates_every_report(self) -> None:
        for name, report in self.reports.items():
            result = frictionless.validate(str(report / "datapackage.json"))
            self.assertTrue(result.valid, f"{name}: {result.flatten(['rowNumber', 'fieldName', 'type', 'note'])[:10]}")
            package = json.loads((report / "datapackage.json").read_text())
            paths = sorted(resource["path"] for resource in package["resources"])
            routes = sorted(f"routes/{path.name}" for path in (report / "routes").glob("*.csv"))
            self.assertEqual(paths, sorted(["flights.csv", "rejects.csv"] + routes), name)
        cli = subprocess.run(["frictionless", "validate", str(self.reports["demo"] / "datapackage.json")],
                             capture_output=True, text=True)
        self.assertEqual(cli.returncode, 0, cli.stdout[-2000:])

    def test_validation_catches_a_corrupted_report(self) -> None:
        copy = self.work / "corrupted"
        shutil.copytree(self.reports["demo"], copy)
        rows = list(csv.reader((copy / "flights.csv").open(newline="", encoding="utf-8")))
        header = rows[0]
        rows[1][header.index("dep_wind_kt")] = "12.5"
        rows[2][header.index("dep_weather_status")] = "fine"
        with (copy / "flights.csv").open("w", newline="", encoding="utf-8") as file:
            csv.writer(file, lineterminator="\r\n").writerows(rows)
        self.assertFalse(frictionless.validate(str(copy / "datapackage.json")).valid)

    def run_recipes(self, report: Path) -> dict:
        folder = Path(tempfile.mkdtemp(dir=self.work))
        (folder / "Output").mkdir()
        (folder / "Output" / "latest").symlink_to(report)
        namespace: dict = {}
        before = os.getcwd()
        os.chdir(folder)
        try:
            for block in readme_recipes():
                exec(block, namespace)  # the README's code, as a reader would paste it
        finally:
            os.chdir(before)
        return namespace

    def test_readme_recipes_give_types_local_times_and_numeric_maxima(self) -> None:
        empty_counts = 0
        for name in ["demo", "dispatch", "invented"]:
            report = self.reports[name]
            namespace = self.run_recipes(report)
            flights, schema = namespace["flights"], namespace["schema"]
            expected = {"integer": "Int64", "number": "float64", "boolean": "boolean"}
            for field in schema["fields"]:
                if field["type"] in expected:
                    self.assertEqual(str(flights[field["name"]].dtype), expected[field["type"]], field["name"])
            empty_counts += int(flights["dep_alert_count"].isna().sum())
            raw = list(csv.DictReader((report / "flights.csv").read_text(encoding="utf-8").splitlines()))
            self.assertEqual(len(raw), len(flights))
            for index, row in enumerate(raw):
                self.assertEqual(flights["departure_local"][index].isoformat(), row["departure_local"])
                self.assertEqual(flights["arrival_local"][index].isoformat(), row["arrival_local"])
            hottest = max(float(row["dep_temperature_c"]) for row in raw if row["dep_temperature_c"])
            windiest = max(int(row["dep_wind_kt"]) for row in raw if row["dep_wind_kt"])
            for value, want in [(namespace["hottest"], hottest), (namespace["windiest"], windiest),
                                (namespace["top"][0], hottest), (namespace["top"][1], windiest)]:
                self.assertIsInstance(value, (int, float))
                self.assertAlmostEqual(value, want)
        self.assertGreater(empty_counts, 0, "the invented schedule has ends without data")

    def test_appended_columns_match_the_recordings(self) -> None:
        bodies = {}
        for path in WEATHER.glob("*.json"):
            for code in path.stem.split("-"):
                bodies[code] = json.loads(path.read_text())
        checked = 0
        for name in ["demo", "invented"]:
            for row in csv.DictReader((self.reports[name] / "flights.csv").open(newline="", encoding="utf-8")):
                self.assertEqual(row["weather_source"] == "", row["status"] == "unavailable")
                for prefix, time_column, code_column in [("dep_", "departure_utc", "origin"),
                                                         ("arr_", "arrival_utc", "destination")]:
                    status = row[prefix + "weather_status"]
                    body = bodies.get(row[code_column])
                    if body is None:
                        self.assertIn(status, ("missing", "beyond_horizon"))
                        self.assertEqual(row[prefix + "alert_count"], "")
                        self.assertEqual(row[prefix + "alert_max_severity"], "")
                        continue
                    if status != "ok":
                        continue
                    time = datetime.fromisoformat(row[time_column].replace("Z", "+00:00"))
                    zone = ZoneInfo(row[prefix + "tz"])
                    day = next(d for d in body["forecastDaily"]["days"]
                               if datetime.fromisoformat(d["forecastStart"].replace("Z", "+00:00")) <= time
                               < datetime.fromisoformat(d["forecastEnd"].replace("Z", "+00:00")))
                    self.assertAlmostEqual(float(row[prefix + "daily_high_c"]), day["temperatureMax"], delta=0.05 + 1e-9)
                    self.assertAlmostEqual(float(row[prefix + "daily_low_c"]), day["temperatureMin"], delta=0.05 + 1e-9)
                    sunrise = datetime.fromisoformat(day["sunrise"].replace("Z", "+00:00")).astimezone(zone)
                    self.assertEqual(row[prefix + "sunrise_local"], sunrise.isoformat())
                    window = (time - timedelta(hours=1), time + timedelta(hours=1))
                    count = 0
                    for alert in body["weatherAlerts"]["alerts"]:
                        moments = lambda *keys: [datetime.fromisoformat(alert[k].replace("Z", "+00:00"))
                                                 for k in keys if alert.get(k)]
                        begin, end = min(moments("effectiveTime", "eventOnsetTime")), max(moments("expireTime", "eventEndTime"))
                        count += begin <= window[1] and end >= window[0]
                    self.assertEqual(row[prefix + "alert_count"], str(count), f"{row['flight']} {prefix}")
                    checked += 1
        self.assertGreater(checked, 100)


if __name__ == "__main__":
    unittest.main()
