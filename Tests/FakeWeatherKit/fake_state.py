"""Shared, lock-protected state of the fake WeatherKit server: tokens, faults, log, counters."""

import base64
import binascii
import json
import threading
import time
from collections import Counter
from dataclasses import dataclass

import p256

FAULT_MODES = {
    "status5xx", "status429", "empty404", "empty400", "unauthorized", "unauthorizedEmpty",
    "overQuota", "truncated", "hang", "gzip", "patch", "rawBody", "gzipBomb",
}
TARGETS = {"any", "weather", "availability", "attribution", "asset"}
# Kinds a rule must name to touch: "any" means the weather API alone, as before they existed.
BRANDING_KINDS = {"attribution", "asset"}


def b64url_decode(text):
    if "+" in text or "/" in text or "=" in text:
        raise ValueError("not unpadded base64url")
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class FaultRule:
    mode: str
    count: int = -1  # -1 = every matching request
    fraction: float = 1.0
    status: int = 503
    retry_after: str = "2"
    hang_seconds: float = 30.0
    target: str = "any"
    reason: str = "NOT_ENABLED"  # the 401 body's reason for `unauthorized`
    patches: tuple = ()  # ((path, json text), ...) for "patch"
    body: str = ""  # the whole body for "rawBody"
    headers: tuple = ()  # ((name, value), ...) added to a "rawBody" answer
    bomb_megabytes: int = 1024  # inflated size of a "gzipBomb" body

    @staticmethod
    def from_json(value):
        mode = value.get("mode")
        if mode not in FAULT_MODES:
            raise ValueError(f"unknown fault mode {mode!r}; known: {', '.join(sorted(FAULT_MODES))}")
        target = value.get("target", "any")
        if target not in TARGETS:
            raise ValueError(f"unknown target {target!r}")
        patches = tuple((str(patch["path"]), str(patch["json"])) for patch in value.get("patches", []))
        headers = tuple((str(name), str(text)) for name, text in (value.get("headers") or {}).items())
        return FaultRule(mode=mode, count=int(value.get("count", -1)), fraction=float(value.get("fraction", 1.0)),
                         status=int(value.get("status", 503)), retry_after=str(value.get("retryAfter", "2")),
                         hang_seconds=float(value.get("hangSeconds", 30)), target=target,
                         reason=str(value.get("reason", "NOT_ENABLED")), patches=patches,
                         body=str(value.get("body", "")), headers=headers,
                         bomb_megabytes=int(value.get("bombMegabytes", 1024)))

    def to_json(self):
        return {"mode": self.mode, "count": self.count, "fraction": self.fraction, "status": self.status,
                "retryAfter": self.retry_after, "hangSeconds": self.hang_seconds, "target": self.target,
                "reason": self.reason,
                "patches": [{"path": path, "json": text} for path, text in self.patches], "body": self.body,
                "headers": dict(self.headers), "bombMegabytes": self.bomb_megabytes}


