#!/usr/bin/env python3
"""Checks report pages in headless Chromium on screen, phone and paper, and saves screenshots.

Usage:
  scripts/browser_check.py REPORT_DIR [REPORT_DIR ...] [--out docs/screenshots] [--route ORIG-DEST]
                           [--station CODE] [--max-routes 60] [--max-index-pages 8] [--self-test] [--report-only]

Every page checked (each report directory's index.html, its routes/*.html and its stations/*.html,
all of each up to --max-routes, else an even sample) is loaded offline from its file:// URL twice: at 1400x900
(checked in light, then dark, then print media, as a reader switches or prints the open page) and
at 390x844 as a phone (mobile viewport, device scale 2; light, then dark). Two tabs of one
Chromium check pages side by side (--jobs).
A check fails on:
  load         a JavaScript exception, a console error or warning, a log entry of level error or
               warning, a failed load (Network.loadingFailed), an <img> that did not decode
  offline      any request for anything but the page's own file (data: URIs aside), and any
               element or style sheet that points outside the page (img/script/link/iframe/
               source/use/image/object/embed, CSS url())
  attribution  "Weather data provided by Apple Weather." not rendered, or no visible https link
               to the legal attribution page
  links        a link to a local file that does not exist, or to a #fragment that is not on the page
  overlap      two non-empty <text> labels of one inline <svg> whose boxes overlap by more than 0.5 px
               (at both widths, in print, with the page as loaded and with every <details> opened)
  phone-width  at 390 px: a layout viewport other than 390 px (no viewport meta) or a document
               wider than 390 px (sideways scroll); the elements that stick out are named
  text-size    at 390 px: visible text rendered smaller than 11 px (SVG text: computed font-size
               times the scale of the text's screen transform, i.e. the size actually drawn)
  finder       on an index: typing flight numbers of the finder's block (first, middle and last
               route) and an ICAO code gives no link to the route (station) page, or the finder
               form stays hidden
  print        the index printed (Page.printToPDF, A4 8.27x11.69 in and Letter 8.5x11 in, default
               margins) takes more than --max-index-pages pages (counted as /Type /Page objects);
               the attribution link's URL is not printed (its ::after content or the page text);
               a <details> stays closed on paper (after a beforeprint event); content wider than the
               A4 printable width (717 px)
Screenshots (the first report directory): index-desktop.png, index-phone.png, index-dark.png,
index-print.png, the same for route-*.png (--route, default the first route the index links) and
station-*.png (--station, default the first of the index's station table, worst first), and the
fleet map cut out of the index: map-desktop.png, map-dark.png, map-print.png.

--self-test plants one fault in a copy of the index for each check (a script error, a
console.error, a remote <img>, a local script, a 900 px wide element, two overlapping svg labels,
8 px text, a missing attribution sentence, a closed <details> on paper, a finder that cannot start, padding past the page
limit) and fails unless every fault is reported by its check; it also builds a small clean page
that must pass every check (proof that the checks can pass as well as fail).
Exit status 1 on any fault (--report-only: print the report, exit 0; not for CI).
Needs Debian's `chromium` package (`apt-get install chromium`); Python 3 standard library only
(Chromium is driven through the DevTools protocol over --remote-debugging-pipe).
"""
import argparse
import base64
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

ATTRIBUTION_SENTENCE = "Weather data provided by Apple Weather."
DESKTOP = {"name": "desktop", "width": 1400, "height": 900, "scale": 1, "mobile": False}
PHONE = {"name": "phone", "width": 390, "height": 844, "scale": 2, "mobile": True}
# A4 printable width at printToPDF's default 0.4 in margins: (8.27 - 0.8) in at 96 px/in.
PRINT = {"name": "print", "width": 717, "height": 1045, "scale": 1, "mobile": False}
PAPERS = {"A4": (8.27, 11.69), "Letter": (8.5, 11.0)}
# Each group is one page load, then the variants that follow it on the same loaded page (as a
# reader switches to dark mode or prints the page they have open).
GROUPS = {
    "desktop": [("desktop-light", DESKTOP, "light", "screen"), ("desktop-dark", DESKTOP, "dark", "screen"),
                ("print", PRINT, "light", "print")],
    "phone": [("phone-light", PHONE, "light", "screen"), ("phone-dark", PHONE, "dark", "screen")],
}
VARIANTS = [variant for group in GROUPS.values() for variant, *_ in group]
SHOT_HEIGHT = 2400  # CSS px kept of a screenshot (pages run to 14,000 px on a phone)
LOAD_TIMEOUT = 60


class ChromiumError(Exception):
    """Chromium died, refused a command or did not answer in time."""


def chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    sys.exit("browser_check: chromium is not installed (apt-get install chromium)")


