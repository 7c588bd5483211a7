#!/usr/bin/env python3
"""Regenerates the bundled demo: Schedules/demo.csv and Schedules/demo-weather/*.json.

The weather is SYNTHETIC: hand-designed scenarios written in the exact WeatherKit REST
format (`GET /api/v1/weather/...` bodies with currentWeather, forecastDaily, forecastHourly
and weatherAlerts), so `fleetwx run Schedules/demo.csv --replay Schedules/demo-weather` shows
every kind of report content without credentials or network. It is not real weather.

Usage: scripts/make_demo.py [--date YYYY-MM-DD] [--out-dir Schedules]
The date is the first day of flights; the recordings are stamped as read at 04:00Z the day
before, as a nightly run would fetch them.
"""
import argparse
import csv
import datetime as dt
import json
import math
import os
import random
import zoneinfo

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
AIRPORTS_CSV = os.path.join(ROOT, "Sources", "FleetAirports", "Resources", "airports.csv")
ATTRIBUTION = "https://developer.apple.com/weatherkit/data-source-attribution/"
ALERT_ATTRIBUTION = "https://weatherkit.apple.com/legal-attribution.html"

# (flight, origin, destination, day, local departure, block minutes, aircraft, tail, time style)
# time style: "local" (no offset, airport zones), "utc" (Z), "offset" (numeric offset)
FLIGHTS = [
    ("UA 1545", "ORD", "JFK", 0, "07:05", 130, "B738", "N37253", "local"),
    ("UA1546", "JFK", "ORD", 0, "11:30", 165, "B738", "N37253", "local"),
    ("AA100", "JFK", "LHR", 0, "18:30", 415, "B77W", "N717AN", "local"),
    ("BA178", "EGLL", "KJFK", 0, "09:15", 490, "A35K", "G-XWBA", "local"),
    ("AA 2417", "ORD", "LAX", 0, "17:40", 275, "A321", "N115NN", "offset"),
    ("UA 857", "SEA", "ORD", 0, "06:00", 245, "B739", "N38451", "local"),
    ("AC 8", "YYZ", "ORD", 0, "08:20", 115, "E75L", "C-FEJY", "local"),
    ("AC 871", "YYZ", "CDG", 0, "22:10", 440, "B789", "C-FRSR", "local"),
    ("AF 11", "CDG", "JFK", 0, "10:30", 505, "A359", "F-HTYA", "utc"),
    ("LH 400", "FRA", "JFK", 0, "10:05", 540, "B748", "D-ABYA", "local"),
    ("LH 1222", "FRA", "BSL", 0, "07:20", 55, "CRJ9", "D-ACNA", "local"),
    ("LX 1181", "ZRH", "LHR", 0, "07:00", 105, "A320", "HB-IJD", "local"),
    ("EZS 1104", "MLH", "LHR", 0, "06:40", 95, "A20N", "HB-JXA", "local"),
    ("U2 5102", "LFSB", "CDG", 0, "13:15", 70, "A319", "OE-LKE", "local"),
    ("BA 732", "LHR", "ZRH", 0, "11:50", 100, "A320", "G-EUYB", "local"),
    ("AF 1465", "CDG", "MLH", 0, "17:45", 65, "A318", "F-GUGA", "local"),
    ("EK 2", "DXB", "LHR", 0, "07:45", 470, "A388", "A6-EUA", "local"),
    ("EK 418", "DXB", "SYD", 0, "10:15", 835, "A388", "A6-EOB", "offset"),
    ("EK 225", "DXB", "SEA", 0, "08:30", 960, "A388", "A6-EUV", "utc"),
    ("SQ 321", "SIN", "LHR", 0, "23:35", 840, "A388", "9V-SKS", "local"),
    ("SQ 221", "SIN", "SYD", 0, "20:40", 470, "A359", "9V-SMF", "local"),
    ("SQ 12", "NRT", "LAX", 0, "17:25", 620, "B77W", "9V-SWJ", "local"),
    ("NH 9", "NRT", "ORD", 0, "11:05", 720, "B77W", "JA783A", "local"),
    ("CX 520", "HKG", "NRT", 0, "08:15", 265, "A359", "B-LRA", "local"),
    ("CX 101", "HKG", "SYD", 0, "20:35", 550, "A359", "B-LRF", "local"),
    ("QF 1", "SYD", "SIN", 0, "15:55", 485, "A388", "VH-OQA", "local"),
    ("QF 11", "SYD", "LAX", 0, "11:50", 805, "A388", "VH-OQD", "local"),
    ("QF 143", "SYD", "AKL", 0, "07:05", 185, "B738", "VH-VXA", "local"),
    ("NZ 104", "AKL", "SYD", 0, "08:40", 215, "A21N", "ZK-NNA", "local"),
    ("NZ 5", "AKL", "LAX", 0, "19:35", 730, "B789", "ZK-NZE", "local"),
    ("SA 234", "JNB", "LHR", 0, "21:05", 680, "A359", "ZS-SDC", "local"),
    ("SA 222", "JNB", "GRU", 0, "10:35", 560, "A333", "ZS-SXL", "local"),
    ("LA 8084", "GRU", "LHR", 0, "16:05", 690, "B789", "PS-LBA", "local"),
    ("LA 702", "SCL", "GRU", 0, "09:25", 230, "A321", "CC-BEI", "local"),
    ("LA 601", "SCL", "LAX", 0, "23:30", 660, "B789", "CC-BGA", "offset"),
    ("DL 407", "JFK", "LAX", 0, "06:00", 390, "A321", "N304DN", "local"),
    ("AS 303", "LAX", "SEA", 0, "14:20", 170, "B739", "N461AS", "local"),
    ("WN 1200", "LAX", "ORD", 1, "06:15", 240, "B38M", "N8701Q", "local"),
    ("UA 2200", "ORD", "YYZ", 1, "09:30", 100, "A320", "N401UA", "local"),
    ("DL 58", "LAX", "JFK", 1, "22:30", 330, "B763", "N178DN", "local"),
    ("BA 15", "LHR", "SIN", 1, "21:25", 805, "B77W", "G-STBA", "local"),
    ("LX 14", "ZRH", "JFK", 1, "13:00", 530, "A333", "HB-JHA", "local"),
    ("AF 1166", "CDG", "DXB", 1, "21:35", 395, "B77W", "F-GSQA", "local"),
    ("EK 147", "DXB", "JNB", 1, "09:25", 495, "B77W", "A6-EGA", "local"),
]

