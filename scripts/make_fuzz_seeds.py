#!/usr/bin/env python3
"""Writes the fuzzers' extra seeds and the WeatherKit dictionary (README: Fuzzing).

The repository's fixtures are seeds as they are (scripts/fuzz.sh copies them); this adds what
they lack: demo recordings cut down to a few hours (a 48 KB body slows every execution),
replay folders of several of them, small CSV edge cases and threshold files. Run it again after
the demo recordings or fixtures change; the output is deterministic.
"""
import itertools
import json
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parent.parent
CORPUS = ROOT / "Fuzz" / "Corpus"
SEPARATOR = "\n--next-file--\n"  # Fuzz/Sources/FuzzReplay/FuzzReplay.swift


def write(target, name, text):
    folder = CORPUS / target
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(text, encoding="utf-8", newline="")


def trimmed(path, hours=3, days=2, alerts=1):
    """A demo body with only its first few hours, days and alerts, still valid WeatherKit."""
    body = json.loads(path.read_text(encoding="utf-8"))
    if "forecastHourly" in body:
        body["forecastHourly"]["hours"] = body["forecastHourly"]["hours"][:hours]
    if "forecastDaily" in body:
        body["forecastDaily"]["days"] = body["forecastDaily"]["days"][:days]
    if "weatherAlerts" in body and "alerts" in body["weatherAlerts"]:
        body["weatherAlerts"]["alerts"] = body["weatherAlerts"]["alerts"][:alerts]
    return json.dumps(body, separators=(",", ":"), ensure_ascii=False) + "\n"


def weather_seeds():
    demo = {path.stem: path for path in sorted((ROOT / "Schedules" / "demo-weather").glob("*.json"))}
    bodies = {name: trimmed(path) for name, path in demo.items()}
    for name in ["ORD", "JFK", "LHR", "SYD", "CDG"]:
        write("FuzzWeatherBody", f"demo-{name}.json", bodies[name])
    bodies = {name: trimmed(path, hours=2, days=1) for name, path in demo.items()}
    write("FuzzReplay", "demo-ORD-JFK.txt", bodies["ORD"] + SEPARATOR + bodies["JFK"])
    write("FuzzReplay", "demo-LHR-CDG-SYD.txt", SEPARATOR.join([bodies["LHR"], bodies["CDG"], bodies["SYD"]]))
    write("FuzzReplay", "demo-JFK-twice.txt", bodies["JFK"] + SEPARATOR + trimmed(demo["JFK"], hours=1))
    write("FuzzReplay", "demo-AKL-broken.txt", bodies["AKL"] + SEPARATOR + bodies["SYD"][:200])


SCHEDULE_TOKENS = [
    "flight", "flight_number", "flight_no", "origin", "from", "dep", "departure_airport", "destination", "to",
    "arr", "dest", "arrival_airport", "departure", "std", "scheduled_departure", "departure_time", "arrival", "sta",
    "scheduled_arrival", "arrival_time", "aircraft", "aircraft_type", "equipment", "tail", "registration", "tailnum",
    "Flight No", ",", '"', "\r\n", "\n", "\ufeff", "2026-12-01T07:05", "2026-12-01 10:15", "T", ":", "Z", "+05:30",
    "-03:00", ":00", ".5", "2026-11-01T01:30", "2026-03-08T02:30", "0000-01-01T00:00", "9999-12-31T23:59",
    "JFK", "KJFK", "ORD", "LHR", "EGLL", "XXX", "UA 1545", "BA178", "B738", "N37253", "\x00",
]


def csv_seeds():
    cases = {
        "quoted.csv": 'a,"b,c","d ""e"" f"\r\n"multi\nline",x,\n',
        "bom-crlf.csv": "\ufeffflight,origin\r\nUA1,ORD\r\n\r\n",
        "lone-cr.csv": "a,b\rc,d\r",
        "unterminated.csv": 'a,b\n"c,d\ne,f\n',
        "text-after-quote.csv": '"a"b,c\n',
    }
    for name, text in cases.items():
        write("FuzzCSV", name, text)
    schedule = {
        "aliases.csv": "Flight No,From,To,STD,STA,Equipment,Registration\n"
        "UA 1,KORD,KJFK,2026-12-01 07:05,2026-12-01 10:15,B738,N1\n",
        "offsets.csv": "flight,origin,destination,departure,arrival\n"
        "LH1,FRA,JFK,2026-12-01T09:00+01:00,2026-12-01T12:00Z\n"
        "LH1,FRA,JFK,2026-12-01T09:00+01:00,2026-12-01T12:00Z\n",
        "dst.csv": "flight,origin,destination,departure,arrival\n"
        "AA1,JFK,ORD,2026-11-01T01:30,2026-11-01T03:00\n"
        "AA2,JFK,ORD,2026-03-08T02:30,2026-03-08T04:00\n",
        "rejects.csv": "flight,origin,destination,departure,arrival,aircraft,tail\n"
        "ZZ,XXX,JFK,2026-13-01T07:05,soon,,\n"
        ",,,,,,\n"
        "UA2,ORD,ORD,2026-12-01T07:05,2026-12-01T06:00,B738,N1,extra\n",
    }
    for name, text in schedule.items():
        write("FuzzSchedule", name, text)


