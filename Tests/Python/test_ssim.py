"""fleetwx reading IATA SSIM Chapter 7 seasons (`fleetwx run SEASON.ssim --from --days`),
checked against an independent expansion (ssim_reference.py) of an invented season that is
harder than the demo's: three carriers in UTC and local time mode, weekly and fortnightly legs,
open ends, date variations 1, 2 and A, a three-leg flight, DST changes inside the window,
airports either side of the date line, legs exactly on the window's edges, duplicates across
itinerary variations, padding and segment records, and a bad record of every rejecting kind.

Stdlib only. From the repository root, after `swift build` (or with FLEETWX_BINARY set):

    python3 -m unittest Tests/Python/test_ssim.py -v
"""

from __future__ import annotations

import csv
import datetime as dt
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
import ssim_reference as ref  # noqa: E402
import ssim_write as w  # noqa: E402

WEATHER = ROOT / "Schedules" / "demo-weather"
NOW = "2026-11-30T05:00:00Z"
AIRPORTS = ref.load_airports(ROOT / "Sources/FleetAirports/Resources/airports.csv")

#: The windows the invented season is expanded for: the demo's (Monday 30 November 2026, four
#: days), one across Europe's change to summer time (28 March 2027) and one across the US
#: change back to standard time (1 November 2026).
WINDOWS = {
    "december": (dt.date(2026, 11, 30), 4),
    "europe-dst": (dt.date(2027, 3, 25), 6),
    "us-dst": (dt.date(2026, 10, 30), 4),
}

#: What fleetwx's reason for each kind of bad record must mention (lower-cased).
REASON_WORDS = {
    "length": ["200"],
    "date": ["date"],
    "reversed": ["before"],
    "days": ["days of operation"],
    "contradiction": ["contradict"],
    "frequency": ["frequency"],
    "station": ["station"],
    "unknown station": ["unknown"],
    "same airport": ["same airport"],
    "time": ["time"],
    "variation": ["variation"],
    "date variation": ["date variation"],
    "not after": ["arrival"],
    "block": ["block"],
    "no carrier": ["carrier"],
}


def binary() -> str:
    path = os.environ.get("FLEETWX_BINARY") or str(ROOT / ".build/debug/fleetwx")
    if not Path(path).is_file():
        raise unittest.SkipTest(f"no fleetwx binary at {path}: swift build first, or set FLEETWX_BINARY")
    return path


def shorten(line: str) -> str:
    """A record that lost its last byte (199 long)."""
    return line[:-1]


def lengthen(line: str) -> str:
    """A record with one byte too many (201 long), its fields shifted from position 100."""
    return line[:99] + " " + line[99:]


@dataclass
class Item:
    tag: str | None
    record: str
    damage: object = None  # a function applied to the serialised line
    bad: str | None = None  # the kind of rejection the record is written to provoke


class Season:
    """Records with names, written with scripts/ssim_write.py; `lines[tag]` is the line of a record."""

    def __init__(self) -> None:
        self.items: list[Item] = []

    def add(self, record: str, tag: str | None = None, damage=None, bad: str | None = None) -> None:
        self.items.append(Item(tag, record, damage, bad))

    def text(self) -> str:
        lines = w.serialise([item.record for item in self.items]).split("\n")
        for index, item in enumerate(self.items):
            if item.damage:
                lines[index] = item.damage(lines[index])
        return "\n".join(lines)

    @property
    def lines(self) -> dict[str, int]:
        return {item.tag: index + 1 for index, item in enumerate(self.items) if item.tag}

    @property
    def bad(self) -> dict[int, str]:
        return {index + 1: item.bad for index, item in enumerate(self.items) if item.bad}


def segment(airline: str, number: str, board: str, off: str) -> str:
    """A type 4 (segment data) record, which fleetwx reads past."""
    return w.record("4", {(2, 2): " ", (3, 5): airline, (6, 9): number, (10, 11): "01", (12, 13): "01",
                          (14, 14): "J", (31, 33): "010", (34, 36): board, (37, 39): off,
                          (40, 70): f"{airline.strip()} {number} JOINT OPERATION"})


def leg(airline, number, variation, sequence, period_from, period_to, days, origin, std, std_var,
        destination, sta, sta_var, aircraft="320", **extra):
    return w.leg(airline, number, variation, sequence, period_from, period_to, days, origin, std, std_var,
                 destination, sta, sta_var, aircraft, **extra)


