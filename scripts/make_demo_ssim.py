#!/usr/bin/env python3
"""Writes Schedules/demo.ssim: the CSV demo's flights as an IATA SSIM Chapter 7 season.

Each flight of Schedules/demo.csv becomes a weekly leg on the weekday of its date, flown from
1 November 2026 to 6 March 2027 (no airport of the demo changes its clocks in that span).
Air France and Emirates file in UTC mode, the other carriers in local mode. Expanded for
2026-11-30 to 2026-12-04 (`--from 2026-11-30 --days 4`) it gives exactly the CSV's flights;
the tail numbers stay out, as SSIM has no field for them, and aircraft types are IATA codes.

    python3 scripts/make_demo_ssim.py > Schedules/demo.ssim
"""
import csv
import datetime as dt
import pathlib
import sys
from zoneinfo import ZoneInfo

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import ssim_write as w  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parent.parent
SEASON = (dt.date(2026, 11, 1), dt.date(2027, 3, 6))
UTC_MODE = {"AF", "EK"}
IATA_TYPES = {
    "B738": "738", "B77W": "77W", "A35K": "351", "A321": "321", "B739": "739", "E75L": "E75",
    "B789": "789", "A359": "359", "B748": "74H", "CRJ9": "CR9", "A320": "320", "A20N": "32N",
    "A319": "319", "A318": "318", "A388": "388", "A333": "333", "A21N": "32Q", "B38M": "7M8",
    "B763": "763",
}


def airports():
    by_code = {}
    with open(ROOT / "Sources/FleetAirports/Resources/airports.csv", newline="") as handle:
        for row in csv.DictReader(handle):
            by_code.setdefault(row["iata"], row)
            by_code.setdefault(row["icao"], row)
    return by_code


def instant(text, zone):
    text = text.replace(" ", "T")
    if text.endswith("Z"):
        return dt.datetime.fromisoformat(text[:-1]).replace(tzinfo=dt.timezone.utc)
    moment = dt.datetime.fromisoformat(text)
    return moment if moment.tzinfo else moment.replace(tzinfo=zone)


def main():
    directory = airports()
    legs = {}
    with open(ROOT / "Schedules/demo.csv", newline="") as handle:
        for row in csv.DictReader(handle):
            designator = row["flight"].replace(" ", "")
            cut = 3 if designator[2].isalpha() else 2
            airline, number = designator[:cut], designator[cut:]
            origin, destination = directory[row["origin"]], directory[row["destination"]]
            origin_zone, destination_zone = ZoneInfo(origin["tz"]), ZoneInfo(destination["tz"])
            departure = instant(row["departure"], origin_zone)
            arrival = instant(row["arrival"], destination_zone)
            local = airline not in UTC_MODE
            dep = departure.astimezone(origin_zone if local else dt.timezone.utc)
            arr = arrival.astimezone(destination_zone if local else dt.timezone.utc)
            flight_date = dep.date()
            first = SEASON[0] + dt.timedelta(days=(flight_date.weekday() - SEASON[0].weekday()) % 7)
            last = SEASON[1] - dt.timedelta(days=(SEASON[1].weekday() - flight_date.weekday()) % 7)
            days = "".join(str(d) if d == flight_date.isoweekday() else " " for d in range(1, 8))
            dep_var = departure.astimezone(origin_zone).utcoffset().total_seconds()
            arr_var = arrival.astimezone(destination_zone).utcoffset().total_seconds()
            legs.setdefault(airline, []).append(w.leg(
                airline, number, 1, 1, w.ssim_date(first), w.ssim_date(last), days, origin["iata"],
                dep.strftime("%H%M"), w.variation(dep_var), destination["iata"], arr.strftime("%H%M"),
                w.variation(arr_var), IATA_TYPES[row["aircraft"]], sta_days=str((arr.date() - flight_date).days)))
    records = [w.header()] + [w.PADDING] * 4
    for index, (airline, airline_legs) in enumerate(sorted(legs.items())):
        mode = "U" if airline in UTC_MODE else "L"
        records += [w.carrier(airline, mode, "W26", w.ssim_date(SEASON[0]), w.ssim_date(SEASON[1]))]
        records += airline_legs
        records += [w.trailer(airline, 0, "E" if index == len(legs) - 1 else "C")]
    records += [w.PADDING] * 2
    sys.stdout.write(w.serialise(records))


if __name__ == "__main__":
    main()