class Browser:
    """One headless Chromium for every page, spoken to over fds 3 and 4 (NUL-terminated JSON)."""

    def __init__(self, path):
        self.profile = tempfile.mkdtemp(prefix="fleetwx-chromium-")
        commands_read, commands_write = os.pipe()
        replies_read, replies_write = os.pipe()

        def child():
            # Copy both ends above 4 first so that dup2 onto 3 and 4 never clobbers the other.
            read_end, write_end = os.dup(commands_read), os.dup(replies_write)
            os.dup2(read_end, 3)
            os.dup2(write_end, 4)

        self.process = subprocess.Popen(
            [path, "--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
             "--remote-debugging-pipe", f"--user-data-dir={self.profile}",
             # Tabs checked side by side must all paint and run timers as a page in front does.
             "--disable-background-timer-throttling", "--disable-renderer-backgrounding",
             "--disable-backgrounding-occluded-windows",
             # Belt and braces for "offline": no name resolves, whatever the page asks for.
             "--host-resolver-rules=MAP * ~NOTFOUND", "about:blank"],
            preexec_fn=child, close_fds=False, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL)
        os.close(commands_read)
        os.close(replies_write)
        self.commands = os.fdopen(commands_write, "wb", buffering=0)
        self.replies = os.fdopen(replies_read, "rb", buffering=0)
        self.lock = threading.Condition()
        self.writing = threading.Lock()
        self.shooting = threading.Lock()
        self.answers = {}
        self.events = []
        self.counter = 0
        self.closed = False
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        buffer = b""
        while True:
            chunk = self.replies.read(1 << 16)
            if not chunk:
                break
            buffer += chunk
            *messages, buffer = buffer.split(b"\0")
            with self.lock:
                for raw in messages:
                    message = json.loads(raw)
                    if "id" in message:
                        self.answers[message["id"]] = message
                    else:
                        self.events.append(message)
                self.lock.notify_all()
        with self.lock:
            self.closed = True
            self.lock.notify_all()

    def send(self, method, params=None, session=None, timeout=LOAD_TIMEOUT):
        with self.lock:
            self.counter += 1
            number = self.counter
        message = {"id": number, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        try:
            with self.writing:
                self.commands.write(json.dumps(message).encode() + b"\0")
        except BrokenPipeError as error:
            raise ChromiumError(f"chromium exited (sending {method})") from error
        deadline = time.monotonic() + timeout
        with self.lock:
            while number not in self.answers:
                left = deadline - time.monotonic()
                if self.closed or left <= 0:
                    raise ChromiumError(f"chromium gave no answer to {method} within {timeout} s")
                self.lock.wait(left)
            answer = self.answers.pop(number)
        if "error" in answer:
            raise ChromiumError(f"{method}: {answer['error'].get('message')}")
        return answer["result"]

    def take_events(self, session):
        with self.lock:
            mine = [event for event in self.events if event.get("sessionId") == session]
            self.events = [event for event in self.events if event.get("sessionId") != session]
        return mine

    def wait_event(self, session, method, timeout=LOAD_TIMEOUT):
        """Waits for `method` on `session`, leaving every event in the list for take_events."""
        deadline = time.monotonic() + timeout
        with self.lock:
            while True:
                if any(e.get("sessionId") == session and e.get("method") == method for e in self.events):
                    return
                left = deadline - time.monotonic()
                if self.closed or left <= 0:
                    raise ChromiumError(f"no {method} within {timeout} s")
                self.lock.wait(left)

    def close(self):
        try:
            self.send("Browser.close", timeout=10)
        except ChromiumError:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        shutil.rmtree(self.profile, ignore_errors=True)


class Tab:
    """A page target with the domains the checks listen to, kept offline."""

    def __init__(self, browser):
        self.browser = browser
        target = browser.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = browser.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        for domain in ("Page", "Runtime", "Network", "Log"):
            self.send(f"{domain}.enable")
        self.send("Network.emulateNetworkConditions",
                  {"offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
        self.send("Network.setCacheDisabled", {"cacheDisabled": True})
        self.send("Emulation.setFocusEmulationEnabled", {"enabled": True})

    def send(self, method, params=None, timeout=LOAD_TIMEOUT):
        return self.browser.send(method, params, self.session, timeout)

    def evaluate(self, expression, timeout=LOAD_TIMEOUT):
        result = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                                "awaitPromise": True}, timeout)
        if "exceptionDetails" in result:
            raise ChromiumError(f"check script failed: {result['exceptionDetails'].get('exception', {}).get('description')}")
        return result["result"].get("value")

    def emulate(self, viewport, scheme, media):
        self.send("Emulation.setDeviceMetricsOverride",
                  {"width": viewport["width"], "height": viewport["height"],
                   "deviceScaleFactor": viewport["scale"], "mobile": viewport["mobile"]})
        self.send("Emulation.setEmulatedMedia",
                  {"media": media, "features": [{"name": "prefers-color-scheme", "value": scheme}]})

    def settle(self):
        """Fonts, then two frames of layout and a moment for a late timer or image decode."""
        self.evaluate("document.fonts.ready.then(() => new Promise(r => { setTimeout(r, 1000); "
                      "requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 20))); }))")

    def load(self, url):
        self.browser.take_events(self.session)
        self.send("Page.navigate", {"url": url})
        self.browser.wait_event(self.session, "Page.loadEventFired")


# ---------------------------------------------------------------- in-page measurements

PAGE_JS = r"""
(async (opts) => {
  const W = opts.width, MIN = opts.minText, TOL = 0.5;
  const describe = (el) => {
    if (!el || !el.tagName) return '?';
    let s = el.tagName.toLowerCase();
    if (el.id) s += '#' + el.id;
    const cls = (el.getAttribute('class') || '').trim().split(/\s+/).filter(Boolean).slice(0, 2);
    if (cls.length) s += '.' + cls.join('.');
    const holder = el.closest('[id]:not(#' + CSS.escape(el.id || 'x-none') + ')');
    if (holder && holder !== el) s += ' in #' + holder.id;
    return s;
  };
  // Rendered and not hidden by display, visibility, opacity 0 or content-visibility (a closed <details>).
  const seen = (el) => el.checkVisibility({checkOpacity: true, checkVisibilityCSS: true});
  const snippet = (t) => t.replace(/\s+/g, ' ').trim().slice(0, 40);
  const result = {};
  // Layout viewport and sideways scroll.
  result.innerWidth = window.innerWidth;
  const meta = document.querySelector('meta[name="viewport"]');
  result.viewportMeta = !!meta && /width\s*=\s*device-width/.test(meta.getAttribute('content') || '');
  result.scrollWidth = document.documentElement.scrollWidth;
  result.wide = [];
  if (result.scrollWidth > W) {
    for (const el of document.body.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      if (r.width <= 0 || r.right <= W + TOL) continue;
      const p = el.parentElement && el.parentElement.getBoundingClientRect();
      if (p && p.right > W + TOL && el.parentElement !== document.body) continue;
      result.wide.push(describe(el) + ' reaches ' + Math.round(r.right + window.scrollX) + ' px');
    }
  }
  // Route pages: origin and destination must stand side by side (the issue: on paper they
  // stacked). Each .ends grid whose .end children do not share a top line is reported.
  result.stacked = [];
  for (const grid of document.querySelectorAll('.ends')) {
    const ends = Array.from(grid.children).filter((el) => el.classList.contains('end') && seen(el));
    if (ends.length < 2) continue;
    const tops = ends.map((el) => Math.round(el.getBoundingClientRect().top));
    if (Math.max(...tops) - Math.min(...tops) > 2) {
      result.stacked.push(ends.map((el) => snippet(el.textContent)).join(' | '));
    }
  }
  // Visible text and the size it is drawn at.
  const clipped = new Map();
  const hiddenBox = (el) => {
    for (let e = el; e && e !== document.body; e = e.parentElement) {
      if (clipped.has(e)) return clipped.get(e);
      const cs = getComputedStyle(e), r = e.getBoundingClientRect();
      const hidden = (cs.clip && cs.clip !== 'auto' && cs.position === 'absolute') ||
        ((r.width <= 1 || r.height <= 1) && cs.overflow !== 'visible') || cs.opacity === '0';
      if (hidden) { clipped.set(el, true); return true; }
    }
    clipped.set(el, false);
    return false;
  };
  const small = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (!n.nodeValue.trim()) continue;
    const el = n.parentElement;
    if (!el || el.closest('script,style,template,noscript,title,desc,defs,symbol,clipPath,mask,marker,pattern')) continue;
    const cs = getComputedStyle(el);
    if (!seen(el)) continue;
    let rendered;
    if (el instanceof SVGElement) {
      const r = el.getBoundingClientRect();
      rendered = r.width > 0 && r.height > 0;
    } else {
      const range = document.createRange();
      range.selectNodeContents(n);
      rendered = [...range.getClientRects()].some(r => r.width * r.height >= 1);
    }
    if (!rendered || hiddenBox(el)) continue;
    let size = parseFloat(cs.fontSize);
    if (el instanceof SVGElement) {
      const m = (el.closest('text') || el).getScreenCTM();
      if (m) size *= Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));
    }
    if (size < MIN - 0.01) small.push(size.toFixed(1) + ' px "' + snippet(n.nodeValue) + '" (' + describe(el.closest('svg') || el) + ')');
  }
  result.small = small;
  // Labels of one inline svg whose boxes overlap.
  const overlaps = [];
  for (const svg of document.querySelectorAll('svg')) {
    if (svg.parentElement && svg.parentElement.closest('svg')) continue;
    const boxes = [];
    for (const t of svg.querySelectorAll('text')) {
      if (!t.textContent.trim() || t.closest('defs,symbol,clipPath,mask,marker,pattern')) continue;
      if (!seen(t)) continue;
      const r = t.getBoundingClientRect();
      if (r.width > 0 && r.height > 0) boxes.push([t, r]);
    }
    for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
      const [a, ra] = boxes[i], [b, rb] = boxes[j];
      const x = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
      const y = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
      if (x > TOL && y > TOL) overlaps.push('"' + snippet(a.textContent) + '" and "' + snippet(b.textContent) +
        '" overlap by ' + x.toFixed(1) + 'x' + y.toFixed(1) + ' px (' + describe(svg) + ')');
    }
  }
  result.overlaps = overlaps;
  // Images that did not decode.
  result.broken = [...document.images].filter(i => seen(i) && (!i.complete || i.naturalWidth === 0))
    .map(i => describe(i) + ' src=' + (i.getAttribute('src') || '').slice(0, 80));
  // Attribution: the sentence rendered, and a visible https link to the legal page.
  const text = document.body.innerText;
  result.sentence = text.includes(opts.sentence);
  const legal = [...document.querySelectorAll('a[href]')].filter(a => /attribution/i.test(a.textContent + ' ' + a.href));
  const shown = legal.filter(a => seen(a) && a.href.startsWith('https://'));
  result.legal = shown.map(a => a.href);
  result.legalPrinted = shown.map(a => {
    const after = getComputedStyle(a, '::after').content || '', before = getComputedStyle(a, '::before').content || '';
    return after.includes(a.href) || before.includes(a.href) || text.includes(a.href) || text.includes(a.getAttribute('href'));
  });
  // Every <details> on paper: its content must be rendered (open, or forced visible).
  result.closedDetails = [...document.querySelectorAll('details')].filter(seen).filter(d => {
    const content = [...d.children].filter(c => c.tagName !== 'SUMMARY');
    return content.length && !content.some(seen);
  }).map(d => '"' + snippet((d.querySelector('summary') || d).textContent) + '" (' + describe(d) + ')');
  return result;
})
"""

RESOURCES_JS = r"""
(() => {
  const found = [];
  const add = (el, attr, value) => { if (value) found.push([el.tagName.toLowerCase() + '[' + attr + ']', value]); };
  const loads = 'img,script,iframe,frame,source,video,audio,track,embed,object,input,image,use,feImage,link';
  const passive = /^(canonical|alternate|author|license|help|next|prev|bookmark|external|me)$/i;
  for (const el of document.querySelectorAll(loads)) {
    if (el.tagName.toLowerCase() === 'link' && passive.test(el.getAttribute('rel') || '')) continue;
    for (const attr of ['src', 'href', 'data', 'poster', 'xlink:href']) add(el, attr, el.getAttribute(attr));
    const set = el.getAttribute('srcset');
    if (set) for (const part of set.split(',')) add(el, 'srcset', part.trim().split(/\s+/)[0]);
  }
  const urls = (css, where) => { for (const m of css.matchAll(/url\(\s*(['"]?)(.*?)\1\s*\)/g)) found.push([where, m[2]]); };
  for (const el of document.querySelectorAll('[style]')) urls(el.getAttribute('style'), el.tagName.toLowerCase() + '[style]');
  for (const sheet of document.styleSheets) {
    try { for (const rule of sheet.cssRules) urls(rule.cssText, 'style sheet'); } catch (e) { found.push(['style sheet', sheet.href || '?']); }
    for (const m of (sheet.ownerNode && sheet.ownerNode.textContent || '').matchAll(/@import\s+(['"])(.*?)\1/g)) found.push(['@import', m[2]]);
  }
  const links = [...document.querySelectorAll('a[href]')].map(a => a.getAttribute('href'));
  const ids = [...document.querySelectorAll('[id],a[name]')].map(e => e.id || e.getAttribute('name'));
  return {found: found.map(([w, v]) => [w, v, new URL(v, document.baseURI).href]), links, ids, base: document.baseURI};
})()
"""

# The page's own @page size keyword and left/right margins (printToPDF honours both), in print.
PAGE_BOX_JS = r"""
(() => {
  const box = {landscape: false, left: '', right: ''};
  const walk = (rules, media) => {
    for (const r of rules) {
      if (r instanceof CSSPageRule) {
        if (/landscape/.test(r.style.size)) box.landscape = true;
        if (/portrait/.test(r.style.size)) box.landscape = false;
        if (r.style.marginLeft) box.left = r.style.marginLeft;
        if (r.style.marginRight) box.right = r.style.marginRight;
      } else if (r.cssRules && (!r.media || /print|all/.test(r.media.mediaText))) walk(r.cssRules, media);
    }
  };
  for (const sheet of document.styleSheets) { try { walk(sheet.cssRules); } catch (e) {} }
  return box;
})()
"""
UNITS_PX = {"px": 1, "in": 96, "cm": 96 / 2.54, "mm": 96 / 25.4, "pt": 96 / 72, "pc": 16}


def printable_width(tab):
    """A4's printable width in CSS px, in the orientation and with the side margins the page asks for."""
    box = tab.evaluate(PAGE_BOX_JS)
    paper = PAPERS["A4"][1 if box["landscape"] else 0] * 96

    def margin(value):
        match = re.fullmatch(r"([\d.]+)(px|in|cm|mm|pt|pc)", value or "")
        return float(match.group(1)) * UNITS_PX[match.group(2)] if match else 0.4 * 96

    return int(paper - margin(box["left"]) - margin(box["right"]))


OPEN_DETAILS_JS = ("window.__browserCheckClosed = [...document.querySelectorAll('details:not([open])')];"
                   "window.__browserCheckClosed.forEach(d => d.open = true)")
CLOSE_DETAILS_JS = "(window.__browserCheckClosed || []).forEach(d => d.open = false)"


# ---------------------------------------------------------------- checks of one page

class Findings:
    """Problems by check, each kept with the variants it was seen in."""

    CHECKS = ["load", "offline", "attribution", "links", "overlap", "phone-width", "text-size", "print", "finder"]

    def __init__(self):
        self.items = {}

    def add(self, check, message, variant):
        self.items.setdefault(check, {}).setdefault(message, []).append(variant)

    def failed(self, check=None):
        return bool(self.items.get(check)) if check else any(self.items.values())

    def messages(self, check):
        return list(self.items.get(check, {}))

    def report(self, name, notes, limit=8):
        lines = [f"{'FAILED' if self.failed() else 'ok'}: {name}" + (f" ({notes})" if notes else "")]
        for check in self.CHECKS:
            found = self.items.get(check, {})
            if not found:
                lines.append(f"  ok      {check}")
                continue
            lines.append(f"  FAILED  {check}: {len(found)} problem(s)")
            for message, variants in list(found.items())[:limit]:
                seen = sorted(set(variants), key=variants.index)
                where = "all" if len(seen) == len(VARIANTS) else ", ".join(seen)
                lines.append(f"          [{where}] {message}")
            if len(found) > limit:
                lines.append(f"          … and {len(found) - limit} more")
        return "\n".join(lines)


def page_url(path):
    return "file://" + urllib.parse.quote(os.path.abspath(path))


def same_document(url, own):
    return url.split("#", 1)[0] == own.split("#", 1)[0]


def record_events(tab, own, findings, variant):
    events = tab.browser.take_events(tab.session)
    urls = {e["params"]["requestId"]: e["params"]["request"]["url"] for e in events
            if e.get("method") == "Network.requestWillBeSent"}
    failed = {e["params"]["requestId"] for e in events if e.get("method") == "Network.loadingFailed"}
    for event in events:
        method, params = event.get("method"), event.get("params", {})
        if method == "Runtime.exceptionThrown":
            details = params.get("exceptionDetails", {})
            text = details.get("exception", {}).get("description") or details.get("text", "")
            findings.add("load", f"JavaScript exception: {text.splitlines()[0] if text else '?'}", variant)
        elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "warning", "assert"):
            words = " ".join(str(a.get("value", a.get("description", ""))) for a in params.get("args", []))
            findings.add("load", f"console.{params['type']}: {words[:160]}", variant)
        elif method == "Log.entryAdded" and params.get("entry", {}).get("level") in ("error", "warning"):
            entry = params["entry"]
            if entry.get("networkRequestId") in failed:
                continue  # said once, as the failed load below
            findings.add("load", f"log {entry['level']} ({entry.get('source')}): {entry.get('text', '')[:120]}"
                         + (f" {entry['url'][:100]}" if entry.get("url") else ""), variant)
        elif method == "Network.loadingFailed" and not params.get("canceled"):
            url = urls.get(params.get("requestId"), "?")
            findings.add("load", f"failed load ({params.get('type')}, {params.get('errorText')}): {url[:140]}", variant)
        elif method == "Network.requestWillBeSent":
            url = params.get("request", {}).get("url", "")
            if not url.startswith("data:") and not same_document(url, own):
                findings.add("offline", f"request for {url[:140]}", variant)