def invented_season() -> Season:
    s = Season()
    s.add(w.header())
    s.add(w.PADDING)
    s.add(leg("ZQ", "0999", 1, 1, "01NOV26", "31DEC26", "1234567", "LHR", "0700", "+0000", "CDG", "0915", "+0100"),
          "before-carrier", bad="no carrier")

    # ZQ files in local time: Europe and North America.
    s.add(w.carrier("ZQ", "L", "W26", "25OCT26", "27MAR27"))
    s.add(leg("ZQ", "0012", 1, 1, "25OCT26", "00XXX00", "1234567", "LHR", "1000", "+0000", "JFK", "1310", "-0500",
              "77W", suffix="A"), "ZQ12A open end, suffix, leading zeros")
    s.add(segment("ZQ ", "0012", "LHR", "JFK"))
    # Without the suffix it is another flight, not a duplicate of ZQ12A.
    s.add(leg("ZQ", "12", 1, 1, "30NOV26", "01DEC26", "1234567", "LHR", "1000", "+0000", "JFK", "1310", "-0500",
              "77W"), "ZQ12 no suffix")
    # A three-leg flight from the flight date's evening: leg 02 leaves after local midnight.
    s.add(leg("ZQ", "0007", 1, 1, "02NOV26", "28FEB27", "1 3 5 7", "ZRH", "2230", "+0100", "FRA", "2325", "+0100"),
          "ZQ7 leg 1")
    s.add(leg("ZQ", "0007", 1, 2, "02NOV26", "28FEB27", "1 3 5 7", "FRA", "0030", "+0100", "DXB", "0830", "+0400",
              "359", std_days="1", sta_days="1"), "ZQ7 leg 2")
    s.add(leg("ZQ", "0007", 1, 3, "02NOV26", "28FEB27", "1 3 5 7", "DXB", "1000", "+0400", "SIN", "2120", "+0800",
              "359", std_days="1", sta_days="1"), "ZQ7 leg 3")
    s.add(leg("ZQ", "0500", 1, 1, "01NOV26", "31DEC26", "1234567", "LHR", "1200", "+0000", "CDG", "1410", "+0100"),
          "short record", damage=shorten, bad="length")
    # Fortnightly from a Sunday: its weeks count from Monday 2 November, so 30 November's week flies.
    s.add(leg("ZQ", "420", 1, 1, "08NOV26", "11APR27", "12 4  7", "CDG", "0715", "+0100", "ZRH", "0825", "+0100",
              "319", frequency="2"), "ZQ420 fortnightly, even week")
    # Fortnightly from a Tuesday: 30 November's week is its second, so nothing in the window.
    s.add(leg("ZQ", "421", 1, 1, "24NOV26", "27MAR27", " 2 45  ", "ZRH", "0915", "+0100", "CDG", "1030", "+0100",
              "319", frequency="2"), "ZQ421 fortnightly, odd week")
    s.add(w.PADDING)
    s.add(leg("ZQ", "0501", 1, 1, "01NOV26", "31DEC26", "1234567", "LHR", "1300", "+0000", "CDG", "1510", "+0100"),
          "long record", damage=lengthen, bad="length")
    s.add(leg("ZQ", "101", 1, 1, "15NOV26", "01DEC26", "1234567", "JFK", "1830", "-0500", "LHR", "0630", "+0000",
              "763", sta_days="1"), "ZQ101 overnight, period across the window's start")
    s.add(leg("ZQ", "102", 1, 1, "02DEC26", "15DEC26", "1234567", "LHR", "0900", "+0000", "JFK", "1200", "-0500",
              "77W", frequency="1"), "ZQ102 period across the window's end, frequency 1")
    s.add(leg("ZQ", "0502", 1, 1, "31NOV26", "31DEC26", "1234567", "LHR", "1400", "+0000", "CDG", "1610", "+0100"),
          "no such day", bad="date")
    s.add(leg("ZQ", "103", 1, 1, "01NOV26", "29NOV26", "1234567", "CDG", "1100", "+0100", "JFK", "1320", "-0500"),
          "ZQ103 period before the window")
    s.add(leg("ZQ", "104", 1, 1, "04DEC26", "31DEC26", "1234567", "FRA", "1000", "+0100", "ORD", "1240", "-0600"),
          "ZQ104 period after the window")
    s.add(leg("ZQ", "0503", 1, 1, "01NOV26", "15XYZ26", "1234567", "LHR", "1500", "+0000", "CDG", "1710", "+0100"),
          "no such month", bad="date")
    s.add(leg("ZQ", "0504", 1, 1, "10DEC26", "01DEC26", "1234567", "LHR", "1600", "+0000", "CDG", "1810", "+0100"),
          "reversed period", bad="reversed")
    # Two itinerary variations overlapping on 1 December.
    s.add(leg("ZQ", "300", 1, 1, "01NOV26", "01DEC26", "1234567", "LHR", "0700", "+0000", "CDG", "0915", "+0100"),
          "ZQ300 variation 01")
    s.add(segment("ZQ ", " 300", "LHR", "CDG"))
    s.add(leg("ZQ", "0300", 2, 1, "01DEC26", "31DEC26", "1234567", "LHR", "0700", "+0000", "CDG", "0915", "+0100",
              "321"), "ZQ300 variation 02")
    # And two from the EuroAirport under its two codes (BSL, MLH: one airport) overlapping 1-2 December.
    s.add(leg("ZQ", "301", 1, 1, "25NOV26", "02DEC26", "1234567", "BSL", "0640", "+0100", "CDG", "0750", "+0100",
              "319"), "ZQ301 variation 01 from BSL")
    s.add(leg("ZQ", "301", 2, 1, "01DEC26", "10DEC26", "12345  ", "MLH", "0640", "+0100", "CDG", "0750", "+0100",
              "319"), "ZQ301 variation 02 from MLH")
    s.add(leg("ZQ", "0505", 1, 1, "01NOV26", "31DEC26", "1 2    ", "LHR", "1700", "+0000", "CDG", "1910", "+0100"),
          "day in the wrong position", bad="days")
    s.add(leg("ZQ", "0506", 1, 1, "01NOV26", "31DEC26", "       ", "LHR", "1800", "+0000", "CDG", "2010", "+0100"),
          "no days", bad="days")
    s.add(leg("ZQ", "0507", 1, 1, "30NOV26", "01DEC26", "    5  ", "LHR", "1900", "+0000", "CDG", "2110", "+0100"),
          "days contradict the period", bad="contradiction")
    s.add(leg("ZQ", "0508", 1, 1, "01NOV26", "31DEC26", "1234567", "LHR", "2000", "+0000", "CDG", "2210", "+0100",
              frequency="3"), "frequency 3", bad="frequency")
    s.add(leg("ZQ", "0522", 1, 1, "29FEB27", "31MAR27", "1234567", "LHR", "2100", "+0000", "CDG", "2310", "+0100"),
          "29 February of a common year", bad="date")
    # Mondays only, every second week from Tuesday 3 November: the Monday of 3-9 November is
    # in the period's second week, so the period holds no day the leg flies.
    s.add(leg("ZQ", "0523", 1, 1, "03NOV26", "09NOV26", "1      ", "LHR", "2200", "+0000", "CDG", "2359", "+0100",
              frequency="2"), "fortnightly days contradict the period", bad="contradiction")
    # One variation for all of a period across 28 March 2027: wrong after Europe's change.
    s.add(leg("ZQ", "304", 1, 1, "22MAR27", "04APR27", "1234567", "LHR", "0800", "+0000", "CDG", "1010", "+0100"),
          "ZQ304 across Europe's DST change")
    # And across the US change of 1 November 2026: daylight-saving variations, wrong after it.
    s.add(leg("ZQ", "600", 1, 1, "25OCT26", "07NOV26", "1234567", "ORD", "0800", "-0500", "LAX", "1030", "-0700",
              "738"), "ZQ600 across the US DST change")
    s.add(w.trailer("ZQ", 0, "C"))
    s.add(w.PADDING)
    s.add(w.PADDING)

    # X9 files in UTC: the period's dates are UTC dates, times are UTC.
    s.add(w.carrier("X9", "U", "W26", "25OCT26", "27MAR27"))
    s.add(leg("X9", "0001", 1, 1, "01NOV26", "06MAR27", "1234567", "DXB", "2215", "+0400", "SYD", "1140", "+1100",
              "388", sta_days="1"), "X91 overnight")
    # Departs the day before its flight date (A): on Friday 4 December's date it leaves on the 3rd.
    s.add(leg("X9", "0088", 1, 1, "02NOV26", "00XXX00", "1   5  ", "SYD", "2300", "+1100", "AKL", "0210", "+1300",
              "32Q", std_days="A"), "X988 departure date variation A")
    s.add(leg("X9", "45", 1, 1, "03NOV26", "28MAR27", "  3  67", "HNL", "2330", "-1000", "AKL", "0820", "+1300",
              "789", frequency="2", sta_days="1"), "X945 fortnightly in UTC, across the date line")
    s.add(leg("X9", "0509", 1, 1, "01NOV26", "31DEC26", "1234567", "J1K", "1000", "-0500", "LHR", "1800", "+0000"),
          "station with a digit", bad="station")
    s.add(leg("X9", "200", 1, 1, "20NOV26", "20DEC26", "1234567", "SIN", "2359", "+0800", "LHR", "1400", "+0000",
              "359", sta_days="1"), "X9200 at 23:59Z")
    s.add(segment("X9 ", " 200", "SIN", "LHR"))
    s.add(leg("X9", "201", 1, 1, "29NOV26", "04DEC26", "1234567", "LHR", "0000", "+0000", "SIN", "1300", "+0800",
              "359"), "X9201 at 00:00Z")
    s.add(leg("X9", "0510", 1, 1, "01NOV26", "31DEC26", "1234567", "LHR", "1000", "+0000", "QQZ", "1200", "+0000"),
          "unknown station", bad="unknown station")
    s.add(leg("X9", "0511", 1, 1, "01NOV26", "31DEC26", "1234567", "AAS", "1000", "-0600", "ORD", "1200", "-0600"),
          "a US local identifier, no IATA code", bad="unknown station")
    s.add(leg("X9", "0512", 1, 1, "01NOV26", "31DEC26", "1234567", "JFK", "1000", "-0500", "JFK", "1200", "-0500"),
          "same station", bad="same airport")
    s.add(leg("X9", "0513", 1, 1, "01NOV26", "31DEC26", "1234567", "JFK", "1500", "-0500", "SIN", "1200", "+0800",
              sta_days="1"), "21-hour block", bad="block")
    s.add(leg("X9", "9", 1, 1, "30NOV26", "30NOV26", "1234567", "JFK", "1500", "-0500", "SIN", "1100", "+0800",
              "359", sta_days="1"), "X99 block of exactly 20 hours")
    s.add(leg("X9", "0514", 1, 1, "01NOV26", "31DEC26", "1234567", "LHR", "1000", "+0000", "CDG", "0950", "+0100"),
          "arrival before departure (UTC)", bad="not after")
    s.add(w.trailer("X9", 0, "C"))

    # FWX (an ICAO code) files in local time across the Pacific.
    s.add(w.carrier("FWX", "L", "W26", "25OCT26", "27MAR27"))
    s.add(leg("FWX", "5", 1, 1, "29NOV26", "05DEC26", "1234567", "AKL", "1935", "+1300", "LAX", "1045", "-0800",
              "789"), "FWX5 arrives the local day it left")
    s.add(leg("FWX", "10", 1, 1, "29NOV26", "03DEC26", "1234567", "HNL", "1400", "-1000", "LAX", "2155", "-0800",
              "321"), "FWX10 at 00:00Z of the next UTC day")
    s.add(leg("FWX", "11", 1, 1, "29NOV26", "03DEC26", "1234567", "HNL", "1359", "-1000", "LAX", "2154", "-0800",
              "321"), "FWX11 at 23:59Z")
    s.add(w.PADDING)
    s.add(leg("FWX", "0515", 1, 1, "01NOV26", "31DEC26", "1234567", "BSL", "1000", "+0100", "MLH", "1100", "+0100"),
          "BSL to MLH, one airport", bad="same airport")
    s.add(leg("FWX", "20", 1, 1, "30NOV26", "04DEC26", "1234567", "AKL", "1259", "+1300", "SYD", "1440", "+1100",
              "32Q"), "FWX20 at 23:59Z of the previous UTC day")
    s.add(leg("FWX", "21", 1, 1, "30NOV26", "04DEC26", "1234567", "AKL", "1300", "+1300", "SYD", "1441", "+1100",
              "32Q"), "FWX21 at 00:00Z of the same UTC day")
    s.add(leg("FWX", "0516", 1, 1, "01NOV26", "31DEC26", "1234567", "LAX", "2515", "-0800", "SEA", "1200", "-0800"),
          "hour 25", bad="time")
    s.add(leg("FWX", "0517", 1, 1, "01NOV26", "31DEC26", "1234567", "LAX", "0900", "-0800", "SEA", "1260", "-0800"),
          "minute 60", bad="time")
    # Two legs of one flight: LAX late evening, HNL the next morning, AKL two days after the flight date.
    s.add(leg("FWX", "30", 1, 1, "01NOV26", "27MAR27", "1     7", "LAX", "2230", "-0800", "HNL", "0220", "-1000",
              "789", sta_days="1"), "FWX30 leg 1")
    s.add(leg("FWX", "30", 1, 2, "01NOV26", "27MAR27", "1     7", "HNL", "0400", "-1000", "AKL", "1200", "+1300",
              "789", std_days="1", sta_days="2"), "FWX30 leg 2")
    s.add(leg("FWX", "0518", 1, 1, "01NOV26", "31DEC26", "1234567", "LAX", "0900", "+1500", "SEA", "1100", "-0800"),
          "variation +1500", bad="variation")
    s.add(leg("FWX", "0519", 1, 1, "01NOV26", "31DEC26", "1234567", "LAX", "0900", "-0800", "SEA", "1100", "0800"),
          "variation without sign", bad="variation")
    # Arrives in Honolulu the local day before it left Auckland (arrival date variation A).
    s.add(leg("FWX", "40", 1, 1, "01DEC26", "02DEC26", "1234567", "AKL", "0100", "+1300", "HNL", "1000", "-1000",
              "789", sta_days="A"), "FWX40 arrival date variation A")
    s.add(leg("FWX", "0520", 1, 1, "01NOV26", "31DEC26", "1234567", "LAX", "0900", "-0800", "SEA", "1100", "-0800",
              std_days="X"), "date variation X", bad="date variation")
    s.add(leg("FWX", "0521", 1, 1, "01NOV26", "31DEC26", "1234567", "LHR", "1000", "+0000", "CDG", "1100", "+0100"),
          "arrival at departure (local)", bad="not after")
    # Adelaide keeps UTC+10:30 in December: 15 minutes off is within tolerance, 30 is not.
    s.add(leg("FWX", "50", 1, 1, "29NOV26", "05DEC26", "1234567", "SYD", "0900", "+1100", "ADL", "1015", "+1045",
              "32Q"), "FWX50 variation 15 minutes off")
    s.add(leg("FWX", "51", 1, 1, "29NOV26", "05DEC26", "1234567", "ADL", "1200", "+1000", "SYD", "1500", "+1100",
              "32Q"), "FWX51 variation 30 minutes off")
    s.add(w.PADDING)
    s.add(w.trailer("FWX", 0, "E"))
    s.add(w.PADDING)
    s.add(w.PADDING)
    return s


