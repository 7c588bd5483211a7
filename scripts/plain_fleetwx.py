#!/usr/bin/env python3
"""plain_fleetwx.py: the simplest Python that does fleetwx's nightly job, kept for comparison.

    python3 scripts/plain_fleetwx.py run SCHEDULE --replay DIR --out OUT [--now 2026-12-01T00:00:00Z]

Issue 13 measures fleetwx against "a straightforward implementation" of the same contract, and
this is it: one process, the standard library only (csv, json, html.escape, f-strings and
str.join), no tricks. It reads the schedule CSV (README "Schedule format": header aliases,
designators, codes, ISO times with Z, offset or local, the row checks), resolves airports from
fleetwx's bundled airportsdata file, groups them into 0.01-degree cells (micro-degrees, ties to
even, as Sources/FleetPlan/Grid.swift), serves each cell the recorded body nearest its centre
within half a step (Sources/FleetFetch/ReplayMatching.swift), briefs both ends of every flight
with the thresholds of Sources/FleetBriefing (the hour of the scheduled time, the worst hour of
the +-1 h window, hazards, alerts, risk), and writes flights.csv (the same columns and values),
rejects.csv, run.json, one page and CSV per route, one page per station and index.html.

What it leaves out (none of it changes the work's size): state, cache and quota; live fetching;
--config; merging several bodies of one place; staging and atomic publication of the report; the
index's fleet map and hazards-at-a-glance; the pages are fleetwx's in kind and size (the same
sections, stylesheet, script and icons) but not byte for byte. scripts/bench_compare.py runs it
beside fleetwx; scripts/plain_check.py compares the two flights.csv files.
"""
import argparse
import csv
import datetime as dt
import functools
import html
import json
import math
import os
import re
import sys
import zoneinfo
from collections import defaultdict

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
AIRPORTS_CSV = os.path.join(ROOT, "Sources", "FleetAirports", "Resources", "airports.csv")
TEMPLATES = os.path.join(ROOT, "Templates")
ATTRIBUTION = "https://developer.apple.com/weatherkit/data-source-attribution/"
RISKS = ["red", "amber", "unknown", "green"]  # worst first; an index into it is a rank
HORIZON = 10 * 24 * 3600
REACH = 3600  # windowMinutes 60: hazards are searched an hour either side
STEP = 10_000  # the 0.01-degree grid in micro-degrees
MILE = 1609.344
KMH_PER_KT = 1.852
# (kind, label) in HazardKind order: hazards are sorted by risk, then by this order.
KINDS = [("thunderstorm", "Thunderstorms"), ("hail", "Hail"), ("freezing-precipitation", "Freezing precipitation"),
         ("sleet-wintry-mix", "Sleet / wintry mix"), ("heavy-snow", "Heavy snow"), ("blowing-snow", "Blowing snow"),
         ("blizzard", "Blizzard"), ("heavy-rain", "Heavy rain"), ("low-visibility", "Low visibility"),
         ("fog", "Fog"), ("obscuration", "Smoke / dust / haze"), ("tropical-storm", "Tropical storm / hurricane"),
         ("strong-wind", "Strong wind"), ("strong-gusts", "Strong gusts"), ("bumpy", "Bumpy (gust spread)"),
         ("extreme-heat", "Extreme heat"), ("extreme-cold", "Extreme cold"), ("icing", "Icing conditions possible"),
         ("unknown-condition", "Unrecognised condition")]
KIND_ORDER = {kind: index for index, (kind, _) in enumerate(KINDS)}
KIND_LABEL = dict(KINDS)
CONDITION_HAZARDS = {  # ConditionRule.table
    "Thunderstorms": ("thunderstorm", 0), "StrongStorms": ("thunderstorm", 0),
    "IsolatedThunderstorms": ("thunderstorm", 1), "ScatteredThunderstorms": ("thunderstorm", 1),
    "Hail": ("hail", 0), "FreezingRain": ("freezing-precipitation", 0), "FreezingDrizzle": ("freezing-precipitation", 0),
    "Sleet": ("sleet-wintry-mix", 1), "WintryMix": ("sleet-wintry-mix", 1), "HeavySnow": ("heavy-snow", 0),
    "Blizzard": ("blizzard", 0), "BlowingSnow": ("blowing-snow", 1), "HeavyRain": ("heavy-rain", 1),
    "Foggy": ("fog", 1), "Haze": ("obscuration", 1), "Smoky": ("obscuration", 1), "BlowingDust": ("obscuration", 1),
    "TropicalStorm": ("tropical-storm", 0), "Hurricane": ("tropical-storm", 0), "Hot": ("extreme-heat", 1),
    "Frigid": ("extreme-cold", 1), "Windy": ("strong-wind", 1)}
ICON_FAMILY = {  # ConditionIcons.family
    "Clear": "clear", "MostlyClear": "partly-cloudy", "PartlyCloudy": "partly-cloudy", "MostlyCloudy": "cloudy",
    "Cloudy": "cloudy", "Foggy": "fog", "Haze": "fog", "Smoky": "fog", "BlowingDust": "fog", "Drizzle": "drizzle",
    "Rain": "rain", "SunShowers": "rain", "HeavyRain": "heavy-rain", "FreezingDrizzle": "freezing",
    "FreezingRain": "freezing", "Sleet": "sleet", "WintryMix": "sleet", "Flurries": "snow", "SunFlurries": "snow",
    "Snow": "snow", "HeavySnow": "heavy-snow", "Blizzard": "heavy-snow", "BlowingSnow": "heavy-snow", "Hail": "hail",
    "IsolatedThunderstorms": "thunder", "ScatteredThunderstorms": "thunder", "Thunderstorms": "thunder",
    "StrongStorms": "thunder", "TropicalStorm": "tropical", "Hurricane": "tropical", "Breezy": "windy",
    "Windy": "windy", "Hot": "hot", "Frigid": "frigid"}
CLOUD = "M7 14a4 4 0 0 1-.6-7.95A6 6 0 0 1 17.7 5.1 4.5 4.5 0 0 1 17 14z"
THERMO = "M10 14V5a2 2 0 0 1 4 0v9a4 4 0 1 1-4 0z"
ICON_PATHS = {  # the strokes of Sources/FleetReports/ConditionIcons.swift
    "clear": ["M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4",
              "M16 12a4 4 0 1 1-8 0 4 4 0 0 1 8 0z"],
    "partly-cloudy": ["M8 3v1M3 8h1M4.5 4.5l.7.7M11.5 4.5l-.7.7M5.4 10.6a3 3 0 1 1 5.2-3",
                      "M9 20a3.5 3.5 0 0 1-.5-6.96A5 5 0 0 1 18 12.3 3.8 3.8 0 0 1 17.5 20z"],
    "cloudy": ["M7 18a4 4 0 0 1-.6-7.95A6 6 0 0 1 17.7 9.1 4.5 4.5 0 0 1 17 18z"],
    "fog": ["M3 7h18M5 11h14M3 15h18M7 19h10"], "drizzle": [CLOUD, "M8 18v.5M12 20v.5M16 18v.5M10 22v.01M14 22v.01"],
    "rain": [CLOUD, "M8 17l-1.5 4M12 17l-1.5 4M16 17l-1.5 4"], "heavy-rain": [CLOUD, "M6 16l-2 6M10 16l-2 6M14 16l-2 6M18 16l-2 6"],
    "freezing": [CLOUD, "M8 16l-1 3M12 16l-1 3M16 16l-1 3M4 22h16"],
    "sleet": [CLOUD, "M8 16l-1.5 4", "M15 16v5M12.8 17.2l4.4 2.6M12.8 19.8l4.4-2.6"],
    "snow": [CLOUD, "M8 16v5M5.8 17.2l4.4 2.6M5.8 19.8l4.4-2.6", "M16 16v5M13.8 17.2l4.4 2.6M13.8 19.8l4.4-2.6"],
    "heavy-snow": ["M12 2v20M3.3 7l17.4 10M3.3 17l17.4-10", "M9.5 3.5l2.5 2 2.5-2M9.5 20.5l2.5-2 2.5 2"],
    "hail": [CLOUD, "M9.5 18a1.5 1.5 0 1 1-3 0M13.5 21a1.5 1.5 0 1 1-3 0M17.5 18a1.5 1.5 0 1 1-3 0"],
    "thunder": [CLOUD, "M13 14l-3 4.5h4l-3 4.5"],
    "tropical": ["M12 9a8 8 0 0 1 8-6M12 15a8 8 0 0 1-8 6", "M15 12a3 3 0 1 1-6 0 3 3 0 0 1 6 0z"],
    "windy": ["M3 8h10a3 3 0 1 0-3-3M3 12h15a3 3 0 1 1-3 3M3 16h7"],
    "hot": [THERMO, "M12 8v9", "M18 4l1.5-1.5M18.5 8h2.5M18 12l1.5 1.5"],
    "frigid": [THERMO, "M12 15v2", "M19 3v6M16.4 4.5l5.2 3M16.4 7.5l5.2-3"],
    "unknown": ["M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0z", "M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.7.3-1 .9-1 1.7v.5M12 17v.01"]}