CLIMATE = {
    # code: (mean °C, diurnal amplitude, mean wind km/h, humidity, base condition)
    "JFK": (3, 4, 28, 0.62, "PartlyCloudy"), "ORD": (-3, 3, 24, 0.8, "Cloudy"),
    "LAX": (17, 6, 10, 0.55, "Clear"), "SEA": (7, 3, 14, 0.88, "Rain"), "YYZ": (-6, 3, 26, 0.75, "MostlyCloudy"),
    "LHR": (6, 3, 16, 0.9, "Cloudy"), "CDG": (5, 3, 14, 0.86, "MostlyCloudy"), "FRA": (2, 3, 12, 0.88, "Cloudy"),
    "BSL": (1, 3, 8, 0.9, "Cloudy"), "ZRH": (0, 3, 10, 0.86, "Snow"), "DXB": (24, 6, 14, 0.55, "Clear"),
    "NRT": (6, 5, 18, 0.5, "MostlyClear"), "HKG": (19, 4, 20, 0.7, "PartlyCloudy"),
    "SIN": (27, 3, 10, 0.84, "PartlyCloudy"), "SYD": (26, 5, 18, 0.6, "MostlyClear"),
    "AKL": (18, 4, 24, 0.72, "Breezy"), "JNB": (22, 6, 14, 0.55, "PartlyCloudy"),
    "GRU": (23, 5, 10, 0.78, "Rain"), "SCL": (24, 8, 12, 0.35, "Clear"),
}