def instant(text: str) -> dt.datetime:
    moment = dt.datetime.fromisoformat(text.replace("Z", "+00:00"))
    if moment.tzinfo is None:
        raise ValueError(f"time without an offset: {text!r}")
    return moment.astimezone(ref.UTC)


def show(key) -> str:
    flight, origin, destination, departure, arrival = key
    return f"{flight} {origin}-{destination} {departure:%Y-%m-%dT%H:%MZ} -> {arrival:%Y-%m-%dT%H:%MZ}"


@dataclass
class Run:
    code: int
    stdout: str
    stderr: str
    out: Path

    def flights(self) -> dict[tuple, dict]:
        """(flight, origin, destination, departure, arrival) -> the row, with a check for repeats."""
        rows = {}
        with (self.out / "flights.csv").open(newline="", encoding="utf-8") as handle:
            for row in csv.DictReader(handle):
                key = (row["flight"], row["origin"], row["destination"], instant(row["departure_utc"]),
                       instant(row["arrival_utc"]))
                if key in rows:
                    raise AssertionError(f"flights.csv repeats {show(key)}")
                rows[key] = row
        return rows

    def rejects(self) -> list[dict]:
        with (self.out / "rejects.csv").open(newline="", encoding="utf-8") as handle:
            return list(csv.DictReader(handle))

    def summary(self) -> dict:
        return json.loads((self.out / "run.json").read_text(encoding="utf-8"))