def check_static(tab, page, own, findings, variant):
    """What the markup points at: loads that leave the page, local links that go nowhere."""
    info = tab.evaluate(RESOURCES_JS)
    for where, raw, url in info["found"]:
        if url.startswith("data:") or same_document(url, own) and raw.strip().startswith("#"):
            continue
        findings.add("offline", f"{where} points outside the page: {raw[:140]}", variant)
    ids = set(info["ids"])
    for raw in info["links"]:
        parsed = urllib.parse.urlsplit(urllib.parse.urljoin(info["base"], raw))
        if parsed.scheme != "file":
            continue
        target = urllib.parse.unquote(parsed.path)
        if os.path.abspath(target) == os.path.abspath(page):
            if parsed.fragment and urllib.parse.unquote(parsed.fragment) not in ids:
                findings.add("links", f"link {raw!r} names no element on the page", variant)
        elif not os.path.exists(target):
            findings.add("links", f"link {raw!r} leads to a missing file {target}", variant)


# The index's flight finder, driven as a dispatcher would: a few flight numbers of its block (the
# first, middle and last routes) and one ICAO code typed into it must each give a link to the
# right route (or station) page. Returns the problems, or null on a page without a finder.
FINDER_JS = r"""(function () {
  var form = document.querySelector("form[data-finder]");
  if (!form) return null;
  var problems = [];
  if (form.hidden) return ["the finder form stays hidden (its script did not start)"];
  var input = form.querySelector("input[type=search]");
  var found = document.getElementById(input.getAttribute("aria-describedby"));
  function text(id) { var e = document.getElementById(id); return e ? (e.content || e).textContent : ""; }
  var lines = text(form.getAttribute("data-finder")).split("\n").filter(Boolean);
  if (!lines.length) return ["the finder's block lists no flight"];
  var samples = [lines[0], lines[Math.floor(lines.length / 2)], lines[lines.length - 1]].map(function (line) {
    var words = line.split(" ");
    return [words[1], "routes/" + words[0] + ".html"];
  });
  var alias = text(form.getAttribute("data-finder") + "-icao").split("\n").filter(Boolean)[0];
  if (alias) samples.push([alias.split(" ")[0], "stations/" + alias.split(" ")[1] + ".html"]);
  samples.forEach(function (sample) {
    input.value = sample[0];
    input.dispatchEvent(new Event("input", {bubbles: true}));
    var hrefs = Array.prototype.map.call(found.querySelectorAll("a"), function (a) { return a.getAttribute("href"); });
    if (hrefs.indexOf(sample[1]) < 0) problems.push("typing " + sample[0] + " gives no link to " + sample[1] + " (got " + (hrefs.join(", ") || "nothing") + ")");
  });
  input.value = "";
  input.dispatchEvent(new Event("input", {bubbles: true}));
  return problems;
})()"""


