#!/usr/bin/env bash
# Builds (if needed) and runs one libFuzzer target of Fuzz/ for a time (README: Fuzzing).
#
#   scripts/fuzz.sh TARGET SECONDS [libFuzzer options...]
#
# FUZZ_TIMEOUT (seconds, default 60) is how long one input may run before it counts as a hang:
# every input here takes milliseconds, but on a machine shared with builds a process can stall for
# many seconds (a 10 s limit gave two false timeouts whose inputs ran in well under a second alone).
#
# TARGET is csv, schedule, ssim, weather, config or replay (or the product name, FuzzCSV …).
# The seeds (the repository's fixtures and Fuzz/Corpus/TARGET) are copied to a scratch folder,
# so the repository is never changed; new inputs the fuzzer finds stay there. Exits 0 when the
# time (or -runs=N) is up with no finding, non-zero on a crash, leak, timeout or broken
# property; the input is then kept and its path printed. The first build of all targets takes
# about a minute on two cores, later ones only relink.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() { echo "usage: scripts/fuzz.sh csv|schedule|ssim|weather|config|replay SECONDS [libFuzzer options...]" >&2; exit 64; }
[ "$#" -ge 2 ] || usage
target=$1 seconds=$2
shift 2
[[ "$seconds" =~ ^[0-9]+$ ]] || { echo "fuzz.sh: SECONDS must be a whole number, not \"$seconds\"" >&2; exit 64; }

# The repository files that seed more than one target: CSV files and WeatherKit bodies.
csv_files=(Schedules/*.csv Schedules/examples/*.csv Tests/FleetScheduleTests/Fixtures/*.csv)
body_files=(Tests/FleetWeatherTests/Fixtures/*.json)

# Per target: the product, the longest input tried, and the repository files that seed it.
case "$target" in
    csv | FuzzCSV) product=FuzzCSV max_len=1024 seeds=("${csv_files[@]}") ;;
    schedule | FuzzSchedule) product=FuzzSchedule max_len=1024 seeds=("${csv_files[@]}") ;;
    ssim | FuzzSSIM) product=FuzzSSIM max_len=4096 seeds=(Schedules/*.ssim) ;;
    weather | FuzzWeatherBody) product=FuzzWeatherBody max_len=16384 seeds=("${body_files[@]}") ;;
    config | FuzzConfig) product=FuzzConfig max_len=1024 seeds=() ;;
    replay | FuzzReplay) product=FuzzReplay max_len=16384 seeds=("${body_files[@]}") ;;
    *) usage ;;
esac

scratch=$(mktemp -d "${TMPDIR:-/tmp}/fleetwx-fuzz-$product.XXXXXX")
build_log="$scratch/build.log"
printf '==> building %s (release, fuzzer + address sanitizer)\n' "$product"
# SwiftPM's --sanitize=fuzzer links libFuzzer's main (instead of renaming the target's entry
# point to `main`); the -Xswiftc -sanitize=fuzzer,address after it turns both on for every
# module. Not --sanitize=fuzzer --sanitize=address: the compiler keeps only the last -sanitize=
# it is given and SwiftPM passes the two in no fixed order, so some builds would have no coverage
# instrumentation, and libFuzzer would run blind.
build=(swift build --package-path Fuzz --scratch-path Fuzz/.build -c release
    --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address)
if ! "${build[@]}" --product "$product" >"$build_log" 2>&1; then
    # ld.gold warns once per sanitizer helper it cannot export; the real errors are the rest.
    grep -v 'Cannot export local symbol' "$build_log" | tail -n 40
    echo "fuzz.sh: building $product failed (full log: $build_log)" >&2
    exit 1
fi
binary=$("${build[@]}" --show-bin-path)/$product

mkdir -p "$scratch/corpus" "$scratch/findings"
for seed in "${seeds[@]}" Fuzz/Corpus/"$product"/*; do
    [ -f "$seed" ] && cp "$seed" "$scratch/corpus/$(basename "$(dirname "$seed")")-$(basename "$seed")"
done

printf '==> fuzzing %s for %s s (%s seeds; scratch %s)\n' "$product" "$seconds" \
    "$(find "$scratch/corpus" -type f | wc -l)" "$scratch"
log="$scratch/fuzz.log"
set +e
# The Swift runtime's backtracer would take the crash signal from libFuzzer, which then could not
# save the input; libFuzzer and AddressSanitizer print the stack themselves.
SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1} \
    "$binary" "$scratch/corpus" -dict="Fuzz/Dictionaries/$product.dict" -max_len="$max_len" \
    -max_total_time="$seconds" -timeout="${FUZZ_TIMEOUT:-60}" -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$scratch/findings/" "$@" >"$log" 2>&1
code=$?
set -e

# Without coverage counters libFuzzer runs blind (and very fast): treat that as a broken build.
grep -q 'INFO: Loaded [0-9]* modules' "$log" || { head -n 20 "$log"; echo "fuzz.sh: $product has no coverage instrumentation" >&2; exit 1; }
runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
rss=$(sed -n 's/^stat::peak_rss_mb: *//p' "$log")
took=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log")
slowest=$(sed -n 's/^stat::slowest_unit_time_sec: *//p' "$log")
# libFuzzer also saves "slow-unit-" inputs (over 10 s); on a shared machine those are stalls, and
# the run still passes: only crash-, leak-, timeout- and oom- inputs are findings.
found=$(find "$scratch/findings" -type f \( -name 'crash-*' -o -name 'leak-*' -o -name 'timeout-*' -o -name 'oom-*' \))
if [ "$code" -ne 0 ] || [ -n "$found" ]; then
    grep -v '^#[0-9]' "$log" | tail -n 60
    echo "fuzz.sh: $product found a problem (exit $code); input(s) kept in $scratch/findings:" >&2
    ls -l "$scratch/findings" >&2
    echo "replay one with: SWIFT_BACKTRACE=enable=no $binary FILE" >&2
    exit 1
fi
echo "$product: ${runs:-?} executions in ${took:-?} s, ${rate:-?} exec/s, slowest input ${slowest:-?} s," \
    "peak RSS ${rss:-?} MB, no finding"
rm -rf "$scratch"
