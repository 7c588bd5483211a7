"""An independent reading of IATA SSIM Chapter 7 seasons, for test_ssim.py.

Written from the rules of the feature in Python's own terms (datetime, zoneinfo), not
translated from fleetwx's Swift code: for a file and a window [from 00:00Z, from + days), it
tells which dated flights fleetwx should publish, which records it should reject (and why, as a
short kind), which dated flights are duplicates of an earlier record's, which time variations
disagree with the airports' zones, and whether the file's structure is fatal. Stdlib only.
"""

from __future__ import annotations

import csv
import datetime as dt
import re
from dataclasses import dataclass, field
from pathlib import Path
from zoneinfo import ZoneInfo

UTC = dt.timezone.utc
MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"]
OPEN = "00XXX00"
MAX_BLOCK = dt.timedelta(hours=20)
TOLERANCE = dt.timedelta(minutes=15)


@dataclass(frozen=True)
class Airport:
    code: str
    icao: str
    name: str
    lat: str
    lon: str
    tz: str

    @property
    def place(self) -> tuple[str, str, str]:
        """What makes two codes one airport (BSL and MLH are both the EuroAirport)."""
        return (self.name, self.lat, self.lon)


def load_airports(path: Path) -> dict[str, Airport]:
    """IATA code -> airport, the first row of a code winning."""
    by_code: dict[str, Airport] = {}
    with path.open(newline="", encoding="utf-8") as handle:
        for row in csv.DictReader(handle):
            code = row["iata"]
            if code and code not in by_code:
                by_code[code] = Airport(code, row["icao"], row["name"], row["lat"], row["lon"], row["tz"])
    return by_code


@dataclass(frozen=True)
class DatedFlight:
    """One dated leg: the key fleetwx's flights.csv is compared by, plus where it came from."""
    flight: str
    origin: str
    destination: str
    departure: dt.datetime
    arrival: dt.datetime
    aircraft: str
    line: int

    @property
    def key(self) -> tuple[str, str, str, dt.datetime, dt.datetime]:
        return (self.flight, self.origin, self.destination, self.departure, self.arrival)