def check_finder(tab, findings, variant):
    for problem in tab.evaluate(FINDER_JS) or []:
        findings.add("finder", problem, variant)


def measure(tab, findings, variant, viewport, media, min_text, state):
    data = tab.evaluate(f"({PAGE_JS})({json.dumps({'width': viewport['width'], 'minText': min_text, 'sentence': ATTRIBUTION_SENTENCE})})")
    suffix = f" ({state})" if state else ""
    for overlap in data["overlaps"]:
        findings.add("overlap", overlap + suffix, variant)
    if viewport["name"] == "phone":
        if not data["viewportMeta"]:
            findings.add("phone-width", f"no <meta name=\"viewport\" content=\"width=device-width, ...\">: a phone lays the "
                         f"page out {data['innerWidth']} px wide and shrinks it", variant)
        if data["scrollWidth"] > PHONE["width"]:
            findings.add("phone-width", f"page is {data['scrollWidth']} px wide at {PHONE['width']} px{suffix}; sticking out: "
                         + "; ".join(data["wide"][:6]), variant)
        for small in data["small"]:
            findings.add("text-size", f"text drawn at {small}{suffix}", variant)
    if state:
        return data
    if data["broken"]:
        for image in data["broken"]:
            findings.add("load", f"broken image {image}", variant)
    if not data["sentence"]:
        findings.add("attribution", f"{ATTRIBUTION_SENTENCE!r} is not rendered", variant)
    if not data["legal"]:
        findings.add("attribution", "no visible https link to the legal attribution page", variant)
    if media == "print":
        if data["legal"] and not all(data["legalPrinted"]):
            findings.add("print", f"the attribution link's URL is not printed ({data['legal'][0]}); "
                         "print it, e.g. a::after { content: \" (\" attr(href) \")\" }", variant)
        for details in data["closedDetails"]:
            findings.add("print", f"<details> stays closed on paper: {details}", variant)
        for ends in data["stacked"]:
            findings.add("print", f"origin and destination stack instead of standing side by side: {ends}", variant)
        if data["scrollWidth"] > viewport["width"]:
            findings.add("print", f"content is {data['scrollWidth']} px wide, wider than the A4 printable width "
                         f"({viewport['width']} px); sticking out: " + "; ".join(data["wide"][:4]), variant)
    return data