def config_seeds():
    cases = {
        "readme.json": '{ "windAmberKt": 20, "gustRedKt": 40, "coldAmberC": -20 }\n',
        "empty.json": "{}\n",
        "window.json": '{"windowMinutes": 180, "precipitationChanceMin": 0.5}\n',
        "wrong-type.json": '{"windAmberKt": "fast"}\n',
        "unknown.json": '{"windAmberKts": 20}\n',
        "inverted.json": '{"windRedKt": 20}\n',
    }
    defaults = readme_defaults()
    cases["defaults.json"] = json.dumps(defaults, indent=2) + "\n"
    for name, text in cases.items():
        write("FuzzConfig", name, text)
    tokens = [json.dumps(key) for key in defaults] + JSON_TOKENS + ["0.5", "180", "1e2"]
    write_dictionary("FuzzConfig", "BriefingConfig settings and JSON tokens", tokens)


def readme_defaults():
    """The thresholds and their defaults, from the README's table (`| setting | default | | setting |
    default |`), so the settings are not listed a third time (BriefingConfig.swift, the README)."""
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    header = "| setting | default | | setting | default |"
    if header not in lines:
        raise SystemExit("make_fuzz_seeds.py: the README's table of threshold defaults was not found")
    defaults = {}
    for line in itertools.takewhile(lambda text: text.startswith("|"), lines[lines.index(header) + 2:]):
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        for name, value in zip(cells[0::3], cells[1::3]):
            if name:  # "| `windowMinutes` | 60 | | | |" has an empty second half
                text = re.match(r"[−-]?[0-9.]+", value).group().replace("−", "-")
                defaults[name.strip("`")] = float(text) if "." in text else int(text)
    return defaults


# JSON's own tokens, and values that have broken JSON readers (escapes, huge exponents).
JSON_TOKENS = ["{", "}", "[", "]", ":", ",", "null", "true", "false", "1e999", "-0", "-1e-400",
               '"\\u0000"', '"\\ud800"', '"\\"', "0.0000001", "18446744073709551616"]


def weather_dictionary():
    """Every member name and short string value in the fixtures and demo bodies."""
    tokens = set()

    def walk(value):
        if isinstance(value, dict):
            for key, inner in value.items():
                tokens.add(json.dumps(key))
                walk(inner)
        elif isinstance(value, list):
            for inner in value:
                walk(inner)
        elif isinstance(value, str) and len(value) <= 24 and not value[:1].isdigit():
            tokens.add(json.dumps(value))

    paths = sorted((ROOT / "Schedules" / "demo-weather").glob("*.json"))
    paths += sorted((ROOT / "Tests" / "FleetWeatherKitTests" / "Fixtures").glob("*.json"))
    for path in paths:
        walk(json.loads(path.read_text(encoding="utf-8")))
    tokens = sorted(tokens) + JSON_TOKENS + ['"2026-12-01T10:00:00Z"', '"2026-12-01T10:00:00.5+05:30"']
    write_dictionary("FuzzWeatherBody", "WeatherKit body members, values and JSON tokens", tokens)
    write_dictionary("FuzzReplay", "WeatherKit body tokens and the file separator", tokens + [SEPARATOR])


def write_dictionary(target, title, tokens):
    """A libFuzzer dictionary: one token a line, in quotes, with \\, " and other bytes escaped."""

    def entry(token):
        text = ""
        for byte in token if isinstance(token, bytes) else token.encode("utf-8"):
            char = chr(byte)
            text += "\\" + char if char in '\\"' else char if 0x20 <= byte < 0x7F else f"\\x{byte:02x}"
        return '"' + text + '"'

    lines = [f"# {title} (scripts/make_fuzz_seeds.py)"] + [entry(token) for token in tokens]
    folder = ROOT / "Fuzz" / "Dictionaries"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{target}.dict").write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    weather_seeds()
    csv_seeds()
    config_seeds()
    weather_dictionary()
    write_dictionary("FuzzCSV", "RFC 4180 tokens", [",", '"', '""', '","', "\r\n", "\n", "\r", "\ufeff", "\x00", b"\xff"])
    write_dictionary("FuzzSchedule", "schedule columns, aliases, times and codes", SCHEDULE_TOKENS)
