#!/usr/bin/env python3
"""Checks that two report directories hold the same files with the same bytes.

Used to prove a speed change kept every output byte for byte: run the build before and the
build after on the same schedule, replay and `--now`, then

    scripts/same_report.py REPORT_BEFORE REPORT_AFTER

`run.json` is compared without the fields that differ between any two runs (`run_id`,
`started_at`, `finished_at`, `timings`); every other file must be identical. Prints the first
differences and exits 1 when there are any, else prints how many files and bytes matched.
"""
import json
import os
import sys

VOLATILE = ("run_id", "started_at", "finished_at", "timings")


def listing(root):
    found = {}
    for folder, _, names in os.walk(root):
        for name in names:
            path = os.path.join(folder, name)
            found[os.path.relpath(path, root)] = path
    return found


def comparable_summary(path):
    with open(path, encoding="utf-8") as handle:
        summary = json.load(handle)
    for key in VOLATILE:
        summary.pop(key, None)
    return summary


def first_difference(left, right):
    for offset, (a, b) in enumerate(zip(left, right)):
        if a != b:
            return offset
    return min(len(left), len(right))


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    before, after = (listing(root) for root in sys.argv[1:])
    problems = []
    for name in sorted(set(before) ^ set(after)):
        problems.append(f"{name}: only in {'the first' if name in before else 'the second'} report")
    matched = bytes_matched = 0
    for name in sorted(set(before) & set(after)):
        if name == "run.json":
            if comparable_summary(before[name]) != comparable_summary(after[name]):
                problems.append("run.json: differs beyond run_id, times and timings")
            continue
        with open(before[name], "rb") as handle:
            left = handle.read()
        with open(after[name], "rb") as handle:
            right = handle.read()
        if left != right:
            offset = first_difference(left, right)
            problems.append(f"{name}: differs from byte {offset} ({len(left)} against {len(right)} bytes): "
                            f"{left[max(0, offset - 40):offset + 60]!r} against {right[max(0, offset - 40):offset + 60]!r}")
        else:
            matched += 1
            bytes_matched += len(left)
    for problem in problems[:20]:
        print(problem)
    if problems:
        print(f"{len(problems)} differences")
        sys.exit(1)
    print(f"same: {matched} files, {bytes_matched:,} bytes (and run.json beyond its times)")


if __name__ == "__main__":
    main()
