#!/usr/bin/env python3
"""Checks that scripts/plain_fleetwx.py does fleetwx's job: compares two reports of one input.

    python3 scripts/plain_check.py FLEETWX_REPORT PLAIN_REPORT

Prints, for flights.csv: whether the header and the rows (matched by flight, origin and
departure) are the same, how many rows agree on the core columns (flight, origin, destination,
times, risk, hazards) and on every column, the columns that differ most; and, for the route and
station pages, the average bytes per page of each report and their ratio (the comparison is fair
only within +-30 %). Exits 1 when the rows differ or the core agreement is below 100 %.
"""
import csv
import os
import statistics
import sys
from collections import Counter

CORE = ["flight", "origin", "destination", "departure_utc", "arrival_utc", "departure_local", "arrival_local",
        "risk", "dep_hazards", "arr_hazards", "dep_risk", "arr_risk"]


def rows(report):
    with open(os.path.join(report, "flights.csv"), encoding="utf-8", newline="") as handle:
        reader = csv.reader(handle)
        header = next(reader)
        return header, [dict(zip(header, row)) for row in reader]


def average_bytes(report, folder, suffix):
    path = os.path.join(report, folder)
    sizes = [os.path.getsize(os.path.join(path, name)) for name in os.listdir(path) if name.endswith(suffix)]
    return statistics.mean(sizes) if sizes else 0.0, len(sizes)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    fleetwx, plain = sys.argv[1:]
    header_a, rows_a = rows(fleetwx)
    header_b, rows_b = rows(plain)
    print(f"header: {'same' if header_a == header_b else 'DIFFERENT'} ({len(header_a)} columns)")
    key = lambda row: (row["flight"], row["origin"], row["departure_utc"])
    by_key = {key(row): row for row in rows_b}
    same_order = [key(row) for row in rows_a] == [key(row) for row in rows_b]
    print(f"rows: {len(rows_a)} fleetwx, {len(rows_b)} plain; same set: {set(by_key) == {key(r) for r in rows_a}}; "
          f"same order: {same_order}")
    core_ok = all_ok = 0
    differing = Counter()
    for row in rows_a:
        other = by_key.get(key(row), {})
        bad = [column for column in header_a if row.get(column) != other.get(column)]
        differing.update(bad)
        core_ok += not any(column in CORE for column in bad)
        all_ok += not bad
    total = max(1, len(rows_a))
    print(f"core columns ({', '.join(CORE)}): {core_ok}/{len(rows_a)} rows agree ({100 * core_ok / total:.2f} %)")
    print(f"every column: {all_ok}/{len(rows_a)} rows agree ({100 * all_ok / total:.2f} %)")
    for column, count in differing.most_common(8):
        print(f"  {column}: differs in {count} rows")
    for folder, suffix in (("routes", ".html"), ("stations", ".html"), ("routes", ".csv")):
        (a, count_a), (b, count_b) = average_bytes(fleetwx, folder, suffix), average_bytes(plain, folder, suffix)
        ratio = b / a if a else float("nan")
        print(f"{folder}/*{suffix}: fleetwx {count_a} files, {a / 1024:,.1f} KiB average; plain {count_b} files, "
              f"{b / 1024:,.1f} KiB average; plain/fleetwx {ratio:.2f}{'' if 0.7 <= ratio <= 1.3 else '  OUTSIDE +-30 %'}")
    index_a, index_b = (os.path.getsize(os.path.join(r, "index.html")) for r in (fleetwx, plain))
    print(f"index.html: fleetwx {index_a / 1024:,.0f} KiB, plain {index_b / 1024:,.0f} KiB")
    if header_a != header_b or len(rows_a) != len(rows_b) or core_ok != len(rows_a):
        sys.exit(1)


if __name__ == "__main__":
    main()