def count_pdf_pages(pdf):
    pages = len(re.findall(rb"/Type\s*/Page\b", pdf))
    if pages == 0:
        counts = [int(c) for c in re.findall(rb"/Type\s*/Pages\b[^>]*?/Count\s+(\d+)", pdf)]
        pages = max(counts, default=0)
    return pages


def check_page(tab, page, kind, findings, args, shots=None, groups=tuple(GROUPS)):
    """Loads `page` once per group and checks each variant; `shots` maps a variant to a PNG path."""
    own = page_url(page)
    notes = []
    for group in groups:
        loaded = False
        for variant, viewport, scheme, media in GROUPS[group]:
            try:
                if media == "print" and loaded:
                    viewport = dict(viewport, width=printable_width(tab))
                tab.emulate(viewport, scheme, media)
                if not loaded:
                    tab.load(own)
                    loaded = True
                    if group == "desktop":
                        check_static(tab, page, own, findings, variant)
                        check_finder(tab, findings, variant)
                if media == "print":
                    tab.evaluate("window.dispatchEvent(new Event('beforeprint'))")
                tab.settle()
                measure(tab, findings, variant, viewport, media, args.min_text_px, None)
                shot = (shots or {}).get(variant)
                if shot:
                    save_screenshot(tab, shot, viewport)
                crop = (shots or {}).get(("crop", variant))
                if crop:
                    save_screenshot(tab, crop[1], viewport, selector=crop[0])
                tab.evaluate(OPEN_DETAILS_JS)
                measure(tab, findings, variant, viewport, media, args.min_text_px, "every <details> opened")
                tab.evaluate(CLOSE_DETAILS_JS)
                if media == "print":
                    notes.append(print_pages(tab, kind, findings, args, variant))
                    tab.evaluate("window.dispatchEvent(new Event('afterprint'))")
                record_events(tab, own, findings, variant)
            except ChromiumError as error:
                findings.add("load", f"could not check: {error}", variant)
    return "; ".join(notes)