COLUMNS = ["schema_version", "flight", "origin", "destination", "departure_utc", "arrival_utc", "departure_local",
           "arrival_local", "aircraft", "tail", "risk", "status", "status_detail"]
END_COLUMNS = ["condition", "temperature_c", "wind_kt", "gust_kt", "wind_dir_deg", "visibility_m",
               "precip_chance_pct", "precip_type", "category", "hazards", "alerts", "risk", "forecast_hour_utc",
               "worst_hour_utc", "worst_condition", "data_read_utc"]
HEADER = COLUMNS + ["dep_" + c for c in END_COLUMNS] + ["arr_" + c for c in END_COLUMNS] + ["weather_source",
                                                                                           "attribution_url"]
ALIASES = {"flight": ["flight", "flight_number", "flight_no"], "origin": ["origin", "from", "dep", "departure_airport"],
           "destination": ["destination", "to", "arr", "dest", "arrival_airport"],
           "departure": ["departure", "std", "scheduled_departure", "departure_time"],
           "arrival": ["arrival", "sta", "scheduled_arrival", "arrival_time"],
           "aircraft": ["aircraft", "aircraft_type", "equipment"], "tail": ["tail", "registration", "tailnum"]}
TIME = re.compile(r"(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?(Z|[+-]\d{2}:?\d{2})?")
DESIGNATOR = re.compile(r"(?:[A-Z]{3}|(?=[A-Z0-9]?[A-Z])[A-Z0-9]{2})\d{1,4}[A-Z]?")
esc = html.escape


# ---- numbers and times ------------------------------------------------------------------------
@functools.lru_cache(maxsize=None)
def zone_of(name):
    """A time zone, loaded once (ZoneInfo keeps only a few it is not holding on to)."""
    return zoneinfo.ZoneInfo(name)


def fixed(value, decimals=0):
    """Fixed.text: round half to even on the scaled binary value, never "-0"."""
    scaled = round(value * 10 ** decimals)
    sign = "-" if scaled < 0 else ""
    units = abs(scaled)
    if decimals == 0:
        return f"{sign}{units}"
    return f"{sign}{units // 10 ** decimals}.{units % 10 ** decimals:0{decimals}d}"