class ServerState:
    def __init__(self, public_key, team_id, service_id, key_id, iat_leeway, expire_seconds, latency_ms, rules, rng,
                 log_path, gather=0, gather_seconds=20.0, gather_skip=0):
        self.lock = threading.Lock()
        # Requests wait here until `gather` are in flight at once (or `gather_seconds` pass), so
        # a concurrency test sees the client's real limit however slowly a loaded machine starts them.
        self.gathering = threading.Condition(self.lock)
        self.gather = gather
        self.gather_seconds = gather_seconds
        self.gather_skip = gather_skip  # the first K requests pass (a client's lone trial request)
        self.public_key = public_key
        self.team_id, self.service_id, self.key_id = team_id, service_id, key_id
        self.iat_leeway = iat_leeway
        self.expire_seconds = dict(expire_seconds)
        self.latency_ms = latency_ms
        self.rules = list(rules)
        self.rng = rng
        self.log_path = log_path
        self.tokens = {}  # token -> (ok, reason, iat, exp); a token's text is never logged
        self.verifying = {}  # token -> Event set when its first verification is done
        self.verifications = 0
        self.request_counter = 0
        self._clear_counters()

    def _clear_counters(self):
        self.log = []
        self.in_flight = 0
        self.peak_in_flight = 0
        self.gathered = False  # set once `gather` requests were in flight together (or the wait timed out)
        self.entered = 0  # API requests received so far
        self.by_status = Counter()
        self.by_kind = Counter()
        self.faults_applied = Counter()
        self.first_request_at = None  # epoch seconds: the first API request arrived
        self.last_response_at = None  # epoch seconds: the last API response was sent

    # Tokens -------------------------------------------------------------------------------------

    def check_token(self, authorization):
        """(verified, reason). The signature of each distinct token is checked once."""
        if not authorization or not authorization.startswith("Bearer "):
            return False, "no bearer token"
        token = authorization[len("Bearer "):].strip()
        with self.lock:
            cached = self.tokens.get(token)
            verifying = self.verifying.get(token)
            owner = cached is None and verifying is None
            if owner:
                verifying = self.verifying[token] = threading.Event()
        if owner:
            # One thread verifies a new token; requests that bring it meanwhile wait for that
            # result instead of verifying it again (pure-Python ES256 is slow, and the count
            # of verifications is part of the stats tests read).
            cached = self._verify(token)
            with self.lock:
                self.tokens[token] = cached
                self.verifications += 1
                del self.verifying[token]
            verifying.set()
        elif cached is None:
            verifying.wait()
            with self.lock:
                cached = self.tokens[token]
        ok, reason, iat, exp = cached
        if not ok:
            return False, reason
        now = time.time()
        if exp <= now:
            return False, "token expired"
        if iat > now + self.iat_leeway:
            return False, "iat is in the future"
        return True, None

    def _verify(self, token):
        parts = token.split(".")
        if len(parts) != 3:
            return False, "not a compact JWS", 0, 0
        try:
            header = json.loads(b64url_decode(parts[0]))
            claims = json.loads(b64url_decode(parts[1]))
            signature = b64url_decode(parts[2])
        except (ValueError, binascii.Error, UnicodeDecodeError):
            return False, "malformed token segments", 0, 0
        problem = self._check_header(header) or self._check_claims(header, claims)
        if problem:
            return False, problem, 0, 0
        if not p256.verify(self.public_key, f"{parts[0]}.{parts[1]}".encode("ascii"), signature):
            return False, "ES256 signature does not verify", 0, 0
        return True, None, claims["iat"], claims["exp"]

    def _check_header(self, header):
        if not isinstance(header, dict) or not {"alg", "kid", "id"} <= set(header) <= {"alg", "kid", "id", "typ"}:
            return "header must have alg, kid and id"
        if header["alg"] != "ES256":
            return f"alg {header['alg']!r} is not ES256"
        if not isinstance(header["kid"], str) or not header["kid"]:
            return "kid is empty"
        if self.key_id is not None and header["kid"] != self.key_id:
            return "kid does not match"
        if not isinstance(header["id"], str) or "." not in header["id"]:
            return "id is not TEAMID.SERVICEID"
        return None

    def _check_claims(self, header, claims):
        if not isinstance(claims, dict) or set(claims) != {"iss", "iat", "exp", "sub"}:
            return "claims must be exactly iss, iat, exp, sub"
        team, service = header["id"].split(".", 1)
        if claims["iss"] != team or claims["sub"] != service:
            return "iss/sub do not match the id header"
        if self.team_id is not None and team != self.team_id:
            return "unknown team"
        if self.service_id is not None and service != self.service_id:
            return "unknown service"
        for name in ("iat", "exp"):
            if not isinstance(claims[name], int) or isinstance(claims[name], bool):
                return f"{name} is not an integer"
        if claims["exp"] <= claims["iat"]:
            return "exp is not after iat"
        return None

    # Faults -------------------------------------------------------------------------------------

    def configure(self, body):
        if not isinstance(body, dict):
            raise ValueError("expected a JSON object")
        with self.lock:
            if "latencyMs" in body:
                self.latency_ms = float(body["latencyMs"])
            if "expireSeconds" in body:
                self.expire_seconds.update({str(k): int(v) for k, v in body["expireSeconds"].items()})
            rules = body.get("rules")
            if rules is None and "mode" in body:
                rules = [body]
            if rules is not None:
                parsed = [FaultRule.from_json(rule) for rule in rules]
                self.rules = (self.rules + parsed) if body.get("append") else parsed

    def fault_config(self):
        with self.lock:
            return {"latencyMs": self.latency_ms, "rules": [rule.to_json() for rule in self.rules],
                    "expireSeconds": dict(self.expire_seconds)}

    def pick_fault(self, kind):
        """The first rule matching this request, consuming one of its count; None for a normal answer."""
        with self.lock:
            for rule in self.rules:
                if rule.count == 0 or rule.target not in ("any", kind):
                    continue
                if kind in BRANDING_KINDS and rule.target != kind:
                    continue
                if rule.fraction < 1.0 and self.rng.random() >= rule.fraction:
                    continue
                if rule.count > 0:
                    rule.count -= 1
                self.rules = [r for r in self.rules if r.count != 0]
                self.faults_applied[rule.mode] += 1
                return rule
        return None

    # Log and counters ---------------------------------------------------------------------------

    def enter(self):
        """Counts an API request in flight; returns its ordinal (1 for the first)."""
        with self.lock:
            if self.first_request_at is None:
                self.first_request_at = time.time()
            self.entered += 1
            self.in_flight += 1
            self.peak_in_flight = max(self.peak_in_flight, self.in_flight)
            if self.gather and self.in_flight >= self.gather:
                self.gathered = True
                self.gathering.notify_all()
            return self.entered

    def wait_for_gathering(self, ordinal):
        """Holds an API request until `gather` requests are in flight together; a no-op when off.

        A client that never has that many in flight makes the first wait time out; later requests
        then pass straight through, and the peak in the stats shows how far the client got.
        """
        with self.gathering:
            if not self.gather or self.gathered or ordinal <= self.gather_skip:
                return
            if not self.gathering.wait_for(lambda: self.gathered, timeout=self.gather_seconds):
                self.gathered = True
                self.gathering.notify_all()

    def leave(self):
        with self.lock:
            self.in_flight -= 1

    def next_request_id(self):
        with self.lock:
            self.request_counter += 1
            return f"fake-{self.request_counter}"

    def record(self, entry):
        line = json.dumps(entry, separators=(",", ":"))
        with self.lock:
            self.last_response_at = time.time()
            self.log.append(entry)
            self.by_status[str(entry["status"])] += 1
            self.by_kind[entry["kind"]] += 1
            if self.log_path:
                with open(self.log_path, "a", encoding="utf-8") as handle:
                    handle.write(line + "\n")

    def request_log(self):
        with self.lock:
            return list(self.log)

    def stats(self):
        with self.lock:
            return {
                "requests": len(self.log), "weatherRequests": self.by_kind["weather"],
                "availabilityRequests": self.by_kind["availability"],
                "attributionRequests": self.by_kind["attribution"] + self.by_kind["asset"],
                "byStatus": dict(self.by_status),
                "tokenVerifications": self.verifications, "inFlight": self.in_flight,
                "peakInFlight": self.peak_in_flight, "faultsApplied": dict(self.faults_applied),
                "firstRequestAt": self.first_request_at, "lastResponseAt": self.last_response_at,
            }

    def reset(self):
        """Clears the log, counters and faults (latency back to 0); keeps keys and expiry settings."""
        with self.lock:
            self._clear_counters()
            self.rules = []
            self.latency_ms = 0