def print_pages(tab, kind, findings, args, variant):
    """The index on A4 and Letter against the page limit; a route page on A4, for the report."""
    sizes = []
    for paper, (width, height) in PAPERS.items():
        if kind != "index" and paper != "A4":
            continue
        pdf = base64.b64decode(tab.send("Page.printToPDF", {"paperWidth": width, "paperHeight": height},
                                        timeout=120)["data"])
        pages = count_pdf_pages(pdf)
        sizes.append(f"{pages} {paper} pages")
        if kind == "index" and pages > args.max_index_pages:
            findings.add("print", f"the index takes {pages} {paper} pages, more than "
                         f"--max-index-pages {args.max_index_pages}", variant)
    return "printed: " + ", ".join(sizes)


def save_screenshot(tab, path, viewport, selector=None):
    """Saves the top of the page, or with `selector` the first element it matches (the map)."""
    size = tab.evaluate("[document.documentElement.scrollWidth, document.documentElement.scrollHeight]")
    # One image pixel per CSS px (a phone's device scale would make 4,800 px tall files).
    clip = {"x": 0, "y": 0, "width": max(viewport["width"], size[0]), "height": min(size[1], SHOT_HEIGHT),
            "scale": 1 / viewport["scale"]}
    if selector:
        box = tab.evaluate("(function () { var e = document.querySelector(%s); if (!e) return null; "
                           "var r = e.getBoundingClientRect(); return [r.left + window.scrollX, r.top + window.scrollY, "
                           "r.width, r.height]; })()" % json.dumps(selector))
        if not box:
            return
        clip.update({"x": max(0, box[0] - 8), "y": max(0, box[1] - 8), "width": box[2] + 16,
                     "height": min(box[3] + 16, SHOT_HEIGHT)})
    # A tab behind another may never deliver the frame a screenshot waits for: one screenshot at a
    # time, from the tab brought to the front, tried twice.
    with tab.browser.shooting:
        for attempt in range(2):
            try:
                tab.send("Page.bringToFront")
                data = tab.send("Page.captureScreenshot",
                                {"format": "png", "clip": clip, "captureBeyondViewport": True}, timeout=45)
                break
            except ChromiumError:
                if attempt:
                    raise
    with open(path, "wb") as handle:
        handle.write(base64.b64decode(data["data"]))


SHOT_VARIANTS = {"desktop-light": "desktop", "phone-light": "phone", "desktop-dark": "dark", "print": "print"}
# The fleet map cut out of the index: on screen, dark and on paper.
MAP_SELECTOR = "figure.fleet-map"
MAP_VARIANTS = {"desktop-light": "desktop", "desktop-dark": "dark", "print": "print"}


def route_pages(report, limit, folder="routes"):
    routes = sorted(os.path.join(report, folder, name) for name in os.listdir(os.path.join(report, folder))
                    if name.endswith(".html")) if os.path.isdir(os.path.join(report, folder)) else []
    if limit <= 0:
        return [], len(routes)
    if len(routes) <= limit:
        return routes, len(routes)
    step = len(routes) / limit
    return [routes[int(i * step)] for i in range(limit)], len(routes)


def first_route(index):
    with open(index, encoding="utf-8") as handle:
        match = re.search(r'href="routes/([A-Za-z0-9]{3,4}-[A-Za-z0-9]{3,4})\.html"', handle.read())
    return match.group(1) if match else None