def utc(t):
    return dt.datetime.fromtimestamp(t, dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def local(t, zone):
    return dt.datetime.fromtimestamp(t, zone).isoformat()


def parse_iso(text):
    return int(dt.datetime.fromisoformat(text).timestamp()) if text else None


def day_label(moment):
    return f"{moment:%a} {moment.day} {moment:%b}"


def when(t, zone):
    """"Tue 1 Dec 16:55 local" with the UTC time under it, as the pages show times."""
    here, there = dt.datetime.fromtimestamp(t, zone), dt.datetime.fromtimestamp(t, dt.timezone.utc)
    return f'{day_label(here)} {here:%H:%M} local<span class="utc">{day_label(there)} {there:%H:%M}Z</span>'


def micro(degrees):
    """MicroDegrees(degrees:): the nearest micro-degree, an exact half to even."""
    scaled = degrees * 1_000_000
    whole = math.floor(scaled)
    fraction = scaled - whole
    if abs(fraction - 0.5) < 1e-6:
        whole += whole % 2
    elif fraction > 0.5:
        whole += 1
    return whole


def to_step(value):
    quotient, remainder = divmod(value, STEP)
    if 2 * remainder > STEP or (2 * remainder == STEP and quotient % 2):
        quotient += 1
    return quotient * STEP


def cell_of(airport):
    lat = min(90_000_000, max(-90_000_000, to_step(micro(airport["lat"]))))
    lon = to_step(micro(airport["lon"]))
    if lon > 180_000_000:
        lon = to_step(lon - 360_000_000)
    if lon < -180_000_000:
        lon = to_step(lon + 360_000_000)
    return lat, lon


def cell_text(cell):
    return ",".join(f"{'-' if v < 0 else ''}{abs(v) // 1_000_000}.{abs(v) // STEP % 100:02d}" for v in cell)


# ---- inputs -----------------------------------------------------------------------------------
def load_airports():
    by_iata, by_icao = {}, {}
    with open(AIRPORTS_CSV, encoding="utf-8", newline="") as handle:
        for row in csv.DictReader(handle):
            airport = {"icao": row["icao"].upper(), "iata": row["iata"].upper(), "name": row["name"],
                       "city": row["city"], "country": row["country"].upper(), "elevation": row["elevation"],
                       "lat": float(row["lat"]), "lon": float(row["lon"]), "tz": row["tz"]}
            airport["code"] = airport["iata"] or airport["icao"]
            if airport["iata"]:
                by_iata.setdefault(airport["iata"], airport)
            if not airport["icao"].startswith("_"):
                by_icao.setdefault(airport["icao"], airport)
    return by_iata, by_icao


def lookup(directory, code):
    code = code.strip().upper()
    return directory[0].get(code) if len(code) == 3 else directory[1].get(code) if len(code) == 4 else None


def parse_time(text, zone):
    match = TIME.fullmatch(text.strip())
    if not match:
        raise ValueError(f"cannot read the time {text!r}")
    year, month, day, hour, minute, second, offset = match.groups()
    if not 2000 <= int(year) <= 2100:
        raise ValueError(f"year {year} is outside 2000–2100, the years fleetwx briefs")
    wall = dt.datetime(int(year), int(month), int(day), int(hour), int(minute), int(second or 0))
    if offset == "Z":
        return int(wall.replace(tzinfo=dt.timezone.utc).timestamp())
    if offset:
        sign = -1 if offset[0] == "-" else 1
        digits = offset[1:].replace(":", "")
        shift = dt.timedelta(hours=int(digits[:2]), minutes=int(digits[2:]))
        return int(wall.replace(tzinfo=dt.timezone(sign * shift)).timestamp())
    instant = wall.replace(tzinfo=zone)  # fold 0: the earlier instant of an ambiguous time
    if instant.astimezone(dt.timezone.utc).astimezone(zone).replace(tzinfo=None) != wall:
        raise ValueError(f"local time {text} does not exist (the clocks skip it)")
    return int(instant.timestamp())


def read_schedule(path, directory):
    """Accepted flights and rejected rows [line, reason, raw], as README's schedule section."""
    flights, rejects, seen = [], [], set()
    with open(path, encoding="utf-8-sig", newline="") as handle:
        rows = csv.reader(handle)
        names = [re.sub(r"[ -]", "_", name.strip().lower()) for name in next(rows)]
        where = {}
        for column, aliases in ALIASES.items():
            found = [index for index, name in enumerate(names) if name in aliases]
            if found:
                where[column] = found[0]
            elif column not in ("aircraft", "tail"):
                sys.exit(f"schedule {path}: no {column} column; name one {', '.join(aliases)}")
        last = rows.line_num
        for row in rows:
            number, last = last + 1, rows.line_num  # a record's first line (quoted fields may span lines)
            if not any(field.strip() for field in row):
                continue
            try:
                if len(row) != len(names):
                    raise ValueError(f"{len(row)} fields where the header has {len(names)}")
                value = {column: row[index].strip() for column, index in where.items()}
                for column in ("flight", "origin", "destination", "departure", "arrival"):
                    if not value[column]:
                        raise ValueError(f"empty {column}")
                designator = value["flight"].replace(" ", "").replace("\t", "").upper()
                if not DESIGNATOR.fullmatch(designator):
                    raise ValueError(f"bad flight designator {value['flight']!r}")
                origin, destination = lookup(directory, value["origin"]), lookup(directory, value["destination"])
                for column, airport in (("origin", origin), ("destination", destination)):
                    if airport is None:
                        raise ValueError(f"unknown {column} airport {value[column]!r}")
                if origin["icao"] == destination["icao"] or (origin["name"], origin["lat"], origin["lon"]) == (
                        destination["name"], destination["lat"], destination["lon"]):
                    raise ValueError("origin and destination are the same airport")
                departure = parse_time(value["departure"], zone_of(origin["tz"]))
                arrival = parse_time(value["arrival"], zone_of(destination["tz"]))
                if arrival <= departure:
                    raise ValueError("arrival is not after departure")
                if arrival - departure > 20 * 3600:
                    raise ValueError("block time is over 20 hours")
                if (designator, origin["code"], departure) in seen:
                    raise ValueError("duplicate of an earlier row (same flight, origin and departure)")
                seen.add((designator, origin["code"], departure))
            except ValueError as problem:
                rejects.append([str(number), str(problem), ",".join(row)])
                continue
            flights.append({"number": designator, "origin": origin, "destination": destination, "line": number,
                            "departure": departure, "arrival": arrival, "aircraft": value.get("aircraft", ""),
                            "tail": value.get("tail", "")})
    return flights, rejects


def read_replay(folder):
    """Every recorded body, decoded into hours, days, alerts, by its micro-degree location."""
    places = {}
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".json"):
            continue
        with open(os.path.join(folder, name), encoding="utf-8") as handle:
            body = json.load(handle)
        metas = [body[key]["metadata"] for key in ("forecastHourly", "forecastDaily", "currentWeather",
                                                   "weatherAlerts") if "metadata" in body.get(key, {})]
        if not metas:
            continue
        hours = body.get("forecastHourly", {}).get("hours", [])
        for hour in hours:
            hour["start"] = parse_iso(hour["forecastStart"])
        days = [dict(day, start=parse_iso(day.get("forecastStart")), end=parse_iso(day.get("forecastEnd")),
                     sunrise=parse_iso(day.get("sunrise")), sunset=parse_iso(day.get("sunset")))
                for day in body.get("forecastDaily", {}).get("days", [])]
        alerts = []
        for alert in body.get("weatherAlerts", {}).get("alerts", []):
            starts = [parse_iso(alert.get(k)) for k in ("effectiveTime", "eventOnsetTime") if alert.get(k)]
            ends = [parse_iso(alert.get(k)) for k in ("eventEndTime", "expireTime") if alert.get(k)]
            alerts.append(dict(alert, start=min(starts) if starts else parse_iso(alert.get("issuedTime")),
                               end=max(ends) if ends else None))
        reads = [parse_iso(meta["readTime"]) for meta in metas if meta.get("readTime")]
        location = (micro(metas[0]["latitude"]), micro(metas[0]["longitude"]))
        places.setdefault(location, {"hours": {hour["start"]: hour for hour in hours}, "days": days,
                                     "alerts": alerts, "read": min(reads) if reads else None,
                                     "current": body.get("currentWeather"), "alerts_known": "weatherAlerts" in body})
    return places


def match_cells(cells, places):
    """ReplaySource.recording(for:): the place nearest each cell's centre within half a step."""
    buckets = defaultdict(list)
    for order, location in enumerate(sorted(places)):
        buckets[(to_step(location[0]), to_step(location[1]))].append((order, location))
    found = {}
    for cell in cells:
        near = []
        for lat in (cell[0] - STEP, cell[0], cell[0] + STEP):
            for lon in (cell[1] - STEP, cell[1], cell[1] + STEP):
                for order, (plat, plon) in buckets.get((lat, lon), []):
                    east = abs(plon - cell[1]) % 360_000_000
                    east = min(east, 360_000_000 - east)
                    if abs(plat - cell[0]) <= STEP // 2 and east <= STEP // 2:
                        near.append(((plat - cell[0]) ** 2 + east ** 2, order, (plat, plon)))
        if near:
            found[cell] = places[min(near)[2]]
    return found


# ---- briefing ---------------------------------------------------------------------------------
def hour_hazards(hour):
    """The hazards of one hour, rule by rule (Condition, Precipitation, Visibility, Wind,
    Temperature, Icing): (kind, risk rank, detail)."""
    found = []
    code, temperature = hour.get("conditionCode"), hour.get("temperature")
    chance, kind = hour.get("precipitationChance") or 0, hour.get("precipitationType")
    if code in CONDITION_HAZARDS:
        found.append((*CONDITION_HAZARDS[code], condition_label(code)))
    elif code is not None and code not in ICON_FAMILY:
        found.append(("unknown-condition", 1, f"condition code {code} is not one fleetwx knows; check the forecast"))
    if kind not in (None, "clear") and chance >= 0.3:
        percent = f", {round(min(max(chance, 0), 1) * 100)}% chance"
        if kind == "hail":
            found.append(("hail", 0, "hail" + percent))
        elif kind == "sleet":
            found.append(("sleet-wintry-mix", 1, "sleet" + percent))
        elif kind == "mixed":
            found.append(("sleet-wintry-mix", 1, "wintry mix" + percent))
        elif kind in ("rain", "precipitation"):
            if temperature is not None and temperature <= 0:
                found.append(("freezing-precipitation", 0, f"rain at {fixed(temperature)} °C{percent}"))
            elif (hour.get("precipitationIntensity") or 0) >= 7.6:
                found.append(("heavy-rain", 1, f"rain {fixed(hour['precipitationIntensity'], 1)} mm/h{percent}"))
        elif kind == "snow" and (hour.get("snowfallIntensity") or 0) >= 10:
            found.append(("heavy-snow", 0, f"snow {fixed(hour['snowfallIntensity'], 1)} mm/h{percent}"))
    visibility = hour.get("visibility")
    if visibility is not None and visibility < 3 * MILE:
        found.append(("low-visibility", 0 if visibility < MILE else 1, "visibility " + vis_text(visibility)))
    wind = hour["windSpeed"] / KMH_PER_KT if hour.get("windSpeed") is not None else None
    gust = hour["windGust"] / KMH_PER_KT if hour.get("windGust") is not None else None
    if wind is not None and wind >= 25:
        found.append(("strong-wind", 0 if wind >= 35 else 1, f"wind {fixed(wind)} kt"))
    if gust is not None and gust >= 35:
        found.append(("strong-gusts", 0 if gust >= 45 else 1, f"gusts {fixed(gust)} kt"))
    if wind is not None and gust is not None and gust - wind >= 15:
        found.append(("bumpy", 1, f"gusts {fixed(gust)} kt over wind {fixed(wind)} kt"))
    if temperature is not None:
        if temperature >= 40:
            found.append(("extreme-heat", 0 if temperature >= 46 else 1, f"{fixed(temperature)} °C"))
        elif temperature <= -25:
            found.append(("extreme-cold", 0 if temperature <= -40 else 1, f"{fixed(temperature)} °C"))
        if temperature <= 10:
            low = (visibility if visibility is not None else math.inf) <= 1600
            if low or (kind not in (None, "clear") and chance >= 0.3):
                found.append(("icing", 1, f"{fixed(temperature)} °C with {'low visibility' if low else 'precipitation'}"))
    return found


