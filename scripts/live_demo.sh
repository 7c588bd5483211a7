#!/usr/bin/env bash
# Runs the demo schedule LIVE against the fake WeatherKit server on loopback (no network, the
# test key from Tests/Fixtures/credentials), so the pages carry the Apple Weather marks fetched
# from /attribution/en and embedded as data: URIs; CI then checks them in headless Chromium.
#
# Usage: scripts/live_demo.sh FLEETWX_BINARY OUT_DIR STATE_FILE
set -euo pipefail
binary=$1
out=$2
state=$3
root=$(cd "$(dirname "$0")/.." && pwd)
keydir=$(mktemp -d)
fifo="$keydir/server.out"
mkfifo "$fifo"
trap 'kill "$server" 2>/dev/null || true; rm -rf "$keydir"' EXIT
install -m 600 "$root/Tests/Fixtures/credentials/test-p256-private.p8" "$keydir/key.p8"
python3 "$root/Tests/FakeWeatherKit/fake_weatherkit.py" --port 0 \
    --public-key "$root/Tests/Fixtures/credentials/test-p256-public.pem" >"$fifo" 2>"$keydir/server.err" &
server=$!
port=""
exec 3<"$fifo"
while read -r -t 30 line <&3; do
    case "$line" in LISTENING*) port=${line#LISTENING }; break ;; esac
done
[ -n "$port" ] || { echo "live_demo: the fake server did not start"; cat "$keydir/server.err"; exit 1; }
set +e
WEATHERKIT_TEAM_ID=TEST0TEAM1 WEATHERKIT_SERVICE_ID=com.example.fleetwx-test WEATHERKIT_KEY_ID=TESTKEY001 \
    WEATHERKIT_KEY_FILE="$keydir/key.p8" "$binary" run "$root/Schedules/demo.csv" \
    --endpoint "http://127.0.0.1:$port" --state "$state" --out "$out" --now 2026-11-30T05:00:00Z \
    >"$keydir/run.log" 2>&1
code=$?
set -e
[ "$code" -le 2 ] || { echo "live_demo: fleetwx exited $code"; cat "$keydir/run.log"; exit 1; }
grep -q 'src="data:image/png;base64,' "$out/index.html" \
    || { echo "live_demo: the index has no embedded Apple Weather mark"; exit 1; }
echo "live_demo: $out written (exit $code), marks embedded"
