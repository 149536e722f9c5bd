#!/usr/bin/python3
"""The report in a real browser:
  check_report_browser.py REPORT_DIR
  check_report_browser.py --granconv EXE --out DIR CLAIM...   (runs the claims, then `report --no-run`, then checks)

Loads REPORT_DIR/index.html and every claim page it links in Debian's headless
chromium (DevTools protocol over --remote-debugging-pipe, window 1280 px wide)
and fails unless every page loads with no console error, every link and image
resolves (local files, and #anchors on their page), no page scrolls sideways,
and the summary's filter hides the rows that do not match. Exit 77 (ctest
SKIP_RETURN_CODE) when chromium is not installed.
"""
import fcntl
import json
import os
import select
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.parse

SKIP = 77
WIDTH = 1280


class Browser:
    def __init__(self, exe, profile):
        to_child_r, self.to_child = os.pipe()
        self.from_child, from_child_w = os.pipe()
        # Moved above 4 first, so that placing them on 3 and 4 clobbers neither.
        to_child_r, from_child_w = (fcntl.fcntl(fd, fcntl.F_DUPFD, 10) for fd in (to_child_r, from_child_w))

        def pipes():  # the protocol's fds: chromium reads 3, writes 4
            os.dup2(to_child_r, 3)
            os.dup2(from_child_w, 4)

        self.proc = subprocess.Popen(
            [exe, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
             "--remote-debugging-pipe", "--user-data-dir=" + profile, f"--window-size={WIDTH},900", "about:blank"],
            preexec_fn=pipes, close_fds=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_child_r)
        os.close(from_child_w)
        self.buf, self.next_id, self.events = b"", 0, []

    def _read(self, deadline):
        while b"\0" not in self.buf:
            left = deadline - time.time()
            if left <= 0 or not select.select([self.from_child], [], [], left)[0]:
                raise TimeoutError("chromium did not answer in time")
            chunk = os.read(self.from_child, 1 << 16)
            if not chunk:
                raise RuntimeError("chromium closed the protocol pipe")
            self.buf += chunk
        msg, self.buf = self.buf.split(b"\0", 1)
        return json.loads(msg)

    def call(self, method, params=None, session=None, timeout=30):
        self.next_id += 1
        msg = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            msg["sessionId"] = session
        os.write(self.to_child, json.dumps(msg).encode() + b"\0")
        deadline = time.time() + timeout
        while True:
            m = self._read(deadline)
            if m.get("id") == self.next_id:
                if "error" in m:
                    raise RuntimeError(f"{method}: {m['error']}")
                return m.get("result", {})
            self.events.append(m)

    def wait_event(self, method, timeout=30):
        deadline = time.time() + timeout
        while True:
            for i, e in enumerate(self.events):
                if e.get("method") == method:
                    return self.events.pop(i)
            self.events.append(self._read(deadline))

    def close(self):
        try:
            self.call("Browser.close", timeout=5)
        except Exception:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def errors_in(events):
    out = []
    for e in events:
        m, p = e.get("method"), e.get("params", {})
        if m == "Runtime.exceptionThrown":
            out.append("exception: " + p["exceptionDetails"].get("text", "") + " " +
                       str(p["exceptionDetails"].get("exception", {}).get("description", "")))
        elif m == "Runtime.consoleAPICalled" and p.get("type") in ("error", "assert"):
            out.append("console.error: " + " ".join(str(a.get("value", a.get("description", ""))) for a in p["args"]))
        elif m == "Log.entryAdded" and p["entry"].get("level") == "error":
            out.append("log: " + p["entry"].get("text", "") + " " + p["entry"].get("url", ""))
    return out


# Every link and image of the page, the ids it holds, its widths and its images' states.
SURVEY = """(() => ({
  links: Array.from(document.querySelectorAll('a[href]')).map(a => a.href),
  images: Array.from(document.images).map(i => ({src: i.src, ok: i.complete && i.naturalWidth > 0})),
  ids: Array.from(document.querySelectorAll('[id]')).map(e => e.id),
  scroll: document.documentElement.scrollWidth, inner: window.innerWidth
}))()"""

