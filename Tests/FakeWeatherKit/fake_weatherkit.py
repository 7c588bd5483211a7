#!/usr/bin/env python3
"""A fake Apple WeatherKit REST server for fleetwx tests (python3 standard library only).

Started and stopped by the tests: `--port 0` picks a free port and prints `LISTENING <port>`.
It verifies every bearer token independently (pure-Python ES256, see p256.py), answers any
location and window with a body in the real format (forecast.py), logs every request, and
injects faults on demand. See README.md for flags, control endpoints and the value formulas.
"""

import argparse
import gzip
import json
import os
import random
import re
import signal
import sys
import threading
import time
from datetime import datetime, timedelta, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, unquote, urlsplit
from zoneinfo import ZoneInfo

import forecast
import p256
import fake_branding
from fake_bodies import gzip_bomb, patched
from fake_state import FaultRule, ServerState

KNOWN_DATA_SETS = {"currentWeather", "forecastDaily", "forecastHourly", "forecastNextHour", "weatherAlerts"}
PLAIN_DECIMAL = re.compile(r"^-?\d{1,3}(\.\d+)?$")
LANGUAGE_TAG = re.compile(r"^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$")
COUNTRY = re.compile(r"^[A-Z]{2}$")


class BadRequest(Exception):
    """A parameter the real service would reject with 400."""


def parse_time(name, text):
    try:
        moment = datetime.fromisoformat(text)
    except ValueError as error:
        raise BadRequest(f"{name} is not an ISO 8601 date-time: {text!r}") from error
    if moment.tzinfo is None:
        raise BadRequest(f"{name} has no time zone designator: {text!r}")
    return moment.astimezone(timezone.utc)


def parse_coordinate(name, text, limit):
    if not PLAIN_DECIMAL.match(text):
        raise BadRequest(f"{name} must be a plain decimal number: {text!r}")
    value = float(text)
    if not -limit <= value <= limit:
        raise BadRequest(f"{name} {value} is out of range -{limit}...{limit}")
    return value