class FleetwxCase(unittest.TestCase):
    maxDiff = None

    @classmethod
    def setUpClass(cls) -> None:
        cls.binary = binary()
        cls.work = Path(tempfile.mkdtemp(prefix="fleetwx-ssim-"))
        cls.runs = 0

    @classmethod
    def tearDownClass(cls) -> None:
        shutil.rmtree(cls.work, ignore_errors=True)

    @classmethod
    def fleetwx(cls, schedule: Path, *window: str) -> Run:
        cls.runs += 1
        out = cls.work / f"out-{cls.runs}"
        environment = dict(os.environ, FLEETWX_TEMPLATES=str(ROOT / "Templates"), FLEETWX_ATTRIBUTION_FETCH="0",
                           FLEETWX_STATE=str(cls.work / f"state-{cls.runs}.sqlite"))
        done = subprocess.run([cls.binary, "run", str(schedule), "--replay", str(WEATHER), "--out", str(out),
                               "--now", NOW, *window], env=environment, capture_output=True, text=True, timeout=120)
        return Run(done.returncode, done.stdout, done.stderr, out)

    def assertPublished(self, run: Run, what: str) -> None:
        self.assertIn(run.code, (0, 2), f"{what}: fleetwx exited {run.code}\n{run.stderr[-3000:]}")
        self.assertTrue((run.out / "flights.csv").is_file(), f"{what}: no flights.csv\n{run.stderr[-3000:]}")
        self.assertEqual(run.summary().get("exit_code"), run.code, f"{what}: run.json exit_code")