@dataclass
class Leg:
    line: int
    raw: str
    designator: str
    origin: Airport
    destination: Airport
    period_from: dt.date | None
    period_to: dt.date | None
    weekdays: frozenset[int]
    fortnightly: bool
    std: dt.timedelta
    sta: dt.timedelta
    dep_variation: dt.timedelta
    arr_variation: dt.timedelta
    dep_days: int
    arr_days: int
    aircraft: str
    local: bool

    def operates(self, day: dt.date) -> bool:
        if self.period_from and day < self.period_from:
            return False
        if self.period_to and day > self.period_to:
            return False
        if day.isoweekday() not in self.weekdays:
            return False
        if self.fortnightly:
            monday = day - dt.timedelta(days=day.weekday())
            first_monday = self.period_from - dt.timedelta(days=self.period_from.weekday())
            return ((monday - first_monday).days // 7) % 2 == 0
        return True

    def instants(self, day: dt.date) -> tuple[dt.datetime, dt.datetime]:
        midnight = dt.datetime(day.year, day.month, day.day, tzinfo=UTC)
        departure = midnight + dt.timedelta(days=self.dep_days) + self.std
        arrival = midnight + dt.timedelta(days=self.arr_days) + self.sta
        if self.local:
            departure -= self.dep_variation
            arrival -= self.arr_variation
        return departure, arrival


@dataclass
class Expansion:
    """What fleetwx should make of one file for one window."""
    fatal: str | None = None
    #: key -> the dated flight published (the first record's).
    flights: dict[tuple, DatedFlight] = field(default_factory=dict)
    #: line -> (kind, raw) of records rejected as they stand.
    rejects: dict[int, tuple[str, str]] = field(default_factory=dict)
    #: (line, earlier line, dated flight, raw) of each dated flight an earlier record already gave.
    duplicates: list[tuple[int, int, DatedFlight, str]] = field(default_factory=list)
    #: line -> its dated flights in the window (duplicates included), for every leg read.
    dated: dict[int, list[DatedFlight]] = field(default_factory=dict)
    #: every type 3 line.
    leg_lines: list[int] = field(default_factory=list)
    #: (line, "departure" | "arrival") whose time variation disagrees with the zone in the window.
    warnings: set[tuple[int, str]] = field(default_factory=set)


class Rejected(Exception):
    def __init__(self, kind: str):
        super().__init__(kind)
        self.kind = kind


def parse_date(text: str) -> dt.date | None:
    """DDMMMYY -> date; OPEN -> None; anything else raises Rejected('date')."""
    if text == OPEN:
        return None
    match = re.fullmatch(r"(\d\d)([A-Z]{3})(\d\d)", text)
    if not match or match.group(2) not in MONTHS:
        raise Rejected("date")
    try:
        return dt.date(2000 + int(match.group(3)), MONTHS.index(match.group(2)) + 1, int(match.group(1)))
    except ValueError:
        raise Rejected("date") from None


def parse_time(text: str) -> dt.timedelta:
    if not re.fullmatch(r"\d{4}", text) or int(text[:2]) > 23 or int(text[2:]) > 59:
        raise Rejected("time")
    return dt.timedelta(hours=int(text[:2]), minutes=int(text[2:]))


def parse_variation(text: str) -> dt.timedelta:
    match = re.fullmatch(r"([+-])(\d\d)(\d\d)", text)
    if not match or int(match.group(3)) > 59:
        raise Rejected("variation")
    value = dt.timedelta(hours=int(match.group(2)), minutes=int(match.group(3)))
    value = -value if match.group(1) == "-" else value
    if not dt.timedelta(hours=-12) <= value <= dt.timedelta(hours=14):
        raise Rejected("variation")
    return value


def parse_date_variation(char: str) -> int:
    if char in (" ", "0"):
        return 0
    if char == "A":
        return -1
    if char.isdigit():
        return int(char)
    raise Rejected("date variation")


def parse_days(text: str) -> frozenset[int]:
    days = set()
    for index, char in enumerate(text):
        if char == " ":
            continue
        if char != str(index + 1):
            raise Rejected("days")
        days.add(index + 1)
    if not days:
        raise Rejected("days")
    return frozenset(days)


def parse_station(text: str, airports: dict[str, Airport]) -> Airport:
    if not re.fullmatch(r"[A-Z]{3}", text):
        raise Rejected("station")
    if text not in airports:
        raise Rejected("unknown station")
    return airports[text]


def parse_leg(raw: str, line: int, local: bool, airports: dict[str, Airport]) -> Leg:
    """A 200-byte type 3 record read by position; Rejected(kind) when fleetwx must reject it."""
    if len(raw) != 200:
        raise Rejected("length")
    pos = lambda first, last: raw[first - 1:last]  # noqa: E731 - 1-based inclusive, as the manual
    airline, number, suffix = pos(3, 5).strip(), pos(6, 9).strip(), pos(2, 2).strip()
    designator = airline + (number.lstrip("0") or "0") + suffix
    period_from = parse_date(pos(15, 21))
    period_to = parse_date(pos(22, 28))
    weekdays = parse_days(pos(29, 35))
    frequency = pos(36, 36)
    if frequency not in (" ", "1", "2"):
        raise Rejected("frequency")
    origin = parse_station(pos(37, 39), airports)
    destination = parse_station(pos(55, 57), airports)
    std, sta = parse_time(pos(44, 47)), parse_time(pos(58, 61))
    dep_var, arr_var = parse_variation(pos(48, 52)), parse_variation(pos(66, 70))
    dep_days, arr_days = parse_date_variation(pos(193, 193)), parse_date_variation(pos(194, 194))
    if origin.place == destination.place or origin.icao == destination.icao:
        raise Rejected("same airport")
    if period_from and period_to and period_to < period_from:
        raise Rejected("reversed")
    leg = Leg(line, raw, designator, origin, destination, period_from, period_to, weekdays, frequency == "2",
              std, sta, dep_var, arr_var, dep_days, arr_days, pos(73, 75).strip(), local)
    if period_from and period_to:
        span = (min(period_to, period_from + dt.timedelta(days=28)) - period_from).days
        if not any(leg.operates(period_from + dt.timedelta(days=k)) for k in range(span + 1)):
            raise Rejected("contradiction")
    departure, arrival = leg.instants(dt.date(2026, 12, 1))
    if arrival <= departure:
        raise Rejected("not after")
    if arrival - departure > MAX_BLOCK:
        raise Rejected("block")
    return leg


def offset_at(zone: str, instant: dt.datetime) -> dt.timedelta:
    return instant.astimezone(ZoneInfo(zone)).utcoffset()


def expand(text: str, first_day: dt.date, days: int, airports: dict[str, Airport]) -> Expansion:
    """What fleetwx should make of an SSIM file's text for the window of `days` from `first_day`."""
    start = dt.datetime(first_day.year, first_day.month, first_day.day, tzinfo=UTC)
    end = start + dt.timedelta(days=days)
    result = Expansion()
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    header_seen = False
    mode = None
    previous_serial = None
    last_type = None
    first_line_of: dict[tuple, int] = {}
    for number, raw in enumerate(lines, start=1):
        raw = raw.rstrip("\r")
        if raw.strip(" ") == "" or set(raw) == {"0"}:
            continue  # blank or padding
        kind = raw[0]
        if not header_seen and kind != "1":
            result.fatal = "header"
            return result
        header_seen = True
        serial_text = raw[194:200] if len(raw) == 200 else ""
        serial = int(serial_text) if serial_text.isdigit() else (previous_serial or 0) + 1
        if kind == "5":
            if int(raw[187:193]) != previous_serial:
                result.fatal = "trailer check"
                return result
        previous_serial = serial
        last_type = kind
        if kind == "2":
            mode = raw[1]
        elif kind == "3":
            result.leg_lines.append(number)
            if mode is None:
                result.rejects[number] = ("no carrier", raw)
                continue
            try:
                leg = parse_leg(raw, number, mode == "L", airports)
            except Rejected as problem:
                result.rejects[number] = (problem.kind, raw)
                continue
            dated = []
            day = first_day - dt.timedelta(days=12)
            while day <= first_day + dt.timedelta(days=days + 2):
                if leg.operates(day):
                    departure, arrival = leg.instants(day)
                    if start <= departure < end:
                        dated.append(DatedFlight(leg.designator, leg.origin.code, leg.destination.code,
                                                 departure, arrival, leg.aircraft, number))
                        if abs(offset_at(leg.origin.tz, departure) - leg.dep_variation) > TOLERANCE:
                            result.warnings.add((number, "departure"))
                        if abs(offset_at(leg.destination.tz, arrival) - leg.arr_variation) > TOLERANCE:
                            result.warnings.add((number, "arrival"))
                day += dt.timedelta(days=1)
            result.dated[number] = dated
            for flight in dated:
                identity = (flight.flight, leg.origin.place, flight.departure)
                if identity in first_line_of:
                    result.duplicates.append((number, first_line_of[identity], flight, raw))
                else:
                    first_line_of[identity] = number
                    result.flights[flight.key] = flight
    if not header_seen:
        result.fatal = "header"
    elif last_type != "5":
        result.fatal = "trailer missing"
    return result