def brief_end(airport, t, weather, now):
    """One end: the scheduled hour, the worst hour of the window, hazards, alerts and risk."""
    end = {"airport": airport, "time": t, "hour": None, "worst": None, "hazards": [], "alerts": [], "risk": 2,
           "missing": None, "weather": weather, "window": []}
    if weather:
        end["alerts"] = sorted((a for a in weather["alerts"] if (a["start"] or -math.inf) <= t + REACH
                                and (a["end"] or math.inf) >= t - REACH),
                               key=lambda a: (SEVERITY.get(a.get("severity"), 4), a["start"] or -math.inf))
    alert_risk = min([ALERT_RISK.get(a.get("severity"), 3) for a in end["alerts"]] + [3])
    scheduled = t - t % 3600
    hour = weather["hours"].get(scheduled) if weather else None
    if scheduled > now + HORIZON and hour is None:
        end["missing"] = "beyond forecast horizon"
    elif weather is None:
        end["missing"] = "no recorded weather"
    elif hour is None:
        end["missing"] = f"no forecast hour for {utc(scheduled)}"
    if end["missing"]:
        end["risk"] = min(2, alert_risk)
        return end
    worst, by_kind = None, {}
    for start in range(scheduled - 2 * 3600, t + REACH + 1, 3600):
        candidate = weather["hours"].get(start)
        if candidate is None or start + 3600 <= t - REACH or start < t - REACH - 3600:
            continue
        found = hour_hazards(candidate)
        end["window"].append((candidate, found))
        score = (min([risk for _, risk, _ in found] + [3]), -len(found), abs(start - scheduled))
        if worst is None or score < worst[0]:
            worst = (score, candidate)
        for kind, risk, detail in found:
            if kind not in by_kind or risk < by_kind[kind][1]:
                by_kind[kind] = (kind, risk, detail)
    end["hour"], end["worst"] = hour, worst[1] if worst else None
    end["hazards"] = sorted(by_kind.values(), key=lambda h: (h[1], KIND_ORDER[h[0]]))
    end["risk"] = min([risk for _, risk, _ in end["hazards"]] + [3, alert_risk])
    absent = [name for name, key in (("condition", "conditionCode"), ("temperature", "temperature"),
                                     ("wind", "windSpeed"), ("visibility", "visibility")) if hour.get(key) is None]
    if absent:
        end["missing"] = f"incomplete forecast hour {utc(scheduled)}: no {', '.join(absent)}"
        end["risk"] = min(end["risk"], 2)
    return end


SEVERITY = {"extreme": 0, "severe": 1, "moderate": 2, "minor": 3}
ALERT_RISK = {"extreme": 0, "severe": 0, "moderate": 1}


def brief(flight, weather_by_cell, now):
    dep = brief_end(flight["origin"], flight["departure"], weather_by_cell.get(cell_of(flight["origin"])), now)
    arr = brief_end(flight["destination"], flight["arrival"], weather_by_cell.get(cell_of(flight["destination"])), now)
    details = [f"{name}: {end['missing']}" for name, end in (("departure", dep), ("arrival", arr)) if end["missing"]]
    has = (dep["missing"] is None, arr["missing"] is None)
    status = "ok" if all(has) else "unavailable" if not any(has) else "partial"
    return dict(flight, dep=dep, arr=arr, risk=min(dep["risk"], arr["risk"]), status=status,
                detail="; ".join(details))


# ---- CSV --------------------------------------------------------------------------------------
def csv_text(value):
    """CSVWriter: a formula guard for text, then quotes when the text needs them."""
    if value and value[0] in "=+-@\t\r":
        value = "'" + value
    if ";" in value:
        value = re.sub(r';(?="*[=+\-@\t\r])', ";'", value)
    return f'"{value.replace(chr(34), chr(34) * 2)}"' if any(c in value for c in ',"\n\r;') else value


def num(value, decimals=0, scale=1.0, divisor=1.0):
    return "" if value is None else fixed(value * scale / divisor if divisor != 1.0 else value * scale, decimals)


def end_cells(end):
    hour, worst = end["hour"] or {}, end["worst"] or {}
    alerts = " | ".join(f"{a.get('severity', 'unknown')}: {a.get('description', 'alert')}"
                        + (f" ({a['source']})" if a.get("source") else "") for a in end["alerts"])
    return [csv_text(hour.get("conditionCode", "")), num(hour.get("temperature"), 1),
            num(hour.get("windSpeed"), 0, divisor=KMH_PER_KT), num(hour.get("windGust"), 0, divisor=KMH_PER_KT),
            num(hour.get("windDirection")), num(hour.get("visibility")), num(hour.get("precipitationChance"), 0, 100),
            csv_text(hour.get("precipitationType", "")), category(hour.get("visibility")) if end["hour"] else "",
            csv_text(";".join(kind for kind, _, _ in end["hazards"])), csv_text(alerts), RISKS[end["risk"]],
            utc(hour["start"]) if end["hour"] else "", utc(worst["start"]) if end["worst"] else "",
            csv_text(worst.get("conditionCode", "")),
            utc(end["weather"]["read"]) if end["hour"] and end["weather"]["read"] else ""]


def csv_line(b):
    origin, destination = b["origin"], b["destination"]
    cells = ["1", csv_text(b["number"]), csv_text(origin["code"]), csv_text(destination["code"]), utc(b["departure"]),
             utc(b["arrival"]), local(b["departure"], zone_of(origin["tz"])),
             local(b["arrival"], zone_of(destination["tz"])), csv_text(b["aircraft"]), csv_text(b["tail"]),
             RISKS[b["risk"]], b["status"], csv_text(b["detail"])]
    return ",".join(cells + end_cells(b["dep"]) + end_cells(b["arr"]) + ["Apple Weather", ATTRIBUTION]) + "\r\n"


# ---- page pieces ------------------------------------------------------------------------------
@functools.lru_cache(maxsize=None)
def condition_label(code):
    if code is None:
        return "Condition unknown"
    if code not in ICON_FAMILY:
        return f"Unknown ({code})"
    return re.sub(r"(?<!^)([A-Z])", lambda m: " " + m.group(1).lower(), code)


def category(visibility):
    if visibility is None:
        return ""
    miles = visibility / MILE
    return "LIFR" if miles < 1 else "IFR" if miles < 3 else "MVFR" if miles <= 5 else "VFR"


