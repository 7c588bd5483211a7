#!/usr/bin/env python3
"""Checks that every flight of a report is one step from its index: in the finder's block of
index.html, linked to a route page that exists, and (for red and amber flights) counts how many
the index's flights table lists itself.

Usage: scripts/check_index_reach.py REPORT_DIR

Reads REPORT_DIR/flights.csv and REPORT_DIR/index.html; prints the counts and exits 1 when a
flight is missing from the finder or its route page is missing. The block's format is the one
Sources/FleetReports/FlightLookup.swift writes: one line per route, `STEM NUMBER NUMBER…`, a
number of 1–4 digits and an optional letter carrying on the airline code of the number before it.
"""
import csv
import html
import os
import re
import sys


def airline(number):
    three = number[:3]
    return three if len(number) > 3 and three.isalpha() else number[:2]


def finder_pairs(index_text):
    match = re.search(r'<template id="flight-index">(.*?)</template>', index_text, re.S)
    if not match:
        sys.exit("check_index_reach: index.html has no finder block (template#flight-index)")
    pairs = set()
    for line in html.unescape(match.group(1)).splitlines():
        words = line.split()
        if not words:
            continue
        code = ""
        for word in words[1:]:
            number = code + word if re.fullmatch(r"[0-9]{1,4}[A-Z]?", word) else word
            pairs.add((words[0], number))
            code = airline(number)
    return pairs


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    report = sys.argv[1]
    with open(os.path.join(report, "index.html"), encoding="utf-8") as handle:
        index = handle.read()
    with open(os.path.join(report, "flights.csv"), encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    pairs = finder_pairs(index)
    table = index[index.find('<table class="flights"'):]
    table = table[:table.find("</table>")]
    listed = set(re.findall(r'<th scope="row">([^<]+)</th>', table))
    missing, no_page, by_risk = [], set(), {}
    for row in rows:
        route = f"{row['origin']}-{row['destination']}"
        if (route, row["flight"]) not in pairs:
            missing.append(f"{row['flight']} {route}")
        if not os.path.exists(os.path.join(report, "routes", f"{route}.html")):
            no_page.add(route)
        counts = by_risk.setdefault(row["risk"], [0, 0, 0])
        counts[0] += 1
        counts[1] += (route, row["flight"]) in pairs
        counts[2] += row["flight"] in listed
    print(f"{len(rows)} flights; index.html {os.path.getsize(os.path.join(report, 'index.html')):,} bytes")
    for risk in ("red", "amber", "unknown", "green"):
        total, found, shown = by_risk.get(risk, [0, 0, 0])
        print(f"  {risk}: {total} flights, {found} in the finder, {shown} listed in the index's table")
    print(f"finder: {len(rows) - len(missing)} of {len(rows)} flights; route pages missing: {len(no_page)}")
    if missing or no_page:
        for line in missing[:10]:
            print(f"  not in the finder: {line}")
        for route in sorted(no_page)[:10]:
            print(f"  no route page: {route}")
        sys.exit(1)


if __name__ == "__main__":
    main()