class InventedSeason(FleetwxCase):
    """The invented season, expanded by fleetwx and by the reference for each window."""

    @classmethod
    def setUpClass(cls) -> None:
        super().setUpClass()
        cls.season = invented_season()
        cls.text = cls.season.text()
        cls.path = cls.work / "invented.ssim"
        cls.path.write_text(cls.text, encoding="ascii")
        cls.results = {}
        for name, (first, days) in WINDOWS.items():
            expected = ref.expand(cls.text, first, days, AIRPORTS)
            run = cls.fleetwx(cls.path, "--from", first.isoformat(), "--days", str(days))
            cls.results[name] = (expected, run)

    def each_window(self, check) -> None:
        """Runs `check(name, expected, run)` for each window, each a subtest."""
        for name, (expected, run) in self.results.items():
            with self.subTest(window=name):
                self.assertPublished(run, name)
                check(name, expected, run)

    def test_season_is_as_hard_as_intended(self) -> None:
        """The reference's view of the season: guards the test data itself against drift."""
        lines = self.season.lines
        raw_lines = self.text.split("\n")
        self.assertTrue(all(len(line) == 200 for number, line in enumerate(raw_lines[:-1], 1)
                            if number not in (lines["short record"], lines["long record"])))
        december, _ = self.results["december"]
        self.assertIsNone(december.fatal)
        # Every bad record is rejected by the reference for the reason it was written for.
        self.assertEqual({line: kind for line, (kind, _) in december.rejects.items()}, self.season.bad)
        self.assertEqual(set(REASON_WORDS), set(self.season.bad.values()))
        dates = {tag: [(f.departure, f.arrival) for f in december.dated[line]] for tag, line in lines.items()
                 if line in december.dated}
        z = lambda text: dt.datetime.fromisoformat(text + "+00:00")  # noqa: E731
        self.assertEqual(dates["FWX10 at 00:00Z of the next UTC day"][0][0], z("2026-11-30T00:00"))
        self.assertEqual(dates["FWX11 at 23:59Z"][-1][0], z("2026-12-03T23:59"))
        self.assertEqual(dates["FWX20 at 23:59Z of the previous UTC day"][-1][0], z("2026-12-03T23:59"))
        self.assertEqual(dates["FWX21 at 00:00Z of the same UTC day"][0][0], z("2026-11-30T00:00"))
        self.assertEqual(dates["X988 departure date variation A"], [(z("2026-12-03T23:00"), z("2026-12-04T02:10"))])
        self.assertEqual(len(dates["ZQ420 fortnightly, even week"]), 3)
        self.assertEqual(dates["ZQ421 fortnightly, odd week"], [])
        self.assertEqual(dates["ZQ103 period before the window"], [])
        self.assertEqual(dates["ZQ104 period after the window"], [])
        self.assertEqual(dates["ZQ7 leg 3"][0][0], z("2026-11-30T06:00"))
        self.assertEqual(dates["X99 block of exactly 20 hours"], [(z("2026-11-30T15:00"), z("2026-12-01T11:00"))])
        self.assertEqual(len(dates["ZQ12 no suffix"]), 2)
        self.assertEqual(len(december.duplicates), 3)
        self.assertEqual(december.warnings, {(lines["FWX51 variation 30 minutes off"], "departure")})
        europe, _ = self.results["europe-dst"]
        self.assertIn((lines["ZQ304 across Europe's DST change"], "departure"), europe.warnings)
        self.assertEqual(len(europe.dated[lines["X945 fortnightly in UTC, across the date line"]]), 2)
        us, _ = self.results["us-dst"]
        self.assertIn((lines["ZQ600 across the US DST change"], "departure"), us.warnings)
        self.assertIn((lines["ZQ12A open end, suffix, leading zeros"], "arrival"), us.warnings)
        self.assertEqual([f.departure for f in us.dated[lines["X988 departure date variation A"]]],
                         [z("2026-11-01T23:00")])

    def test_flights_match_the_reference_expansion(self) -> None:
        def check(name, expected, run) -> None:
            got = run.flights()
            missing = sorted(set(expected.flights) - set(got))
            extra = sorted(set(got) - set(expected.flights))
            problems = [f"missing (line {expected.flights[k].line}): {show(k)}" for k in missing]
            problems += [f"extra: {show(k)}" for k in extra]
            self.assertFalse(problems, f"{name}: flights.csv differs from the expansion:\n" + "\n".join(problems))
            wrong_type = [f"{show(k)}: aircraft {row['aircraft']!r}, expected {expected.flights[k].aircraft!r}"
                          for k, row in got.items() if row["aircraft"] != expected.flights[k].aircraft]
            self.assertFalse(wrong_type, f"{name}:\n" + "\n".join(wrong_type))
            self.assertEqual(run.summary()["flights"]["briefed"], len(expected.flights), f"{name}: run.json flights.briefed")
        self.each_window(check)

    def test_bad_records_are_rejected_with_line_reason_and_raw(self) -> None:
        def check(name, expected, run) -> None:
            rows = run.rejects()
            by_line: dict[int, list[dict]] = {}
            for row in rows:
                by_line.setdefault(int(row["line"]), []).append(row)
            problems = []
            for line, (kind, raw) in sorted(expected.rejects.items()):
                found = by_line.get(line, [])
                if len(found) != 1:
                    problems.append(f"line {line} ({kind}): {len(found)} rows in rejects.csv, expected 1")
                    continue
                got_raw = found[0]["raw"]
                if got_raw != raw:
                    at = next((i for i, (a, b) in enumerate(zip(got_raw, raw)) if a != b), min(len(got_raw), len(raw)))
                    problems.append(f"line {line} ({kind}): raw differs from the record at position {at + 1} "
                                    f"({len(got_raw)} bytes, the record {len(raw)}): {got_raw[max(0, at - 20):at + 20]!r}")
                reason = found[0]["reason"].lower()
                if not all(word in reason for word in REASON_WORDS[kind]):
                    problems.append(f"line {line} ({kind}): reason {found[0]['reason']!r} lacks {REASON_WORDS[kind]}")
            duplicate_lines = {line for line, _, _, _ in expected.duplicates}
            for line in sorted(set(by_line) - set(expected.rejects) - duplicate_lines):
                problems.append(f"line {line}: rejected but valid: {[r['reason'] for r in by_line[line]]}")
            self.assertFalse(problems, f"{name}:\n" + "\n".join(problems))
            total = len(expected.rejects) + len(expected.duplicates)
            self.assertEqual(len(rows), total, f"{name}: rows in rejects.csv")
            self.assertEqual(run.summary()["flights"]["rejected"], total, f"{name}: run.json flights.rejected")
        self.each_window(check)

    def test_duplicates_are_rejects_naming_the_earlier_line(self) -> None:
        def check(name, expected, run) -> None:
            pattern = re.compile(r"duplicate of line (\d+)")
            got = []
            for row in run.rejects():
                match = pattern.match(row["reason"])
                if match:
                    got.append((int(row["line"]), int(match.group(1)), row["raw"]))
            want = [(line, earlier, raw) for line, earlier, _, raw in expected.duplicates]
            detail = "\n".join(f"line {line} duplicates line {earlier}: {show(f.key)}"
                               for line, earlier, f, _ in expected.duplicates)
            self.assertEqual(sorted(got), sorted(want), f"{name}: duplicate rows; expected:\n{detail}")
            # Each duplicate dated flight is named in its reason (its departure), so that two from
            # one record are told apart.
            reasons = [row["reason"] for row in run.rejects() if pattern.match(row["reason"])]
            for line, earlier, flight, _ in expected.duplicates:
                stamp = flight.departure.strftime("%Y-%m-%d")
                self.assertTrue(any(f"line {earlier}" in r and stamp in r for r in reasons),
                                f"{name}: no duplicate reason for {show(flight.key)} (line {line})")
        self.each_window(check)

    def test_every_leg_record_is_accounted_for(self) -> None:
        def check(name, expected, run) -> None:
            published_lines = {expected.flights[k].line for k in run.flights() if k in expected.flights}
            rejected_lines = {int(row["line"]) for row in run.rejects()}
            problems = []
            for line in expected.leg_lines:
                dated = expected.dated.get(line)
                if line in expected.rejects:
                    if line not in rejected_lines:
                        problems.append(f"line {line}: rejected by the reference, not in rejects.csv")
                elif dated:
                    if line not in published_lines and line not in rejected_lines:
                        problems.append(f"line {line}: {len(dated)} dated flights, none published or rejected")
                elif line in rejected_lines:
                    problems.append(f"line {line}: no date in the window, yet in rejects.csv")
            self.assertFalse(problems, f"{name}:\n" + "\n".join(problems))
            # fleetwx's own count on stderr, when it gives one, agrees.
            match = re.search(r"(\d+) flight leg records \((\d+) expanded, (\d+) rejected, (\d+) with no date in the "
                              r"window\) → (\d+) dated flights", run.stderr)
            if match:
                outside = sum(1 for line in expected.leg_lines if line in expected.dated and not expected.dated[line])
                counted = [len(expected.leg_lines), len(expected.leg_lines) - len(expected.rejects),
                           len(expected.rejects), outside, sum(len(d) for d in expected.dated.values())]
                self.assertEqual([int(g) for g in match.groups()], counted, f"{name}: {match.group(0)}")
        self.each_window(check)

    def test_time_variation_warnings(self) -> None:
        pattern = re.compile(r":(\d+): warning: (departure|arrival) time variation")

        def check(name, expected, run) -> None:
            warnings = [text for text in run.summary()["warnings"] if "time variation" in text]
            got = set()
            for text in warnings:
                match = pattern.search(text)
                self.assertTrue(match, f"{name}: a time variation warning without its line: {text!r}")
                got.add((int(match.group(1)), match.group(2)))
                self.assertIn(text, run.stderr, f"{name}: warning in run.json but not on stderr")
            self.assertEqual(len(got), len(warnings), f"{name}: a repeated warning: {warnings}")
            self.assertEqual(got, expected.warnings, f"{name}: (line, end) of time variation warnings")
        self.each_window(check)
        # The DST change shows: ZQ304's flights before 28 March 2027 agree with the file, after it not.
        expected, run = self.results["europe-dst"]
        lines = self.season.lines
        line = lines["ZQ304 across Europe's DST change"]
        published = sorted(f.departure for f in expected.flights.values() if f.line == line)
        self.assertEqual([(d.day, d.hour) for d in published], [(day, 8) for day in range(25, 31)])
        got = sorted(k[3] for k in run.flights() if k[0] == "ZQ304")
        self.assertEqual(got, published, "ZQ304 keeps the file's +0000 (08:00Z) after the change too")
        for end in ("departure", "arrival"):
            self.assertIn((line, end), expected.warnings)