def single_values(query):
    return {key: values[-1] for key, values in query.items()}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "FakeWeatherKit/1"
    # Headers and body go out as two writes; with Nagle's algorithm on, the body waits for the
    # client's delayed ACK of the headers (about 40 ms on Linux), which added ~40 ms to every
    # request and capped a 150 ms-latency benchmark at a ratio of 0.75.
    disable_nagle_algorithm = True
    state: ServerState = None  # set by main()

    def log_message(self, *args):  # quiet: the request log replaces stderr noise
        pass

    # Routing ---------------------------------------------------------------------------------

    def do_GET(self):
        split = urlsplit(self.path)
        parts = [unquote(part) for part in split.path.split("/") if part]
        if split.path == "/__requests":
            return self.send_json(200, self.state.request_log())
        if split.path == "/__stats":
            return self.send_json(200, self.state.stats())
        if split.path == "/__faults":
            return self.send_json(200, self.state.fault_config())
        if parts[:3] == ["api", "v1", "weather"] and len(parts) == 6:
            return self.handle_api("weather", split, parts[3:])
        if parts[:3] == ["api", "v1", "availability"] and len(parts) == 5:
            return self.handle_api("availability", split, parts[3:])
        if parts[:1] == ["attribution"] and len(parts) == 2:
            return self.handle_api("attribution", split, parts[1:])
        if parts[:2] == ["assets", "branding"]:
            return self.handle_api("asset", split, [split.path])
        return self.send_bytes(404, b"")

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        payload = self.rfile.read(length) if length else b""
        path = urlsplit(self.path).path
        try:
            body = json.loads(payload) if payload.strip() else {}
        except json.JSONDecodeError:
            return self.send_json(400, {"error": "body is not JSON"})
        if path == "/__faults":
            try:
                self.state.configure(body)
            except (ValueError, TypeError) as error:
                return self.send_json(400, {"error": str(error)})
            return self.send_json(200, self.state.fault_config())
        if path == "/__reset":
            self.state.reset()
            return self.send_json(200, {"reset": True})
        return self.send_bytes(404, b"")

    # WeatherKit endpoints -----------------------------------------------------------------------

    def handle_api(self, kind, split, segments):
        started = time.time()
        query = parse_qs(split.query, keep_blank_values=True)
        entry = {
            "method": self.command, "kind": kind, "path": split.path, "rawQuery": split.query,
            "query": single_values(query), "time": forecast.iso(datetime.now(timezone.utc)),
            "accept": self.headers.get("Accept"), "acceptEncoding": self.headers.get("Accept-Encoding"),
            "hasBearer": (self.headers.get("Authorization") or "").startswith("Bearer "),
        }
        ordinal = self.state.enter()
        self.pending = (entry, started)
        try:
            verified, reason = self.state.check_token(self.headers.get("Authorization"))
            entry["tokenVerified"] = verified
            entry["tokenError"] = reason
            self.state.wait_for_gathering(ordinal)
            latency = self.state.latency_ms
            if latency > 0:
                time.sleep(latency / 1000)
            rule = self.state.pick_fault(kind)
            entry["fault"] = rule.mode if rule else None
            status = self.respond(kind, segments, query, verified, rule)
        finally:
            self.finish_entry(locals().get("status"))

    def finish_entry(self, status):
        """Logs the pending API request and ends its in-flight span, once.

        Called just before the response goes out (so a client that has its answer always
        finds its request in the log and the counters), or after a request that ended
        without one."""
        pending, self.pending = getattr(self, "pending", None), None
        if pending is None:
            return
        entry, started = pending
        entry["status"] = status
        entry["durationMs"] = round((time.time() - started) * 1000, 1)
        self.state.leave()
        self.state.record(entry)

    def respond(self, kind, segments, query, verified, rule):
        gzip_body = False
        patches = ()
        if rule is not None:
            if rule.mode == "gzip":
                gzip_body = True
            elif rule.mode == "hang":
                time.sleep(rule.hang_seconds)
            elif rule.mode == "patch":
                patches = rule.patches
            else:
                return self.send_fault(rule)
        if not verified:
            return self.send_json(401, {"reason": "NOT_ENABLED"})
        if kind == "attribution":
            if not LANGUAGE_TAG.match(segments[0]):
                return self.send_bytes(404, b"")
            return self.send_json(200, fake_branding.attribution(segments[0]))
        if kind == "asset":
            image = fake_branding.asset(segments[0])
            if image is None:
                return self.send_bytes(404, b"")
            return self.send_bytes(200, image, {"Content-Type": "image/png"})
        try:
            body = self.weather_body(segments, query) if kind == "weather" else self.availability_body(
                segments, query)
        except BadRequest as error:
            return self.send_json(400, {"timestamp": forecast.iso(datetime.now(timezone.utc)), "status": 400,
                                        "error": "Bad Request", "message": str(error), "path": urlsplit(self.path).path})
        if patches:
            return self.send_bytes(200, patched(body, patches), {"Content-Type": "application/json"})
        return self.send_json(200, body, allow_gzip=gzip_body)

    def send_fault(self, rule):
        mode = rule.mode
        if mode == "status5xx":
            return self.send_bytes(rule.status or 503, b"")
        if mode == "status429":
            return self.send_bytes(429, b"", {"Retry-After": str(rule.retry_after)})
        if mode == "empty404":
            return self.send_bytes(404, b"")
        if mode == "empty400":
            return self.send_bytes(400, b"")
        if mode == "unauthorized":
            return self.send_json(401, {"reason": rule.reason})
        if mode == "unauthorizedEmpty":
            return self.send_bytes(401, b"")
        if mode == "overQuota":
            return self.send_json(401, {"reason": "OVER_QUOTA"})
        if mode == "truncated":
            whole = json.dumps({"currentWeather": {"name": "CurrentWeather", "metadata": {"version": 1}}}).encode()
            return self.send_bytes(200, whole[: len(whole) // 2], {"Content-Type": "application/json"})
        if mode == "rawBody":
            headers = {"Content-Type": "application/json", **dict(rule.headers)}
            return self.send_bytes(200, rule.body.encode(), headers)
        if mode == "gzipBomb":
            # Compressed whatever the client accepts, as a hostile server would.
            return self.send_bytes(200, gzip_bomb(rule.bomb_megabytes),
                                   {"Content-Type": "application/json", "Content-Encoding": "gzip"})
        raise ValueError(f"unhandled fault {mode}")

    def weather_body(self, segments, query):
        language, lat_text, lon_text = segments
        if not LANGUAGE_TAG.match(language):
            raise BadRequest(f"language is not a language tag: {language!r}")
        lat = parse_coordinate("latitude", lat_text, 90)
        lon = parse_coordinate("longitude", lon_text, 180)
        values = single_values(query)
        if not values.get("dataSets"):
            raise BadRequest("dataSets is required")
        data_sets = values["dataSets"].split(",")
        unknown = [name for name in data_sets if name not in KNOWN_DATA_SETS]
        if unknown:
            raise BadRequest(f"unknown data sets: {', '.join(unknown)}")
        zone = timezone.utc
        if values.get("timezone"):
            try:
                zone = ZoneInfo(values["timezone"])
            except (ValueError, KeyError, OSError) as error:
                raise BadRequest(f"unknown timezone {values['timezone']!r}") from error
        country = values.get("countryCode") or values.get("country")
        if country is not None and not COUNTRY.match(country):
            raise BadRequest(f"country must be an upper-case ISO code: {country!r}")
        now = datetime.now(timezone.utc).replace(microsecond=0)
        times = {name: parse_time(name, values[name]) for name in ("hourlyStart", "hourlyEnd", "dailyStart",
                                                                   "dailyEnd") if values.get(name)}
        expire = self.state.expire_seconds
        body = {}
        if "currentWeather" in data_sets:
            body["currentWeather"] = forecast.current_weather(lat, lon, now, expire)
        if "forecastDaily" in data_sets:
            start = times.get("dailyStart", now)
            end = times.get("dailyEnd", start + timedelta(days=10))
            body["forecastDaily"] = forecast.daily(lat, lon, now, start, end, zone, expire)
        if "forecastHourly" in data_sets:
            start = times.get("hourlyStart", now.replace(minute=0, second=0))
            end = times.get("hourlyEnd", start + timedelta(hours=24))
            body["forecastHourly"] = forecast.hourly(lat, lon, now, start, end, expire)
        if "weatherAlerts" in data_sets:
            body["weatherAlerts"] = forecast.alerts(lat, lon, now, country, expire)
        return body

    def availability_body(self, segments, query):
        parse_coordinate("latitude", segments[0], 90)
        parse_coordinate("longitude", segments[1], 180)
        available = ["currentWeather", "forecastDaily", "forecastHourly"]
        if single_values(query).get("country"):
            available.append("weatherAlerts")
        return available

    # Output -------------------------------------------------------------------------------------

    def send_json(self, status, value, allow_gzip=False):
        body = json.dumps(value, separators=(",", ":")).encode()
        headers = {"Content-Type": "application/json"}
        if allow_gzip and "gzip" in (self.headers.get("Accept-Encoding") or ""):
            body = gzip.compress(body)
            headers["Content-Encoding"] = "gzip"
        return self.send_bytes(status, body, headers)

    def send_bytes(self, status, body, headers=None):
        self.finish_entry(status)
        try:
            self.send_response(status)
            for name, value in (headers or {}).items():
                self.send_header(name, value)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("X-Request-ID", self.state.next_request_id())
            self.end_headers()
            if body:
                self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True  # the client gave up (timeout); nothing to do
        return status


def parse_arguments(argv):
    parser = argparse.ArgumentParser(description="Fake Apple WeatherKit REST server for tests.")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0, help="0 = pick a free port")
    parser.add_argument("--public-key", help="PEM SubjectPublicKeyInfo of the ES256 key tokens must verify with")
    parser.add_argument("--public-key-xy", help="the key as X:Y (64 hex digits each) instead of a PEM")
    parser.add_argument("--team-id", help="require this Team ID (else any iss consistent with the id header)")
    parser.add_argument("--service-id", help="require this Services ID")
    parser.add_argument("--key-id", help="require this kid")
    parser.add_argument("--iat-leeway", type=float, default=5, help="seconds iat may be ahead of our clock")
    parser.add_argument("--expire-seconds", default="", help="N for all data sets, or set=N,set=N")
    parser.add_argument("--latency-ms", type=float, default=0)
    parser.add_argument("--gather", type=int, default=0,
                        help="hold API requests until N are in flight together (0 = off)")
    parser.add_argument("--gather-seconds", type=float, default=20, help="longest wait for --gather")
    parser.add_argument("--gather-skip", type=int, default=0,
                        help="the first K API requests pass --gather without waiting (fleetwx's lone trial request)")
    parser.add_argument("--fault", action="append", default=[], help="MODE[:COUNT[:FRACTION]] (repeatable)")
    parser.add_argument("--retry-after", default="2", help="Retry-After value for status429")
    parser.add_argument("--hang-seconds", type=float, default=30)
    parser.add_argument("--seed", type=int, default=1, help="seed for fractional faults")
    parser.add_argument("--log", help="append every request as a JSON line to this file")
    parser.add_argument("--exit-on-stdin-close", action="store_true",
                        help="exit when stdin reaches EOF (the launching test process died)")
    return parser.parse_args(argv)


def load_public_key(args):
    if args.public_key_xy:
        x_hex, y_hex = args.public_key_xy.split(":")
        return p256.public_key_from_xy(bytes.fromhex(x_hex), bytes.fromhex(y_hex))
    if args.public_key:
        with open(args.public_key, encoding="ascii") as handle:
            return p256.public_key_from_pem(handle.read())
    raise SystemExit("one of --public-key or --public-key-xy is required")


def parse_expire(text):
    expire = dict(forecast.DEFAULT_EXPIRE_SECONDS)
    if not text:
        return expire
    if "=" not in text:
        return {name: int(text) for name in expire}
    for item in text.split(","):
        name, value = item.split("=")
        expire[name.strip()] = int(value)
    return expire


def main(argv):
    # A parent that spawns us from a thread with signals blocked (Swift's Foundation.Process
    # does, from a libdispatch worker) passes the mask on; unblock so SIGTERM stops us.
    signal.pthread_sigmask(signal.SIG_SETMASK, [])
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    args = parse_arguments(argv)
    rules = []
    for spec in args.fault:
        mode, *rest = spec.split(":")
        rules.append({"mode": mode, "count": int(rest[0]) if rest else -1,
                      "fraction": float(rest[1]) if len(rest) > 1 else 1.0,
                      "retryAfter": args.retry_after, "hangSeconds": args.hang_seconds})
    state = ServerState(
        public_key=load_public_key(args), team_id=args.team_id, service_id=args.service_id, key_id=args.key_id,
        iat_leeway=args.iat_leeway, expire_seconds=parse_expire(args.expire_seconds), latency_ms=args.latency_ms,
        rules=[FaultRule.from_json(rule) for rule in rules], rng=random.Random(args.seed), log_path=args.log,
        gather=args.gather, gather_seconds=args.gather_seconds, gather_skip=args.gather_skip)
    Handler.state = state
    ThreadingHTTPServer.request_queue_size = 128
    ThreadingHTTPServer.daemon_threads = True
    server = ThreadingHTTPServer((args.host, args.port), Handler)
    print(f"LISTENING {server.server_address[1]}", flush=True)
    if args.exit_on_stdin_close:
        threading.Thread(target=lambda: (sys.stdin.read(), os._exit(0)), daemon=True).start()
    try:
        server.serve_forever(poll_interval=0.2)
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main(sys.argv[1:])