def first_station(index):
    """The first station of the index's station table (worst first), else the first linked."""
    with open(index, encoding="utf-8") as handle:
        text = handle.read()
    table = text.find('<table class="stations"')
    match = re.search(r'href="stations/([A-Za-z0-9]{3,4})\.html"', text[table:] if table >= 0 else text)
    return match.group(1) if match else None


# ---------------------------------------------------------------- self-test

CLEAN_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>clean</title><style>
body { font: 16px system-ui, sans-serif; margin: 1rem; } svg { width: 100%; height: auto; }
@media print { a[href^="http"]::after { content: " (" attr(href) ")"; } }
</style></head><body><h1>Clean page</h1>
<p><span>Weather data provided by Apple Weather.</span>
<a href="https://developer.apple.com/weatherkit/data-source-attribution/">Other data sources and legal attribution</a></p>
<svg viewBox="0 0 300 120" width="300"><text x="10" y="30" font-size="24">A</text><text x="150" y="90" font-size="24">B</text></svg>
<details open><summary>Alerts</summary><p>None.</p></details>
<a href="#top" id="top">Top</a>
</body></html>
"""

# (name, check that must report it, marker its report must contain, page loads needed, the change)
FAULTS = [
    ("script error", "load", "notAFunction", ("desktop",), lambda p: inject(p, "<script>notAFunction();</script>")),
    ("console.error", "load", "fleetwx-selftest-console", ("desktop",),
     lambda p: inject(p, "<script>console.error('fleetwx-selftest-console');</script>")),
    ("remote image", "offline", "example.invalid", ("desktop",),
     lambda p: inject(p, '<img src="https://example.invalid/x.png" alt="x">')),
    ("local script", "offline", "selftest-local.js", ("desktop",),
     lambda p: inject(p, '<script src="selftest-local.js"></script>')),
    ("link to a missing file", "links", "selftest-missing.csv", ("desktop",),
     lambda p: inject(p, '<a href="selftest-missing.csv">x</a>')),
    ("900 px wide element", "phone-width", "selftest-wide", ("phone",),
     lambda p: inject(p, '<div id="selftest-wide" style="width:900px;height:4px"></div>')),
    ("overlapping svg labels", "overlap", "selftest-label-b", ("desktop",),
     lambda p: inject(p, '<svg width="300" height="60"><text x="10" y="30" font-size="14">selftest-label-a</text>'
                         '<text x="30" y="34" font-size="14">selftest-label-b</text></svg>')),
    ("8 px text", "text-size", "selftest-small", ("phone",),
     lambda p: inject(p, '<p style="font-size:8px">selftest-small</p>')),
    ("24-unit svg text drawn at 9 px", "text-size", "selftest-svg-small", ("phone",),
     lambda p: inject(p, '<svg viewBox="0 0 1000 100" style="width:100%"><text x="10" y="50" font-size="24">'
                         'selftest-svg-small</text></svg>')),
    ("missing attribution sentence", "attribution", "is not rendered", ("desktop",),
     lambda p: p.replace(ATTRIBUTION_SENTENCE, "Weather data.")),
    ("closed details on paper", "print", "selftest-fold", ("desktop",),
     # Kept closed on paper whatever way the page opens its folds (CSS or a beforeprint script).
     lambda p: inject(p, '<details id="selftest-fold"><summary>selftest-fold</summary><p>folded</p></details>'
                         '<style>@media print { #selftest-fold::details-content { content-visibility: hidden '
                         '!important; } }</style><script>addEventListener("beforeprint", () => setTimeout(() => '
                         'document.getElementById("selftest-fold").open = false));</script>')),
    ("ends stacked on paper", "print", "selftest-origin", ("desktop",),
     lambda p: inject(p, '<div class="ends" style="display:block"><div class="end">selftest-origin</div>'
                         '<div class="end">selftest-destination</div></div>')),
    ("a finder that cannot start", "finder", "stays hidden", ("desktop",),
     lambda p: p.replace('data-finder="flight-index"', 'data-finder="flight-index-gone"', 1)),
    ("page padded past the limit", "print", "PAGES", ("desktop",),
     lambda p: inject(p, '<div style="height:30in"></div>', end=True)),
]


def inject(page, markup, end=False):
    if end:
        return page.replace("</body>", markup + "</body>", 1)
    match = re.search(r"<body[^>]*>", page)
    return page[:match.end()] + markup + page[match.end():] if match else markup + page


def self_test(pool, index, baseline, args):
    """Every planted fault must be reported by its check (and not already by the index as it is),
    and a clean page must pass every check."""
    with tempfile.TemporaryDirectory(prefix="fleetwx-selftest-") as work:
        report = os.path.dirname(os.path.abspath(index))
        for name in os.listdir(report):  # the copies link to the same routes and files
            if name != "index.html":
                os.symlink(os.path.join(report, name), os.path.join(work, name))
        with open(index, encoding="utf-8") as handle:
            original = handle.read()
        clean = os.path.join(work, "clean.html")
        with open(clean, "w", encoding="utf-8") as handle:
            handle.write(CLEAN_PAGE)
        jobs = [(clean, "index", None, tuple(GROUPS))]
        for number, (_, _, _, groups, plant) in enumerate(FAULTS):
            broken = os.path.join(work, f"fault-{number}.html")
            with open(broken, "w", encoding="utf-8") as handle:
                handle.write(plant(original))
            jobs.append((broken, "index", None, groups))
        passed = True
        base_findings, base_notes = baseline
        for number, (page, findings, notes) in pool.run(jobs):
            if number == 0:
                caught = not findings.failed()
                print(f"{'ok' if caught else 'FAILED'}: self-test: a clean page passes every check")
            else:
                name, check, marker, _, _ = FAULTS[number - 1]
                if marker == "PAGES":  # over the limit, and more pages than the index as it is
                    caught = any("more than --max-index-pages" in m for m in findings.messages(check)) and \
                        printed_pages(notes) > printed_pages(base_notes)
                else:
                    caught = any(marker in m for m in findings.messages(check)) and \
                        not any(marker in m for m in base_findings.messages(check))
                print(f"{'ok' if caught else 'FAILED'}: self-test: {name} is reported by the {check} check")
            if not caught:
                print(findings.report(page, notes))
            passed &= caught
    return passed


def printed_pages(notes):
    return sum(int(n) for n in re.findall(r"(\d+) \w+ pages", notes))


class Pool:
    """Pages checked side by side in a few tabs of one browser; results come back in order."""

    def __init__(self, browser, args, size):
        self.tabs = [Tab(browser) for _ in range(size)]
        self.args = args

    def run(self, jobs):
        results = [None] * len(jobs)
        ready = threading.Condition()
        cursor = iter(range(len(jobs)))
        take = threading.Lock()

        def work(tab):
            while True:
                with take:
                    number = next(cursor, None)
                if number is None:
                    return
                page, kind, shots, groups = jobs[number]
                findings = Findings()
                try:
                    notes = check_page(tab, page, kind, findings, self.args, shots, groups)
                except Exception as error:  # reported as the page's fault, never dropped
                    findings.add("load", f"the check itself failed: {error!r}", "desktop-light")
                    notes = ""
                with ready:
                    results[number] = (page, findings, notes)
                    ready.notify_all()

        threads = [threading.Thread(target=work, args=(tab,), daemon=True) for tab in self.tabs]
        for thread in threads:
            thread.start()
        for number in range(len(jobs)):
            with ready:
                while results[number] is None:
                    ready.wait()
            yield number, results[number]


# ---------------------------------------------------------------- main

def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    parser.add_argument("reports", nargs="+", metavar="REPORT_DIR", help="a report directory (e.g. Output/latest)")
    parser.add_argument("--out", default="docs/screenshots", help="where to save PNGs (default docs/screenshots)")
    parser.add_argument("--route", help="route page for the screenshots (default: the first the index links)")
    parser.add_argument("--station", help="station page for the screenshots (default: the first of the index's "
                                          "station table, worst first)")
    parser.add_argument("--max-routes", type=int, default=60, help="route pages per report, an even sample beyond")
    parser.add_argument("--max-index-pages", type=int, default=8, help="printed pages allowed for the index")
    parser.add_argument("--min-text-px", type=float, default=11.0, help="smallest text allowed at 390 px")
    parser.add_argument("--self-test", action="store_true", help="also prove that every check catches a planted fault")
    parser.add_argument("--jobs", type=int, default=2, help="pages checked at once (tabs of one browser)")
    parser.add_argument("--report-only", action="store_true", help="report, but exit 0 (for development, not CI)")
    args = parser.parse_args()
    for report in args.reports:
        if not os.path.exists(os.path.join(report, "index.html")):
            sys.exit(f"browser_check: {os.path.join(report, 'index.html')} does not exist; pass a report directory")
    os.makedirs(args.out, exist_ok=True)
    started = time.monotonic()
    browser = Browser(chromium())
    failures = 0
    checked = 0
    try:
        pool = Pool(browser, args, max(1, args.jobs))
        baseline = None
        for number, report in enumerate(args.reports):
            index = os.path.join(report, "index.html")
            route = args.route or first_route(index)
            routes, total = route_pages(report, args.max_routes)
            route_file = os.path.join(report, "routes", f"{route}.html") if route else None
            if route_file and os.path.exists(route_file) and route_file not in routes:
                routes.append(route_file)
            elif route and not os.path.exists(route_file):
                print(f"FAILED: {route_file} does not exist (--route {route})")
                failures += 1
            stations, station_total = route_pages(report, args.max_routes, "stations")
            station = args.station or first_station(index)
            station_file = os.path.join(report, "stations", f"{station}.html") if station else None
            if station_file and os.path.exists(station_file) and station_file not in stations:
                stations.append(station_file)
            elif station and not os.path.exists(station_file):
                print(f"FAILED: {station_file} does not exist (--station {station})")
                failures += 1
            print(f"== {report}: index, {len(routes)} of {total} route pages and {len(stations)} of {station_total} "
                  "station pages")
            jobs = []
            for page in [index, *routes, *stations]:
                shots = None
                if number == 0 and page in (index, route_file, station_file):
                    prefix = "index" if page == index else "route" if page == route_file else "station"
                    shots = {v: os.path.join(args.out, f"{prefix}-{s}.png") for v, s in SHOT_VARIANTS.items()}
                    if page == index:
                        shots.update({("crop", v): (MAP_SELECTOR, os.path.join(args.out, f"map-{s}.png"))
                                      for v, s in MAP_VARIANTS.items()})
                jobs.append((page, "index" if page == index else "route", shots, tuple(GROUPS)))
            for _, (page, findings, notes) in pool.run(jobs):
                print(findings.report(os.path.relpath(page), notes), flush=True)
                failures += findings.failed()
                checked += 1
                if baseline is None:
                    baseline = (findings, notes)
        if args.self_test:
            failures += not self_test(pool, os.path.join(args.reports[0], "index.html"), baseline, args)
    finally:
        browser.close()
    print(f"browser_check: {checked} pages, {failures} failing, {time.monotonic() - started:.0f} s; screenshots in {args.out}")
    sys.exit(1 if failures and not args.report_only else 0)


if __name__ == "__main__":
    main()