def vis_text(metres):
    miles = metres / MILE
    return f"{fixed(metres)} m ({fixed(miles, 1)} SM)" if metres < 5000 else f"{fixed(metres / 1000)} km ({fixed(miles)} SM)"


def icon(code):
    label = esc(condition_label(code))
    family = ICON_FAMILY.get(code, "unknown")
    return (f'<svg class="wx wx-{family}" role="img" aria-label="{label}" width="24" height="24"><title>{label}'
            f'</title><use href="#wx-{family}"></use></svg>')


ICON_DEFS = ('<svg class="wx-defs" aria-hidden="true" focusable="false" width="0" height="0" '
             'xmlns="http://www.w3.org/2000/svg">' + "".join(
                 f'<symbol id="wx-{family}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" '
                 f'stroke-linecap="round" stroke-linejoin="round">' + "".join(f'<path d="{d}"/>' for d in paths)
                 + "</symbol>" for family, paths in ICON_PATHS.items()) + "</svg>")


def wind_text(hour):
    if hour.get("windSpeed") is None:
        return "wind n/a"
    knots = hour["windSpeed"] / KMH_PER_KT
    text = "wind " + (f"{fixed(hour['windDirection']):0>3}° " if hour.get("windDirection") is not None else "")
    text += fixed(knots)
    if hour.get("windGust") is not None and hour["windGust"] / KMH_PER_KT >= knots + 5:
        text += " G" + fixed(hour["windGust"] / KMH_PER_KT)
    return text + " kt"


def weather_line(hour, with_category=True):
    if not hour:
        return "no forecast"
    parts = [condition_label(hour.get("conditionCode"))]
    if hour.get("temperature") is not None:
        parts.append(fixed(hour["temperature"]) + " °C")
    parts.append(wind_text(hour))
    if hour.get("visibility") is not None:
        parts.append("vis " + vis_text(hour["visibility"]))
    if (hour.get("precipitationChance") or 0) > 0 and hour.get("precipitationType") not in (None, "clear"):
        parts.append(f"{fixed(hour['precipitationChance'] * 100)}% {hour['precipitationType']}")
    if with_category and hour.get("visibility") is not None:
        parts.append(category(hour["visibility"]) + " (est.)")
    return esc(" · ".join(parts))


def chips(hazards, at=None):
    return "".join(f'<span class="hazard hazard-{RISKS[risk]}" title="{esc(detail)}"><span class="sev">'
                   f'{RISKS[risk].upper()}</span> {KIND_LABEL[kind]}{at or ""}</span>' for kind, risk, detail in hazards)


def badge(risk):
    return f'<span class="risk risk-{RISKS[risk]}">{RISKS[risk].upper()}</span>'


def alert_tags(alerts):
    return "".join(f'<span class="{"hazard hazard-red" if ALERT_RISK.get(a.get("severity")) == 0 else "alert-minor"}">'
                   f'alert ({esc(a.get("severity", "unknown"))}): {esc(a.get("description", ""))}</span>' for a in alerts)


def strip_cell(hour, start, zone, first, mark):
    here = dt.datetime.fromtimestamp(start, zone)
    day = f'<span class="strip-day">{here:%a} {here.day}</span>' if first or here.hour == 0 else ""
    head = (f'<span class="strip-time">{day}<b>{here:%H:%M}</b><span class="strip-utc">'
            f'{dt.datetime.fromtimestamp(start, dt.timezone.utc):%H}Z</span></span>'
            + (f'<span class="strip-mark">{mark}</span>' if mark else ""))
    busy = " strip-sched" if mark == "sched." else " strip-busy" if mark else ""
    if hour is None:
        return f'<li class="strip-hour strip-missing">{head}<span class="strip-nodata">no data</span></li>'
    gust = hour.get("windGust") or 0
    wind = (hour.get("windSpeed") or 0) / KMH_PER_KT
    gust_text = f'<span class="strip-gust">G{fixed(gust / KMH_PER_KT)}</span>' if gust / KMH_PER_KT >= wind + 5 else ""
    return (f'<li class="strip-hour{busy}"{" aria-current=" + chr(34) + "time" + chr(34) if mark == "sched." else ""}>'
            f'{head}{icon(hour.get("conditionCode"))}<span class="strip-temp">{fixed(hour.get("temperature") or 0)} °C'
            f'</span><span class="strip-wind">{fixed(wind)} kt{gust_text}</span><span class="strip-pop">'
            f'{fixed((hour.get("precipitationChance") or 0) * 100)}%</span></li>')


def strip(end):
    """The 12-hour strip of one end: the scheduled hour, 5 before and 6 after."""
    zone, code = zone_of(end["airport"]["tz"]), end["airport"]["code"]
    scheduled = end["time"] - end["time"] % 3600
    hours = end["weather"]["hours"] if end["weather"] else {}
    starts = range(scheduled - 5 * 3600, scheduled + 7 * 3600, 3600)
    first, last = dt.datetime.fromtimestamp(starts[0], zone), dt.datetime.fromtimestamp(starts[-1], zone)
    cells = "".join(strip_cell(hours.get(s), s, zone, i == 0, "sched." if s == scheduled else "")
                    for i, s in enumerate(starts))
    return (f'<div class="hourly-strip"><p class="strip-caption">{code}, {day_label(first)} {first:%H:%M}–{last:%H:%M} '
            f'local: local hour over UTC hour, condition, °C, wind kt (G gust), precipitation chance. Scheduled: '
            f'{when(end["time"], zone)} (sched.).</p><ol class="strip" aria-label="Hourly forecast at {code} around the '
            f'scheduled time">{cells}</ol></div>')


def day_of(weather, t):
    for day in reversed(weather["days"] if weather else []):
        if day["start"] is not None and day["start"] <= t:
            return day if t < (day["end"] or day["start"] + 86400) else None
    return None


def daily(day, zone, t=None):
    if not day:
        return '<p class="daily muted">No daily outlook for this day.</p>'
    text = (f'<span class="day">{day_label(dt.datetime.fromtimestamp(day["start"], zone))} (local): </span>H '
            f'{fixed(day.get("temperatureMax") or 0)}° L {fixed(day.get("temperatureMin") or 0)}° · precipitation '
            f'{fixed((day.get("precipitationChance") or 0) * 100)}%')
    if day["sunrise"] and day["sunset"]:
        text += (f' · sunrise {dt.datetime.fromtimestamp(day["sunrise"], zone):%H:%M} · sunset '
                 f'{dt.datetime.fromtimestamp(day["sunset"], zone):%H:%M} local')
        if t is not None:
            dark = t < day["sunrise"] or t >= day["sunset"]
            text += (' · <span class="dark">scheduled time in darkness</span>' if dark
                     else ' · <span class="light">scheduled time in daylight</span>')
    return f'<p class="daily">{text}</p>'


def latest(weather, zone, now):
    current = (weather or {}).get("current")
    if not current:
        return '<div class="latest"><h3>Latest observation</h3><p class="no-data">No observation recorded.</p></div>'
    read = parse_iso(current.get("asOf") or current["metadata"]["readTime"])
    age = max(0, now - read) // 3600
    there, here = dt.datetime.fromtimestamp(read, dt.timezone.utc), dt.datetime.fromtimestamp(read, zone)
    return (f'<div class="latest"><h3>Latest observation</h3><p class="age{" old" if age >= 2 else ""}">read '
            f'{day_label(there)} {there:%H:%M}Z ({here:%H:%M} local), {age} h before this run'
            f'{": not current" if age >= 2 else ""}</p><p>{icon(current.get("conditionCode"))}'
            f'<span>{weather_line(current, False)}</span></p></div>')


