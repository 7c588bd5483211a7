#!/usr/bin/env python3
"""Renders report pages in headless Chromium, saves screenshots, and fails on a page that
does not load cleanly (a JavaScript error, a console error, or a page that does not render
the attribution and its main content).

Usage: scripts/browser_check.py REPORT_DIR [--out docs/screenshots] [--route ORIG-DEST] [--self-test]
--self-test also renders a copy of the index with a script error planted in it and fails
unless the check catches it (proof that the check can fail).
Needs Debian's `chromium` package (`apt-get install chromium`).
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

# Console lines that are not page faults: the Apple Weather mark is a remote image, and the
# check runs offline (its alt text "Apple Weather" is the fallback the page is built for).
ALLOWED = [re.compile(r"weatherkit\.apple\.com/assets/branding")]
FAULT = re.compile(r"(Uncaught|CONSOLE\(\d+\).*(error|Error)|ERROR:CONSOLE|SyntaxError|ReferenceError|TypeError)")


def chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    sys.exit("browser_check: chromium is not installed (apt-get install chromium)")


def run(browser, url, extra, profile):
    command = [browser, "--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
               "--enable-logging=stderr", "--v=0", f"--user-data-dir={profile}",
               "--virtual-time-budget=3000", *extra, url]
    return subprocess.run(command, capture_output=True, text=True, timeout=120)


def check_page(browser, page, screenshot, width, height, needles):
    url = "file://" + os.path.abspath(page)
    profile = tempfile.mkdtemp(prefix="fleetwx-chromium-")
    try:
        dom = run(browser, url, ["--dump-dom"], profile)
        shot = run(browser, url, [f"--screenshot={os.path.abspath(screenshot)}", f"--window-size={width},{height}"],
                   profile)
    finally:
        shutil.rmtree(profile, ignore_errors=True)
    problems = []
    for result in (dom, shot):
        for line in result.stderr.splitlines():
            if FAULT.search(line) and not any(pattern.search(line) for pattern in ALLOWED):
                problems.append(line.strip())
    if dom.returncode != 0:
        problems.append(f"chromium exited {dom.returncode}")
    for needle in needles:
        if needle not in dom.stdout:
            problems.append(f"rendered page lacks {needle!r}")
    if not os.path.exists(screenshot) or os.path.getsize(screenshot) == 0:
        problems.append("no screenshot was written")
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("report", help="a report directory (e.g. Output/latest)")
    parser.add_argument("--out", default="docs/screenshots", help="where to save PNGs")
    parser.add_argument("--route", help="route page to render (default: the first, worst-first, of the index)")
    parser.add_argument("--self-test", action="store_true", help="also prove a broken page fails the check")
    args = parser.parse_args()
    browser = chromium()
    os.makedirs(args.out, exist_ok=True)
    index = os.path.join(args.report, "index.html")
    if not os.path.exists(index):
        sys.exit(f"browser_check: {index} does not exist")
    route = args.route
    if not route:
        with open(index, encoding="utf-8") as handle:
            match = re.search(r'href="routes/([A-Z0-9]{3,4}-[A-Z0-9]{3,4})\.html"', handle.read())
        route = match.group(1) if match else None
    pages = [(index, os.path.join(args.out, "index.png"), 1400, 2400,
              ["Weather data provided by Apple Weather.", "Flights, worst first", "<table"])]
    if route:
        pages.append((os.path.join(args.report, "routes", f"{route}.html"), os.path.join(args.out, "route.png"),
                      1400, 2000, ["Weather data provided by Apple Weather.", "<svg", route.split("-")[0]]))
    failures = 0
    for page, screenshot, width, height, needles in pages:
        problems = check_page(browser, page, screenshot, width, height, needles)
        status = "ok" if not problems else "FAILED"
        print(f"{status}: {page} -> {screenshot}")
        for problem in problems:
            print(f"  {problem}")
        failures += bool(problems)
    if args.self_test:
        failures += not broken_page_fails(browser, index)
    sys.exit(1 if failures else 0)


def broken_page_fails(browser, index):
    """Plants a script error in a copy of the index; the check must report it."""
    with tempfile.TemporaryDirectory(prefix="fleetwx-broken-") as work:
        with open(index, encoding="utf-8") as handle:
            page = handle.read().replace("<script", "<script>notAFunction();</script><script", 1)
        broken = os.path.join(work, "index.html")
        with open(broken, "w", encoding="utf-8") as handle:
            handle.write(page)
        problems = check_page(browser, broken, os.path.join(work, "broken.png"), 800, 600, [])
    caught = any("notAFunction" in problem for problem in problems)
    print(f"{'ok' if caught else 'FAILED'}: self-test: a page with a script error {'fails' if caught else 'passed'} the check")
    return caught


if __name__ == "__main__":
    main()
