"""Deterministic WeatherKit-shaped bodies for the fake server.

Every value is a pure function of (latitude, longitude, hour), documented in README.md, so
Swift tests can predict what they will decode. Shapes follow real recorded bodies
(docs/weatherkit-api.md §6, bodies 1 and 3).
"""

import math
import uuid
from datetime import datetime, timedelta, timezone

ATTRIBUTION_URL = "https://developer.apple.com/weatherkit/data-source-attribution/"
ALERT_ATTRIBUTION_URL = "https://weatherkit.apple.com/legal-attribution.html"
MAX_HOURS = 240
MAX_DAYS = 10
CONDITIONS = [
    "Clear", "MostlyClear", "PartlyCloudy", "MostlyCloudy", "Cloudy", "Foggy",
    "Rain", "Drizzle", "Snow", "Thunderstorms", "Breezy", "HeavyRain",
]
RAINY = {"Rain", "Drizzle", "HeavyRain", "Thunderstorms"}
MOON_PHASES = [
    "new", "waxingCrescent", "firstQuarter", "waxingGibbous",
    "full", "waningGibbous", "thirdQuarter", "waningCrescent",
]
DEFAULT_EXPIRE_SECONDS = {
    "currentWeather": 300, "forecastDaily": 3600, "forecastHourly": 3600,
    "forecastNextHour": 180, "weatherAlerts": 300,
}


def milli(value):
    """Coordinate in thousandths, rounded half away from zero (Swift's `.rounded()`)."""
    scaled = abs(value) * 1000
    return int(math.copysign(math.floor(scaled + 0.5), value))