def airport_head(airport, role):
    return (f'<h2>{role}<a href="../stations/{airport["code"]}.html">{airport["code"]}</a> {esc(airport["name"])}</h2>'
            f'<p class="muted">ICAO {airport["icao"]} · {esc(airport["city"])}, {airport["country"]} · {airport["tz"]}'
            f' · elevation {airport["elevation"] or "?"} ft</p>')


def card(b, end):
    zone = zone_of(end["airport"]["tz"])
    no_data = f'<p class="no-data">NO DATA: {esc(end["missing"])}</p>' if end["missing"] else ""
    others = "".join(f'<p class="hour-line other-hour"><span class="when">{dt.datetime.fromtimestamp(h["start"], zone):%H:%M}'
                     f' local</span> {weather_line(h)} {chips(found)}</p>'
                     for h, found in end["window"] if h is not end["hour"] and found)
    return (f'<article class="card card-{RISKS[end["risk"]]}" data-flights="{b["number"]}"><h3>{badge(end["risk"])} '
            f'{b["number"]} · {when(end["time"], zone)}</h3>{no_data}<div class="hour-line">'
            f'{icon((end["hour"] or {}).get("conditionCode"))}<span>{weather_line(end["hour"])}</span>'
            f'{chips(end["hazards"])}{alert_tags(end["alerts"])}</div>{others}'
            f'{daily(day_of(end["weather"], end["time"]), zone, end["time"])}{strip(end)}</article>')


def chart(airport, weather, times, zone):
    """An SVG chart of one end and local day: temperature, wind and gust lines, precipitation bars."""
    first, last = min(times) - min(times) % 3600 - 2 * 3600, max(times) - max(times) % 3600 + 3 * 3600
    hours = [h for s in range(first, last + 1, 3600) if (h := (weather or {"hours": {}})["hours"].get(s))]
    if len(hours) < 2:
        return f'<figure><p class="muted">No hourly data for {airport["code"]} on this day.</p></figure>'
    x = lambda s: 40 + (s - first) * 380 / (last - first)
    temps = [h.get("temperature") or 0 for h in hours]
    low, high = min(temps) - 2, max(temps) + 2
    winds = [(h.get("windSpeed") or 0) / KMH_PER_KT for h in hours] + [(h.get("windGust") or 0) / KMH_PER_KT for h in hours]
    top = max(winds + [10]) * 1.1
    ty = lambda v: 20 + (high - v) * 120 / (high - low)
    wy = lambda v: 140 - v * 120 / top
    parts = [f'<svg class="chart" viewBox="0 0 460 220" width="460" height="220" role="img" aria-label="Hourly '
             f'forecast at {airport["code"]}"><line class="grid" x1="40" y1="140" x2="420" y2="140"/>']
    for label, series, y in (("temp", temps, ty), ("wind", winds[:len(hours)], wy), ("gust", winds[len(hours):], wy)):
        points = " ".join(f"{x(h['start']):.1f},{y(v):.1f}" for h, v in zip(hours, series))
        parts.append(f'<polyline class="{label}" points="{points}"/>')
        parts += [f'<circle class="point-{label}" cx="{x(h["start"]):.1f}" cy="{y(v):.1f}" r="2.5"><title>'
                  f'{fixed(v)}</title></circle>' for h, v in zip(hours, series)]
    for h in hours:
        chance = (h.get("precipitationChance") or 0) * 50
        here, there = dt.datetime.fromtimestamp(h["start"], zone), dt.datetime.fromtimestamp(h["start"], dt.timezone.utc)
        parts.append(f'<rect class="precip" x="{x(h["start"]) - 6:.1f}" y="{200 - chance:.1f}" width="12" '
                     f'height="{chance:.1f}"/><line class="grid-v" x1="{x(h["start"]):.1f}" y1="20" '
                     f'x2="{x(h["start"]):.1f}" y2="200"/><text x="{x(h["start"]):.1f}" y="212" text-anchor="middle">'
                     f'{there:%H}Z</text><text x="{x(h["start"]):.1f}" y="14" text-anchor="middle">{here:%H}</text>')
    for t, number in times.items():
        parts.append(f'<line class="sched" x1="{x(t):.1f}" y1="20" x2="{x(t):.1f}" y2="200"/><text class="sched-label" '
                     f'x="{x(t) + 3:.1f}" y="30">{number}</text>')
    parts.append(f'<text class="axis-title" x="4" y="20">{fixed(high)} °C</text><text class="axis-title" x="424" '
                 f'y="20">{fixed(top)} kt</text></svg>')
    scheduled = ", ".join(f"{n} {dt.datetime.fromtimestamp(t, dt.timezone.utc):%H:%M}Z" for t, n in times.items())
    return (f'<figure>{"".join(parts)}<figcaption>{airport["code"]}, {day_label(dt.datetime.fromtimestamp(first, zone))} '
            f'local ({airport["tz"]}): temperature °C: solid orange line, left scale; wind kt: solid blue line, right '
            f'scale; gusts kt: dotted blue line, right scale; precipitation chance %: bars in the lower band; '
            f'scheduled times: solid vertical lines labelled with the flight. Scheduled: {scheduled}.</figcaption></figure>')


def charts(ends):
    """One chart per end and local day of its scheduled times."""
    by_day = defaultdict(dict)
    for number, end in ends:
        zone = zone_of(end["airport"]["tz"])
        by_day[dt.datetime.fromtimestamp(end["time"], zone).date()][end["time"]] = number
    end = ends[0][1]
    zone = zone_of(end["airport"]["tz"])
    return "".join(chart(end["airport"], end["weather"], by_day[day], zone) for day in sorted(by_day))


def flight_row(b, level="../"):
    cells = []
    for end in (b["dep"], b["arr"]):
        day = day_of(end["weather"], end["time"])
        compact = (f'<span class="daily-compact">Day H {fixed(day.get("temperatureMax") or 0)}° L '
                   f'{fixed(day.get("temperatureMin") or 0)}°</span>' if day else "")
        cells.append(f'<td data-sort="{end["time"]}" data-label="Time"><strong><a href="{level}stations/'
                     f'{end["airport"]["code"]}.html">{end["airport"]["code"]}</a></strong> '
                     f'{when(end["time"], zone_of(end["airport"]["tz"]))}</td><td data-sort="{end["risk"]}" '
                     f'data-label="Weather"><div class="hour-line">{icon((end["hour"] or {}).get("conditionCode"))}'
                     f'<span>{weather_line(end["hour"])}</span>{chips(end["hazards"])}{alert_tags(end["alerts"])}</div>'
                     f'{compact}</td>')
    route = f'{b["origin"]["code"]}-{b["destination"]["code"]}'
    return (f'<tr data-risk="{RISKS[b["risk"]]}"><td data-sort="{b["risk"]}" data-label="Risk">{badge(b["risk"])}</td>'
            f'<th scope="row"><a href="{level}routes/{route}.html">{b["number"]}</a></th><td data-label="Route">{route}</td>'
            f'{"".join(cells)}<td data-label="Status">{b["status"]}{(" " + esc(b["detail"])) if b["detail"] else ""}</td></tr>')