# Choose each filter's second option in turn: some rows must hide, every shown row must match.
FILTER = """(() => {
  const form = document.getElementById('filter'), rows = Array.from(document.querySelectorAll('tr.claim'));
  const shown = () => rows.filter(r => !r.hidden && r.offsetParent !== null);
  const out = {total: rows.length, runs: []};
  for (const [name, attr] of [['paper', 'paper'], ['kind', 'kind'], ['status', 'status'], ['scheme', 'schemes']]) {
    const sel = form.elements[name];
    if (sel.options.length < 3) continue;
    sel.value = sel.options[1].value;
    sel.dispatchEvent(new Event('change', {bubbles: true}));
    const vis = shown();
    const match = vis.every(r => attr === 'schemes' ? r.dataset.schemes.split('|').includes(sel.value)
                                                     : r.dataset[attr] === sel.value);
    out.runs.push({name: name, value: sel.value, shown: vis.length, match: match,
                   counter: document.getElementById('shown').textContent});
    sel.value = '';
    sel.dispatchEvent(new Event('change', {bubbles: true}));
  }
  out.after = shown().length;
  return out;
})()"""


def visit(b, session, url):
    b.events.clear()
    b.call("Page.navigate", {"url": url}, session)
    b.wait_event("Page.loadEventFired", timeout=60)
    time.sleep(0.3)  # late console messages
    return b.call("Runtime.evaluate", {"expression": SURVEY, "returnByValue": True}, session)["result"]["value"]


def check_page(url, survey, events, problems):
    page = urllib.parse.urlsplit(url).path
    for e in errors_in(events):
        problems.append(f"{page}: {e}")
    if survey["scroll"] > survey["inner"]:
        problems.append(f"{page}: scrolls sideways ({survey['scroll']} px wide in a {survey['inner']} px window)")
    for img in survey["images"]:
        if not img["ok"]:
            problems.append(f"{page}: image does not load: {img['src']}")
    for link in survey["links"]:
        u = urllib.parse.urlsplit(link)
        if u.scheme != "file":
            problems.append(f"{page}: link leaves the report's files: {link}")
            continue
        target = urllib.parse.unquote(u.path)
        if not os.path.exists(target):
            problems.append(f"{page}: broken link: {link}")
        elif u.fragment and target == page and u.fragment not in survey["ids"]:
            problems.append(f"{page}: link to a missing anchor: #{u.fragment}")


def build_report(args):
    """--granconv EXE --out DIR CLAIM...: a small report of a few claims (the rest show as not run)."""
    if len(args) < 5 or args[0] != "--granconv" or args[2] != "--out":
        raise SystemExit(__doc__)
    exe, out, claims = args[1], args[3], args[4:]
    shutil.rmtree(out, ignore_errors=True)
    for cmd in ([exe, "run", *claims, "--out", out, "--jobs", "2"], [exe, "report", "--no-run", "--out", out]):
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
        if r.returncode != 0:
            raise SystemExit(f"{' '.join(cmd)} failed ({r.returncode}): {r.stderr.strip()}")
    return os.path.join(out, "report")


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    exe = shutil.which("chromium") or shutil.which("chromium-browser")
    if not exe:
        print("SKIP: chromium is not installed (Debian: apt-get install chromium); the report's browser test needs it")
        return SKIP
    report = sys.argv[1] if len(sys.argv) == 2 else build_report(sys.argv[1:])
    index = os.path.realpath(os.path.join(report, "index.html"))
    if not os.path.isfile(index):
        print(f"no report at {index}")
        return 1
    problems = []
    with tempfile.TemporaryDirectory(prefix="granconv-chromium-") as profile:
        b = Browser(exe, profile)
        try:
            target = b.call("Target.createTarget", {"url": "about:blank"})["targetId"]
            session = b.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
            for domain in ("Page", "Runtime", "Log"):
                b.call(domain + ".enable", session=session)
            url = "file://" + urllib.parse.quote(index)
            survey = visit(b, session, url)
            check_page(url, survey, b.events, problems)
            f = b.call("Runtime.evaluate", {"expression": FILTER, "returnByValue": True}, session)["result"]["value"]
            if not f["runs"]:
                problems.append("index.html: the filter has no select with two or more choices")
            for run in f["runs"]:
                print(f"filter {run['name']} = {run['value']!r}: {run['shown']} of {f['total']} rows shown")
                if not 0 < run["shown"] < f["total"] and run["name"] in ("paper", "kind"):
                    problems.append(f"filter {run['name']} = {run['value']!r} hid no row or every row")
                if not run["match"] or run["counter"] != str(run["shown"]):
                    problems.append(f"filter {run['name']} = {run['value']!r}: shown rows do not match it")
            if f["after"] != f["total"]:
                problems.append(f"filter: clearing it shows {f['after']} of {f['total']} rows")
            pages = sorted({l.split("#")[0] for l in survey["links"] if "/claims/" in l})
            for page in pages:
                check_page(page, visit(b, session, page), b.events, problems)
            print(f"{1 + len(pages)} pages loaded, {len(survey['images'])} images on the summary")
        finally:
            b.close()
    for p in problems:
        print("FAIL:", p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