class FatalStructure(FleetwxCase):
    """Files whose structure cannot be trusted: exit 1, no report, the problem on stderr."""

    @staticmethod
    def small(records_after_header=None) -> list[str]:
        return [
            w.header(), w.PADDING,
            w.carrier("ZQ", "L", "W26", "25OCT26", "27MAR27"),
            leg("ZQ", "300", 1, 1, "01NOV26", "31DEC26", "1234567", "LHR", "0700", "+0000", "CDG", "0915", "+0100"),
            w.trailer("ZQ", 0, "C"),
            w.carrier("X9", "U", "W26", "25OCT26", "27MAR27"),
            leg("X9", "1", 1, 1, "01NOV26", "31DEC26", "1234567", "DXB", "2215", "+0400", "SYD", "1140", "+1100",
                "388", sta_days="1"),
            segment("X9 ", "   1", "DXB", "SYD"),
            w.trailer("X9", 0, "E"),
            w.PADDING,
        ]

    def run_text(self, name: str, text: str) -> Run:
        path = self.work / f"{name}.ssim"
        path.write_text(text, encoding="ascii")
        expected = ref.expand(text, dt.date(2026, 11, 30), 4, AIRPORTS)
        run = self.fleetwx(path, "--from", "2026-11-30", "--days", "4")
        return run, expected

    def assertFatal(self, name: str, text: str, words: list[str], reference: str) -> None:
        run, expected = self.run_text(name, text)
        self.assertEqual(expected.fatal, reference, f"{name}: the reference's verdict")
        self.assertEqual(run.code, 1, f"{name}: exit code\n{run.stderr[-3000:]}")
        published = [p.name for p in run.out.iterdir()] if run.out.exists() else []
        self.assertEqual(published, [], f"{name}: published files in {run.out}")
        for word in words:
            self.assertIn(word, run.stderr.lower(), f"{name}: stderr does not name the problem: {run.stderr!r}")

    def test_the_intact_file_is_read(self) -> None:
        text = w.serialise(self.small())
        run, expected = self.run_text("intact", text)
        self.assertIsNone(expected.fatal)
        self.assertPublished(run, "intact")
        self.assertEqual(set(run.flights()), set(expected.flights))

    def test_missing_header(self) -> None:
        records = self.small()
        del records[0]  # padding, then a carrier record first
        self.assertFatal("no-header", w.serialise(records), ["header"], "header")

    def test_trailer_check_off_by_one(self) -> None:
        lines = w.serialise(self.small()).split("\n")
        index = 8  # X9's trailer
        self.assertEqual(lines[index][0], "5")
        reference = int(lines[index][187:193])
        self.assertEqual(reference, int(lines[index - 1][194:200]))
        lines[index] = lines[index][:187] + f"{reference - 1:06d}" + lines[index][193:]
        self.assertFatal("trailer-check", "\n".join(lines), ["trailer"], "trailer check")

    def test_trailer_missing(self) -> None:
        records = self.small()
        del records[8]  # X9's trailer: ZQ's is there, the last records are not closed
        self.assertFatal("no-trailer", w.serialise(records), ["trailer"], "trailer missing")


class DemoSeason(FleetwxCase):
    """Schedules/demo.ssim for 30 November to 3 December 2026 is Schedules/demo.csv."""

    def test_demo_ssim_gives_the_csv_flights(self) -> None:
        ssim = self.fleetwx(ROOT / "Schedules/demo.ssim", "--from", "2026-11-30", "--days", "4")
        table = self.fleetwx(ROOT / "Schedules/demo.csv")
        self.assertPublished(ssim, "demo.ssim")
        self.assertPublished(table, "demo.csv")
        from_ssim, from_csv = set(ssim.flights()), set(table.flights())
        problems = [f"only from demo.ssim: {show(k)}" for k in sorted(from_ssim - from_csv)]
        problems += [f"only from demo.csv: {show(k)}" for k in sorted(from_csv - from_ssim)]
        self.assertFalse(problems, "\n".join(problems))
        self.assertEqual(ssim.rejects(), [])
        # And the reference reads the demo season the same way.
        text = (ROOT / "Schedules/demo.ssim").read_text(encoding="ascii")
        expected = ref.expand(text, dt.date(2026, 11, 30), 4, AIRPORTS)
        self.assertEqual(set(expected.flights), from_ssim)


if __name__ == "__main__":
    unittest.main()