def table(table_id, caption, heads, rows):
    boxes = "".join(f'<label><input type="checkbox" data-risk="{r}" checked> {r}</label>' for r in RISKS)
    head = "".join(f'<th scope="col" aria-sort="none">{h}</th>' for h in heads)
    return (f'<form class="filters" id="filter-{table_id}" hidden="hidden"><label>Find <input type="search" '
            f'placeholder="flight, airport, hazard…"></label>{boxes}<span data-shown="" class="muted"></span></form>'
            f'<table class="flights" id="{table_id}-table" data-sortable="" data-filter="filter-{table_id}"><caption>'
            f'{caption}</caption><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>')


FLIGHT_HEADS = ["Risk", "Flight", "Route", "Departure", "Departure weather", "Arrival", "Arrival weather", "Status"]


def alerts_section(alerts, where):
    if not alerts:
        return f'<h2>Weather alerts{where}</h2><p class="muted">No weather alert overlaps a scheduled time{where}.</p>'
    items = "".join(f'<div class="{"alert-major" if ALERT_RISK.get(a.get("severity")) == 0 else "alert-moderate"}">'
                    f'<span class="alert-tag">{esc(a.get("severity", "unknown"))}</span> <strong>'
                    f'{esc(a.get("description", "alert"))}</strong> · {esc(a.get("source", ""))} · '
                    f'{esc(a.get("areaName", ""))}<br><a href="{esc(a.get("detailsUrl", ""))}" rel="noopener">details</a>'
                    f'</div>' for a in alerts)
    return f'<h2>Weather alerts{where}</h2>{items}'


class Pages:
    """The page frame: the stylesheet, script and icons, read once and put in every page."""

    def __init__(self, generated):
        with open(os.path.join(TEMPLATES, "style.css"), encoding="utf-8") as handle:
            self.css = handle.read()
        with open(os.path.join(TEMPLATES, "table.js"), encoding="utf-8") as handle:
            self.js = handle.read()
        self.attribution = ('<div class="attribution"><span class="mark"><span class="mark-text">Apple Weather</span>'
                            '</span> <span>Weather data provided by Apple Weather.</span> <a href="' + ATTRIBUTION +
                            '" rel="noopener">Other data sources and legal attribution</a></div>')
        self.generated = generated

    def page(self, title, back, sections):
        return (f'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<meta name="viewport" '
                f'content="width=device-width, initial-scale=1">\n<title>{esc(title)}</title>\n<style>{self.css}'
                f'</style>\n</head>\n<body>\n<header class="masthead">\n  <div class="brand">\n    <span class="operator">'
                f'fleetwx</span>\n    <h1>{esc(title)}</h1>\n{back}  </div>\n  <div class="masthead-attribution">'
                f'{self.attribution}</div>\n</header>\n<main>\n'
                + "".join(f'  <section data-slot="{slot}">{body}</section>\n' for slot, body in sections)
                + f'</main>\n<footer>{self.attribution}<p class="note">This report is a planning aid built from Apple '
                f'WeatherKit forecasts. It is not an official aviation weather source: check METAR, TAF and NOTAMs '
                f'before flight. Flight categories are estimated from visibility alone because WeatherKit reports no '
                f'cloud ceiling.</p><p class="note">Generated by plain_fleetwx.py at {self.generated} (replayed run).'
                f'</p></footer>\n<script>{self.js}</script>\n{ICON_DEFS}</body>\n</html>\n')


BACK = '    <p class="back"><a href="../index.html">← Fleet overview</a></p>\n'


def route_page(pages, flights):
    first = flights[0]
    origin, destination = first["origin"], first["destination"]
    alerts = {a["id"] if "id" in a else id(a): a for b in flights for e in (b["dep"], b["arr"]) for a in e["alerts"]}
    ends = "".join(f'<div class="end" data-role="{role}">{airport_head(airport, role.title() + ": ")}'
                   f'{latest(first[key]["weather"], zone_of(airport["tz"]), pages.now)}'
                   + "".join(card(b, b[key]) for b in sorted(flights, key=lambda b: b[key]["time"])) + "</div>"
                   for role, key, airport in (("origin", "dep", origin), ("destination", "arr", destination)))
    chart_html = "".join(f'<div class="chart-end">{charts([(b["number"], b[key]) for b in flights])}</div>'
                         for key in ("dep", "arr"))
    return pages.page(f'{origin["code"]} → {destination["code"]}: {origin["city"]} to {destination["city"]}', BACK, [
        ("ends", f'<div class="ends">{ends}</div>'),
        ("flights", "<h2>Flights, worst first</h2>" + table("flights", f"{len(flights)} flights; departure and arrival "
                                                            "weather at the scheduled hour", FLIGHT_HEADS,
                                                            [flight_row(b) for b in flights])),
        ("charts", f'<h2>Hourly forecast around the scheduled times</h2><div class="charts">{chart_html}</div>'),
        ("alerts", alerts_section(list(alerts.values()), ""))])


def board_row(b, here, there, direction):
    end, other = b[here], b[there]
    zone = zone_of(end["airport"]["tz"])
    far = other["airport"]
    at = lambda h: f' at {dt.datetime.fromtimestamp(h["start"], dt.timezone.utc):%H:%M}Z' if h else ""
    return (f'<tr data-risk="{RISKS[b["risk"]]}"><td data-sort="{utc(end["time"])}" data-label="{direction}">'
            f'{when(end["time"], zone)}</td><th scope="row"><a href="../routes/{b["origin"]["code"]}-'
            f'{b["destination"]["code"]}.html">{b["number"]}</a></th><td data-label="Other"><a href="../stations/'
            f'{far["code"]}.html">{far["code"]}</a> {esc(far["city"])}</td><td data-sort="{b["risk"]}" data-label="Risk">'
            f'{badge(b["risk"])}</td><td data-label="Weather here">{icon((end["hour"] or {}).get("conditionCode"))} '
            f'{weather_line(end["hour"])}<div class="board-chips">{chips(end["hazards"], at(end["worst"]))}'
            f'{alert_tags(end["alerts"])}</div></td><td data-label="Weather there">'
            f'{icon((other["hour"] or {}).get("conditionCode"))} {weather_line(other["hour"])}</td><td data-label="Status">'
            f'{b["status"]}</td></tr>')