def iso(moment):
    return moment.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def epoch_hour(moment):
    return int(moment.timestamp() // 3600)


def seed(lat, lon, hour):
    return milli(lat) * 31 + milli(lon) * 17 + hour


def hour_values(lat, lon, hour):
    """The documented per-hour values (README "Values")."""
    s = seed(lat, lon, hour)
    condition = CONDITIONS[s % len(CONDITIONS)]
    chance = (s * 3 % 11) / 10
    wind = (s * 7 % 600) / 10
    temperature = (s % 400) / 10 - 10
    humidity = (40 + s % 60) / 100
    local_hour = (hour % 24 + lon / 15) % 24
    daylight = 6 <= local_hour < 18
    if condition == "Snow":
        precipitation_type = "snow"
    elif condition in RAINY:
        precipitation_type = "rain"
    else:
        precipitation_type = "clear"
    amount = round(chance * 2, 2) if precipitation_type != "clear" else 0.0
    return {
        "cloudCover": (s * 11 % 101) / 100,
        "conditionCode": condition,
        "daylight": daylight,
        "humidity": humidity,
        "precipitationAmount": amount,
        "precipitationChance": chance,
        "precipitationIntensity": amount,
        "precipitationType": precipitation_type,
        "pressure": float(990 + s % 40),
        "pressureTrend": ["rising", "falling", "steady"][s % 3],
        "snowfallAmount": amount if precipitation_type == "snow" else 0.0,
        "snowfallIntensity": amount if precipitation_type == "snow" else 0.0,
        "temperature": temperature,
        "temperatureApparent": round(temperature - wind / 20, 2),
        "temperatureDewPoint": round(temperature - (100 - humidity * 100) / 5, 2),
        "uvIndex": (s % 11) if daylight else 0,
        "visibility": float(1000 * (1 + s * 5 % 30)),
        "windDirection": s * 13 % 360,
        "windGust": round(wind + (s % 50) / 10, 2),
        "windSpeed": wind,
    }


def metadata(lat, lon, now, data_set, expire_seconds):
    meta = {
        "attributionURL": ATTRIBUTION_URL,
        "expireTime": iso(now + timedelta(seconds=expire_seconds.get(data_set, 300))),
        "latitude": round(lat, 3),
        "longitude": round(lon, 3),
        "readTime": iso(now),
        "reportedTime": iso(now - timedelta(minutes=10)),
        "units": "m",
        "version": 1,
    }
    if data_set == "weatherAlerts":
        meta["attributionURL"] = ALERT_ATTRIBUTION_URL
        meta["language"] = "en-US"
        meta["providerName"] = "Fake National Weather Service"
        del meta["units"]
    return meta


def current_weather(lat, lon, now, expire_seconds):
    body = {"name": "CurrentWeather", "metadata": metadata(lat, lon, now, "currentWeather", expire_seconds)}
    body["asOf"] = iso(now)
    values = hour_values(lat, lon, epoch_hour(now))
    for key in ("precipitationAmount", "precipitationChance", "precipitationType", "snowfallAmount",
                "snowfallIntensity"):
        values.pop(key)
    body.update(values)
    return body


def hourly(lat, lon, now, start, end, expire_seconds):
    first = start.replace(minute=0, second=0, microsecond=0)
    hours = []
    moment = first
    while moment < end and len(hours) < MAX_HOURS:
        entry = {"forecastStart": iso(moment)}
        entry.update(hour_values(lat, lon, epoch_hour(moment)))
        hours.append(entry)
        moment += timedelta(hours=1)
    return {"name": "HourlyForecast", "metadata": metadata(lat, lon, now, "forecastHourly", expire_seconds),
            "hours": hours}


def _day(lat, lon, start, end):
    hour = epoch_hour(start)
    values = hour_values(lat, lon, hour)
    part = {key: values[key] for key in ("cloudCover", "conditionCode", "humidity", "precipitationAmount",
                                         "precipitationChance", "precipitationType", "snowfallAmount",
                                         "windDirection", "windSpeed")}
    midday = start + (end - start) / 2
    return {
        "forecastStart": iso(start),
        "forecastEnd": iso(end),
        "conditionCode": values["conditionCode"],
        "maxUvIndex": seed(lat, lon, hour) % 11,
        "moonPhase": MOON_PHASES[(hour // 24) % 8],
        "precipitationAmount": values["precipitationAmount"],
        "precipitationAmountByType": {},
        "precipitationChance": values["precipitationChance"],
        "precipitationType": values["precipitationType"],
        "snowfallAmount": values["snowfallAmount"],
        "solarNoon": iso(midday),
        "sunrise": iso(start + timedelta(hours=6)),
        "sunset": iso(start + timedelta(hours=18)),
        "temperatureMax": round(values["temperature"] + 5, 2),
        "temperatureMin": round(values["temperature"] - 5, 2),
        "windGustSpeedMax": values["windGust"],
        "windSpeedMax": values["windSpeed"],
        "daytimeForecast": dict(part, forecastStart=iso(start + timedelta(hours=7)),
                                forecastEnd=iso(start + timedelta(hours=19))),
        "overnightForecast": dict(part, forecastStart=iso(start + timedelta(hours=19)),
                                  forecastEnd=iso(end + timedelta(hours=7))),
    }


def daily(lat, lon, now, start, end, zone, expire_seconds):
    local = start.astimezone(zone)
    day_start = datetime(local.year, local.month, local.day, tzinfo=zone)
    days = []
    while day_start < end and len(days) < MAX_DAYS:
        next_local = (day_start + timedelta(hours=36)).replace(hour=0, minute=0, second=0, microsecond=0)
        next_start = datetime(next_local.year, next_local.month, next_local.day, tzinfo=zone)
        days.append(_day(lat, lon, day_start.astimezone(timezone.utc), next_start.astimezone(timezone.utc)))
        day_start = next_start
    return {"name": "DailyForecast", "metadata": metadata(lat, lon, now, "forecastDaily", expire_seconds),
            "days": days}


def has_alert(lat, lon):
    return (milli(lat) + milli(lon)) % 3 == 0


def alerts(lat, lon, now, country, expire_seconds):
    collection = {"name": "WeatherAlertCollection",
                  "metadata": metadata(lat, lon, now, "weatherAlerts", expire_seconds)}
    items = []
    if country and has_alert(lat, lon):
        day = now.replace(hour=0, minute=0, second=0, microsecond=0)
        alert_id = str(uuid.uuid5(uuid.NAMESPACE_URL, f"fake-alert/{milli(lat)}/{milli(lon)}/{iso(day)}"))
        details = f"https://weatherkit.apple.com/alertDetails/index.html?ids={alert_id}&lang=en-US"
        collection["detailsUrl"] = details
        items.append({
            "name": "WeatherAlertSummary", "id": alert_id, "areaId": f"FAKE{abs(milli(lat)) % 1000:03d}",
            "areaName": "Fake County", "countryCode": country, "description": "Wind Advisory",
            "effectiveTime": iso(day), "expireTime": iso(day + timedelta(days=1)), "issuedTime": iso(day),
            "eventOnsetTime": iso(day + timedelta(hours=6)), "eventEndTime": iso(day + timedelta(hours=20)),
            "detailsUrl": details, "phenomenon": "Wind", "precedence": 0, "severity": "moderate",
            "source": "Fake National Weather Service", "eventSource": country, "urgency": "expected",
            "certainty": "likely", "importance": "normal", "responses": ["monitor"],
        })
    collection["alerts"] = items
    return collection
