#!/usr/bin/env python3
"""How long headless Chromium takes to open a report page: navigate, load event, layout done.

Each run opens the page in a fresh tab of one headless Chromium (offline, cache disabled, a
1400 x 900 desktop viewport, light scheme) and times, from the navigation command to the end:
the load event, then a forced layout and two animation frames (so the first paint of the laid
out page is included). Prints each run (with the page's own navigation timing: DOM content
loaded and load event end, in ms since navigation start, and the renderer's busy time in ms:
all tasks, script, layout, style) and the median of the totals. On a loaded machine the wall
times swing; the renderer's task time says what the page itself costs.

Usage: scripts/index_open_time.py INDEX.html [--runs 3]
"""
import argparse
import json
import os
import statistics
import sys
import time
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import browser_check  # noqa: E402  (its CDP helper: Browser and Tab over --remote-debugging-pipe)

LAID_OUT = ("new Promise(r => { document.body.getBoundingClientRect(); "
            "requestAnimationFrame(() => requestAnimationFrame(() => r(JSON.stringify({"
            "dcl: performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd, "
            "load: performance.getEntriesByType('navigation')[0].loadEventEnd, "
            "nodes: document.getElementsByTagName('*').length})))); })")


def open_once(browser, url):
    tab = browser_check.Tab(browser)
    tab.emulate(browser_check.DESKTOP, "light", "screen")
    tab.send("Performance.enable")
    started = time.monotonic()
    tab.load(url)
    loaded = time.monotonic()
    timing = tab.evaluate(LAID_OUT, timeout=browser_check.LOAD_TIMEOUT * 5)
    done = time.monotonic()
    metrics = {m["name"]: m["value"] for m in tab.send("Performance.getMetrics")["metrics"]}
    timing = json.loads(timing)
    timing.update({name: round(metrics.get(key, 0) * 1000) for name, key in (
        ("task", "TaskDuration"), ("script", "ScriptDuration"), ("layout", "LayoutDuration"),
        ("style", "RecalcStyleDuration"))})
    browser.send("Target.closeTarget", {"targetId": tab_target(browser, tab)})
    return loaded - started, done - started, timing


def tab_target(browser, tab):
    """The target of the tab's session (Target.getTargetInfo answers for the session's own)."""
    return tab.send("Target.getTargetInfo")["targetInfo"]["targetId"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("page", help="the report page to open (index.html)")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    if not os.path.isfile(args.page):
        sys.exit(f"index_open_time: {args.page} is not a file; give the index.html of a report")
    url = "file://" + urllib.parse.quote(os.path.abspath(args.page))
    size = os.path.getsize(args.page)
    print(f"{args.page}: {size:,} bytes")
    browser = browser_check.Browser(browser_check.chromium())
    totals = []
    try:
        for run in range(1, args.runs + 1):
            loaded, total, timing = open_once(browser, url)
            totals.append(total)
            page = ", ".join(f"{key} {round(value)}" for key, value in timing.items())
            print(f"run {run}: load event {loaded:.3f} s, laid out {total:.3f} s (page ms: {page})")
    except browser_check.ChromiumError as error:
        sys.exit(f"index_open_time: {error}")
    finally:
        browser.close()
    print(f"median: {statistics.median(totals):.3f} s to open and lay out ({len(totals)} runs)")


if __name__ == "__main__":
    main()