def load_airports():
    with open(AIRPORTS_CSV, encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    by_code = {}
    for row in rows:
        if row["iata"]:
            by_code[row["iata"]] = row
        by_code.setdefault(row["icao"], row)
    return by_code


def iso(moment):
    return moment.astimezone(dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def write_schedule(path, base, airports):
    rows = []
    for number, origin, dest, day, local, minutes, aircraft, tail, style in FLIGHTS:
        o, d = airports[origin], airports[dest]
        oz, dz = zoneinfo.ZoneInfo(o["tz"]), zoneinfo.ZoneInfo(d["tz"])
        hour, minute = map(int, local.split(":"))
        departure = dt.datetime(base.year, base.month, base.day, hour, minute, tzinfo=oz) + dt.timedelta(days=day)
        arrival = (departure + dt.timedelta(minutes=minutes)).astimezone(dz)
        if style == "local":
            dep_text, arr_text = departure.strftime("%Y-%m-%dT%H:%M"), arrival.strftime("%Y-%m-%d %H:%M")
        elif style == "utc":
            dep_text, arr_text = iso(departure), iso(arrival)
        else:
            dep_text, arr_text = departure.isoformat(timespec="seconds"), arrival.isoformat(timespec="seconds")
        rows.append([number, origin, dest, dep_text, arr_text, aircraft, tail])
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(["flight", "origin", "destination", "departure", "arrival", "aircraft", "tail"])
        writer.writerows(rows)


def scenario(code, base):
    """Events: (start hour from base 00:00Z, end hour, overrides)."""
    day = lambda h: h  # hours from base-day 00:00Z
    events = {
        "ORD": [(day(18), day(40), {"conditionCode": "HeavySnow", "precipitationType": "snow", "precipitationChance": 0.95,
                                     "precipitationIntensity": 3.2, "snowfallIntensity": 14.0, "visibility": 900.0,
                                     "windSpeed": 46.0, "windGust": 78.0, "temperature": -7.0})],
        "JFK": [(day(12), day(30), {"windSpeed": 38.0, "windGust": 80.0, "conditionCode": "Windy"})],
        "LHR": [(day(4), day(10), {"conditionCode": "Foggy", "visibility": 350.0, "humidity": 0.99}),
                (day(28), day(33), {"conditionCode": "Foggy", "visibility": 700.0, "humidity": 0.98})],
        "FRA": [(day(4), day(9), {"conditionCode": "FreezingDrizzle", "precipitationType": "rain",
                                   "precipitationChance": 0.7, "temperature": -1.0, "visibility": 3200.0})],
        "SIN": [(day(6), day(12), {"conditionCode": "Thunderstorms", "precipitationType": "rain",
                                    "precipitationChance": 0.8, "precipitationIntensity": 12.0, "windGust": 70.0}),
                (day(30), day(36), {"conditionCode": "ScatteredThunderstorms", "precipitationType": "rain",
                                     "precipitationChance": 0.6})],
        "SYD": [(day(-4), day(8), {"conditionCode": "Hot", "temperature": 41.0}),
                (day(28), day(32), {"conditionCode": "IsolatedThunderstorms", "precipitationType": "rain",
                                     "precipitationChance": 0.5})],
        "JNB": [(day(12), day(20), {"conditionCode": "Thunderstorms", "precipitationType": "hail",
                                     "precipitationChance": 0.6, "windGust": 65.0})],
        "GRU": [(day(10), day(24), {"conditionCode": "HeavyRain", "precipitationType": "rain",
                                     "precipitationChance": 0.9, "precipitationIntensity": 9.5, "visibility": 4000.0})],
        "YYZ": [(day(8), day(20), {"conditionCode": "BlowingSnow", "precipitationType": "snow",
                                    "precipitationChance": 0.6, "temperature": -27.0, "visibility": 2500.0,
                                    "windSpeed": 40.0, "windGust": 62.0})],
        "BSL": [(day(3), day(9), {"conditionCode": "Foggy", "visibility": 1200.0, "temperature": -2.0})],
        "ZRH": [(day(4), day(14), {"conditionCode": "Snow", "precipitationType": "snow", "precipitationChance": 0.7,
                                    "temperature": -1.0, "visibility": 5000.0})],
        "AKL": [(day(-6), day(2), {"windSpeed": 44.0, "windGust": 74.0, "conditionCode": "Windy"})],
        "SEA": [(day(12), day(20), {"conditionCode": "Drizzle", "precipitationType": "rain", "precipitationChance": 0.7})],
        "SCL": [(day(16), day(23), {"conditionCode": "Haze", "visibility": 6000.0, "temperature": 33.0})],
    }
    return events.get(code, [])


ALERTS = {
    "ORD": [("severe", "Winter Storm Warning", "National Weather Service", "US", "Cook County", 14, 44,
             "expected", "likely", ["prepare"])],
    "SEA": [("moderate", "Flood Watch", "National Weather Service", "US", "King County", 10, 30,
             "future", "possible", ["monitor"])],
    "LAX": [("minor", "Wind Advisory", "National Weather Service", "US", "Los Angeles County Coast", 0, 20,
             "expected", "likely", [])],
    "LHR": [("moderate", "Yellow Warning for Fog", "UK Met Office", "GB", "London & South East England", 2, 11,
             "expected", "likely", ["monitor"])],
    "SYD": [("severe", "Severe Thunderstorm Warning", "Bureau of Meteorology", "AU", "Sydney Metropolitan", 26, 34,
             "expected", "likely", ["shelter"])],
}


def hour_values(code, airport, climate, moment, base, rng_seed):
    mean, amplitude, wind, humidity, condition = climate
    lon = float(airport["lon"])
    local_hour = (moment.hour + lon / 15.0) % 24
    diurnal = math.cos((local_hour - 15) / 24 * 2 * math.pi)
    rng = random.Random(f"{rng_seed}-{moment.isoformat()}")
    temperature = mean + amplitude * diurnal + rng.uniform(-0.6, 0.6)
    speed = max(0.0, wind + rng.uniform(-5, 5))
    values = {
        "conditionCode": condition,
        "temperature": round(temperature, 2),
        "windSpeed": round(speed, 2),
        "windGust": round(speed * 1.35 + rng.uniform(0, 4), 2),
        "windDirection": int((rng_seed * 37 + moment.hour * 3) % 360),
        "humidity": round(min(1.0, humidity + rng.uniform(-0.05, 0.05)), 2),
        "visibility": round(24000 + rng.uniform(-4000, 4000), 2),
        "precipitationChance": 0.6 if condition in ("Rain", "Snow") else round(rng.uniform(0, 0.1), 2),
        "precipitationType": "rain" if condition == "Rain" else "snow" if condition == "Snow" else "clear",
        "precipitationIntensity": 0.8 if condition in ("Rain", "Snow") else 0,
        "snowfallIntensity": 0.5 if condition == "Snow" else 0,
    }
    offset = (moment - base).total_seconds() / 3600
    for start, end, overrides in scenario(code, base):
        if start <= offset < end:
            values.update(overrides)
    values["temperatureApparent"] = round(values["temperature"] - values["windSpeed"] / 20, 2)
    values["temperatureDewPoint"] = round(values["temperature"] - (1 - values["humidity"]) * 20, 2)
    return values


def metadata(lat, lon, read, expire, **extra):
    meta = {"attributionURL": ATTRIBUTION, "expireTime": iso(expire), "latitude": lat, "longitude": lon,
            "readTime": iso(read), "reportedTime": iso(read - dt.timedelta(minutes=40)), "units": "m", "version": 1}
    meta.update(extra)
    return meta


def body_for(code, airport, base, seed, climate=None, hour_count=96):
    """One complete weather body for an airport's cell; `climate` defaults to the demo's."""
    climate = climate or CLIMATE[code]
    lat = round(float(airport["lat"]), 2)
    lon = round(float(airport["lon"]), 2)
    read = base - dt.timedelta(hours=20)
    start = base - dt.timedelta(days=1)
    hours = []
    for index in range(hour_count):
        moment = start + dt.timedelta(hours=index)
        v = hour_values(code, airport, climate, moment, base, seed)
        hours.append({
            "forecastStart": iso(moment), "cloudCover": 0.9 if v["conditionCode"] not in ("Clear", "MostlyClear") else 0.1,
            "conditionCode": v["conditionCode"], "daylight": 7 <= (moment.hour + float(airport["lon"]) / 15) % 24 < 19,
            "humidity": v["humidity"], "precipitationAmount": round(v["precipitationIntensity"], 2),
            "precipitationIntensity": v["precipitationIntensity"], "precipitationChance": v["precipitationChance"],
            "precipitationType": v["precipitationType"], "pressure": 1012.4, "pressureTrend": "steady",
            "snowfallIntensity": v["snowfallIntensity"], "snowfallAmount": v["snowfallIntensity"],
            "temperature": v["temperature"], "temperatureApparent": v["temperatureApparent"],
            "temperatureDewPoint": v["temperatureDewPoint"], "uvIndex": 0, "visibility": v["visibility"],
            "windDirection": v["windDirection"], "windGust": v["windGust"], "windSpeed": v["windSpeed"],
        })
    zone = zoneinfo.ZoneInfo(airport["tz"])
    days = []
    first_day = (start.astimezone(zone)).replace(hour=0, minute=0, second=0, microsecond=0)
    for index in range(5):
        day_start = first_day + dt.timedelta(days=index)
        day_end = day_start + dt.timedelta(days=1)
        inside = [h for h in hours if iso(day_start) <= h["forecastStart"] < iso(day_end)] or hours[:1]
        temps = [h["temperature"] for h in inside]
        days.append({
            "forecastStart": iso(day_start), "forecastEnd": iso(day_end),
            "conditionCode": max(inside, key=lambda h: h["precipitationChance"])["conditionCode"],
            "maxUvIndex": 3, "moonPhase": "waningCrescent",
            "precipitationAmount": round(sum(h["precipitationAmount"] for h in inside), 2),
            "precipitationChance": max(h["precipitationChance"] for h in inside),
            "precipitationType": max(inside, key=lambda h: h["precipitationChance"])["precipitationType"],
            "snowfallAmount": round(sum(h["snowfallAmount"] for h in inside), 2),
            "sunrise": iso(day_start + dt.timedelta(hours=7, minutes=12)),
            "sunset": iso(day_start + dt.timedelta(hours=17, minutes=4)),
            "temperatureMax": max(temps), "temperatureMin": min(temps),
        })
    now_hour = hours[int((read - start).total_seconds() // 3600)]
    current = {"name": "CurrentWeather",
               "metadata": metadata(lat, lon, read, read + dt.timedelta(minutes=5)),
               "asOf": iso(read)}
    for key in ("cloudCover", "conditionCode", "daylight", "humidity", "precipitationIntensity", "pressure",
                "pressureTrend", "temperature", "temperatureApparent", "temperatureDewPoint", "uvIndex",
                "visibility", "windDirection", "windGust", "windSpeed"):
        current[key] = now_hour[key]
    body = {
        "currentWeather": current,
        "forecastDaily": {"name": "DailyForecast", "metadata": metadata(lat, lon, read, read + dt.timedelta(hours=1)),
                          "days": days},
        "forecastHourly": {"name": "HourlyForecast",
                           "metadata": metadata(lat, lon, read, read + dt.timedelta(hours=1)), "hours": hours},
    }
    alerts = []
    for severity, description, source, country, area, start_h, end_h, urgency, certainty, responses in ALERTS.get(code, []):
        alert_id = f"{seed:08x}-{start_h:04d}-5{end_h:03d}-8{len(description):03d}-demo{code.lower()}00000"[:36]
        effective = base + dt.timedelta(hours=start_h)
        alerts.append({
            "name": "WeatherAlertSummary", "id": alert_id, "areaId": f"{country}{seed % 1000:03d}", "areaName": area,
            "countryCode": country, "description": description, "effectiveTime": iso(effective - dt.timedelta(hours=3)),
            "expireTime": iso(base + dt.timedelta(hours=end_h)), "issuedTime": iso(effective - dt.timedelta(hours=4)),
            "eventOnsetTime": iso(effective), "eventEndTime": iso(base + dt.timedelta(hours=end_h)),
            "detailsUrl": f"https://weatherkit.apple.com/alertDetails/index.html?ids={alert_id}&lang=en-US&timezone={airport['tz']}",
            "precedence": 0, "severity": severity, "source": source, "eventSource": country, "urgency": urgency,
            "certainty": certainty, "importance": "high" if severity in ("severe", "extreme") else "normal",
            "responses": responses,
        })
    collection = {"name": "WeatherAlertCollection",
                  "metadata": {"attributionURL": ALERT_ATTRIBUTION, "expireTime": iso(read + dt.timedelta(minutes=5)),
                               "language": "en-US", "latitude": lat, "longitude": lon,
                               "providerName": alerts[0]["source"] if alerts else "Apple Weather",
                               "readTime": iso(read), "reportedTime": iso(read), "version": 1},
                  "alerts": alerts}
    if alerts:
        collection["detailsUrl"] = alerts[0]["detailsUrl"]
    body["weatherAlerts"] = collection
    return body


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--date", default="2026-12-01", help="first day of flights, YYYY-MM-DD (UTC)")
    parser.add_argument("--out-dir", default=os.path.join(ROOT, "Schedules"))
    args = parser.parse_args()
    base = dt.datetime.strptime(args.date, "%Y-%m-%d").replace(tzinfo=dt.timezone.utc)
    airports = load_airports()
    os.makedirs(args.out_dir, exist_ok=True)
    write_schedule(os.path.join(args.out_dir, "demo.csv"), base, airports)
    weather_dir = os.path.join(args.out_dir, "demo-weather")
    os.makedirs(weather_dir, exist_ok=True)
    for name in os.listdir(weather_dir):
        if name.endswith(".json"):
            os.remove(os.path.join(weather_dir, name))
    for seed, code in enumerate(sorted(CLIMATE)):
        body = body_for(code, airports[code], base, seed + 1)
        name = "BSL-MLH.json" if code == "BSL" else f"{code}.json"
        with open(os.path.join(weather_dir, name), "w", encoding="utf-8") as handle:
            json.dump(body, handle, separators=(",", ":"))
            handle.write("\n")
    print(f"wrote {len(FLIGHTS)} flights and {len(CLIMATE)} recordings for {args.date}")


if __name__ == "__main__":
    main()