def station_page(pages, airport, departures, arrivals):
    code, zone = airport["code"], zone_of(airport["tz"])
    ends = [b["dep"] for b in departures] + [b["arr"] for b in arrivals]
    weather = ends[0]["weather"]
    counts = defaultdict(int)
    for end in ends:
        counts[end["risk"]] += 1
    hazards = sorted((h for e in ends for h in e["hazards"]), key=lambda h: (h[1], KIND_ORDER[h[0]]))
    busy = defaultdict(int)
    for end in ends:
        busy[end["time"] - end["time"] % 3600] += 1
    first = min(busy)
    hours = weather["hours"] if weather else {}
    starts = [s for s in range(first, max(busy) + 3600, 3600)][:48]
    cells = "".join(strip_cell(hours.get(s), s, zone, i == 0, f"{busy[s]} flight{'s' * (busy[s] > 1)}"
                               if busy.get(s) else "") for i, s in enumerate(starts))
    days = sorted({id(d): d for e in ends if (d := day_of(weather, e["time"]))}.values(), key=lambda d: d["start"])
    card_html = (f'<div class="end station-card">{airport_head(airport, "")}<p>{len(departures)} departures and '
                 f'{len(arrivals)} arrivals in this run; flight ends here by their risk at the scheduled time:</p>'
                 f'<ul class="counts station-counts">' + "".join(f'<li class="risk-{RISKS[r]}">{RISKS[r].upper()}: '
                                                                 f'{counts[r]}</li>' for r in sorted(counts)) + '</ul>'
                 + (f'<p class="worst-hazard">Worst hazard: {chips(hazards[:1])}</p>' if hazards else "")
                 + latest(weather, zone, pages.now) + "<h3>Daily outlook, the days of its flights</h3>"
                 + "".join(daily(d, zone) for d in days) + f'<div class="hourly-strip strip-range"><p class="strip-caption">'
                 f'{code}, the hours its flights use: local hour over UTC hour, condition, °C, wind kt (G gust), '
                 f'precipitation chance; an hour with flights here says how many.</p><ol class="strip" aria-label="Hourly '
                 f'forecast at {code} over its flights\' hours">{cells}</ol></div></div>')
    boards = []
    for slot, flights, here, there, word in (("departures", departures, "dep", "arr", "Departs"),
                                             ("arrivals", arrivals, "arr", "dep", "Arrives")):
        heads = [word, "Flight", "To" if here == "dep" else "From", "Risk", "Weather here",
                 "Weather at " + ("destination" if here == "dep" else "origin"), "Status"]
        rows = [board_row(b, here, there, word) for b in sorted(flights, key=lambda b: b[here]["time"])]
        boards.append((slot, f"<h2>{slot.title()} ({len(flights)})</h2>" + table(
            slot, f"{len(flights)} flights in time order; weather at the scheduled hour of each end", heads, rows)
                       .replace('class="flights"', 'class="board"')))
    alerts = {a.get("id", id(a)): a for e in ends for a in e["alerts"]}
    return pages.page(f"Station {code}: {airport['name']}", BACK, [("station", card_html)] + boards + [
        ("alerts", alerts_section(list(alerts.values()), f" at {code}"))])


def index_page(pages, briefed, stations, routes, rejects):
    counts = defaultdict(int)
    for b in briefed:
        counts[b["risk"]] += 1
    pills = "".join(f'<li class="risk-{RISKS[r]}" data-risk-pill="{RISKS[r]}">{RISKS[r].upper()}: {counts[r]}</li>'
                    for r in range(4))
    worst = briefed[:250]
    station_rows = []
    for code, (airport, departures, arrivals) in sorted(stations.items()):
        ends = [b["dep"] for b in departures] + [b["arr"] for b in arrivals]
        by = [sum(1 for e in ends if e["risk"] == r) for r in range(4)]
        station_rows.append(f'<tr><td><a href="stations/{code}.html">{code}</a> {esc(airport["name"])}</td><td>'
                            f'{len(departures)}</td><td>{len(arrivals)}</td>' + "".join(f"<td>{n}</td>" for n in by)
                            + "</tr>")
    finder = "\n".join(f'{name} {" ".join(b["number"] for b in flights)}' for name, flights in sorted(routes.items()))
    sections = [
        ("summary", f'<ul class="counts" data-filter="filter-flights">{pills}</ul><p>{len(briefed)} flights, '
                    f'{len(routes)} routes, {len(stations)} stations; {len(rejects)} rows rejected (rejects.csv).</p>'
                    '<p class="downloads"><a href="flights.csv">flights.csv</a> · <a href="rejects.csv">rejects.csv</a></p>'),
        ("lookup", '<h2>Find a flight or station</h2><form class="finder" data-finder="finder-flights" hidden="hidden">'
                   '<label>Flight or station <input type="search" aria-describedby="finder-found"></label></form>'
                   f'<ul class="finder-found" id="finder-found"></ul><template id="finder-flights">{esc(finder)}</template>'),
        ("flights", f"<h2>The worst {len(worst)} flights</h2>" + table(
            "flights", f"{len(worst)} of {len(briefed)} flights, worst first", FLIGHT_HEADS,
            [flight_row(b, "") for b in worst])),
        ("stations", '<h2>Stations</h2><table class="stations deferred" data-sortable=""><thead><tr>'
                     + "".join(f'<th scope="col" aria-sort="none">{h}</th>' for h in
                               ("Station", "Departures", "Arrivals", "Red", "Amber", "Unknown", "Green"))
                     + f'</tr></thead><tbody>{"".join(station_rows)}</tbody></table>')]
    return pages.page("Fleet weather briefing", "", sections)


# ---- the run ----------------------------------------------------------------------------------
def write(path, text):
    with open(path, "w", encoding="utf-8", newline="") as handle:
        handle.write(text)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=["run"])
    parser.add_argument("schedule")
    parser.add_argument("--replay", required=True, help="folder of recorded WeatherKit bodies")
    parser.add_argument("--out", required=True, help="report folder to write")
    parser.add_argument("--now", default=None, help="the run's clock, ISO 8601 (default: the time now)")
    args = parser.parse_args()
    started = dt.datetime.now(dt.timezone.utc).replace(microsecond=0)
    now = parse_iso(args.now) if args.now else int(started.timestamp())
    directory = load_airports()
    flights, rejects = read_schedule(args.schedule, directory)
    cells = {cell_of(f[key]) for f in flights for key in ("origin", "destination")}
    weather = match_cells(cells, read_replay(args.replay))
    briefed = sorted((brief(f, weather, now) for f in flights),
                     key=lambda b: (b["risk"], b["departure"], b["number"], b["line"]))
    out = args.out
    for folder in (out, os.path.join(out, "routes"), os.path.join(out, "stations")):
        os.makedirs(folder, exist_ok=True)
    header = ",".join(HEADER) + "\r\n"
    routes, stations = defaultdict(list), {}
    with open(os.path.join(out, "flights.csv"), "w", encoding="utf-8", newline="") as handle:
        handle.write(header)
        for b in briefed:
            b["csv"] = csv_line(b)
            handle.write(b["csv"])
            routes[f'{b["origin"]["code"]}-{b["destination"]["code"]}'].append(b)
            stations.setdefault(b["origin"]["code"], (b["origin"], [], []))[1].append(b)
            stations.setdefault(b["destination"]["code"], (b["destination"], [], []))[2].append(b)
    write(os.path.join(out, "rejects.csv"), "line,reason,raw\r\n" + "".join(
        ",".join([line, csv_text(reason), csv_text(raw)]) + "\r\n" for line, reason, raw in rejects))
    pages = Pages(started.strftime("%Y-%m-%dT%H:%M:%SZ"))
    pages.now = now
    for name, route_flights in routes.items():
        write(os.path.join(out, "routes", name + ".csv"), header + "".join(b["csv"] for b in route_flights))
        write(os.path.join(out, "routes", name + ".html"), route_page(pages, route_flights))
    for code, (airport, departures, arrivals) in stations.items():
        write(os.path.join(out, "stations", code + ".html"), station_page(pages, airport, departures, arrivals))
    write(os.path.join(out, "index.html"), index_page(pages, briefed, stations, routes, rejects))
    risk = {name: sum(1 for b in briefed if b["risk"] == rank) for rank, name in enumerate(RISKS)}
    write(os.path.join(out, "run.json"), json.dumps({
        "schedule": args.schedule, "source": "replay", "started_at": pages.generated, "cells": len(cells),
        "routes": len(routes), "airports": len(stations), "risk": risk,
        "flights": {"rows": len(flights) + len(rejects), "briefed": len(briefed), "rejected": len(rejects)}},
        indent=2, sort_keys=True) + "\n")
    print(f"plain_fleetwx: {len(briefed)} flights briefed, {len(rejects)} rejected, {len(routes)} routes, "
          f"{len(stations)} stations -> {out}")
    return 2 if rejects or any(b["risk"] == 2 for b in briefed) else 0


if __name__ == "__main__":
    sys.exit(main())
