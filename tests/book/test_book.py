"""End-to-end test of the course web site (book/).

1. Builds the Jupyter Book (``jupyter-book build --all book/`` with
   ``ECEDU_SHORT=1``), or reuses ``book/_build/html`` when ``ECEDU_BOOK_BUILT=1``.
2. Serves the site from 127.0.0.1 with ``http.server``.
3. Opens the pages in headless Chromium, driven through the Chrome DevTools
   protocol (CDP) over a websocket (``websocket-client``), and checks that:
   figures load (``naturalWidth > 0``), math is typeset by MathJax
   (``mjx-container`` elements, no ``mjx-merror``), no notebook cell shows an
   error, no JavaScript exception is thrown, and every request the page makes
   goes to 127.0.0.1 and succeeds (the site works offline).
4. Saves screenshots to ``book/_build/screenshots/``.

Chromium is Debian's ``chromium`` package (``apt-get install -y chromium``), or
the binary named by ``ECEDU_CHROMIUM``.  Without it the browser tests are
skipped, except under ``CI`` where they fail.
"""

from __future__ import annotations

import base64
import functools
import http.server
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BOOK = ROOT / "book"
HTML = BOOK / "_build" / "html"
SHOTS = BOOK / "_build" / "screenshots"

pytestmark = pytest.mark.slow

CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--no-default-browser-check",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-extensions",
    "--disable-dev-shm-usage",
    "--mute-audio",
    "--hide-scrollbars",
    "--window-size=1280,1400",
]


# --------------------------------------------------------------------------
# fixtures: build, serve, browser
# --------------------------------------------------------------------------


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, fmt, *args):  # keep pytest output clean
        pass


@pytest.fixture(scope="session")
def server(site):
    handler = functools.partial(_QuietHandler, directory=str(site))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


def _find_chromium() -> str | None:
    override = os.environ.get("ECEDU_CHROMIUM")  # explicit browser binary
    if override:
        return override if os.access(override, os.X_OK) else None
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        path = shutil.which(name)
        if path:
            return path
    return None


class CDP:
    """A minimal Chrome DevTools protocol client for one page target."""

    def __init__(self, ws_url: str):
        import websocket  # websocket-client

        self.ws = websocket.create_connection(ws_url, timeout=60, suppress_origin=True)
        self.next_id = 0
        self.events: list[dict] = []

    def send(self, method: str, params: dict | None = None, timeout: float = 60) -> dict:
        self.next_id += 1
        my_id = self.next_id
        self.ws.send(json.dumps({"id": my_id, "method": method, "params": params or {}}))
        deadline = time.time() + timeout
        while time.time() < deadline:
            msg = json.loads(self.ws.recv())
            if msg.get("id") == my_id:
                if "error" in msg:
                    raise RuntimeError(f"{method}: {msg['error']}")
                return msg.get("result", {})
            if "method" in msg:
                self.events.append(msg)
        raise TimeoutError(method)

    def pump(self, seconds: float) -> None:
        """Collect events for a while."""
        end = time.time() + seconds
        self.ws.settimeout(0.2)
        try:
            while time.time() < end:
                try:
                    msg = json.loads(self.ws.recv())
                except Exception:  # websocket timeout
                    continue
                if "method" in msg:
                    self.events.append(msg)
        finally:
            self.ws.settimeout(60)

    def eval(self, expression: str, await_promise: bool = False):
        res = self.send(
            "Runtime.evaluate",
            {"expression": expression, "returnByValue": True, "awaitPromise": await_promise},
        )
        if "exceptionDetails" in res:
            raise RuntimeError(f"JS error in {expression!r}: {res['exceptionDetails']}")
        return res.get("result", {}).get("value")

    def close(self):
        try:
            self.ws.close()
        except Exception:
            pass


@pytest.fixture(scope="session")
def browser():
    exe = _find_chromium()
    if exe is None:
        msg = "chromium is not installed (Debian: apt-get install -y chromium)"
        if os.environ.get("CI", "").lower() not in ("", "0", "false", "no"):
            pytest.fail(msg + " -- required under CI")
        pytest.skip(msg)
    profile = tempfile.mkdtemp(prefix="ecedu-chromium-")
    proc = subprocess.Popen(
        [
            exe,
            *CHROMIUM_FLAGS,
            f"--user-data-dir={profile}",
            "--remote-debugging-address=127.0.0.1",
            "--remote-debugging-port=0",
            "about:blank",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        port_file = Path(profile) / "DevToolsActivePort"
        deadline = time.time() + 60
        while not (port_file.is_file() and port_file.read_text().strip()):
            if proc.poll() is not None:
                pytest.fail(f"chromium exited with code {proc.returncode} at start-up")
            if time.time() > deadline:
                pytest.fail("chromium did not open its DevTools port within 60 s")
            time.sleep(0.1)
        port = int(port_file.read_text().split()[0])
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=30) as r:
            targets = json.load(r)
        page = next(t for t in targets if t.get("type") == "page")
        cdp = CDP(page["webSocketDebuggerUrl"])
        cdp.send("Page.enable")
        cdp.send("Network.enable")
        cdp.send("Runtime.enable")
        cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
        cdp.send(
            "Emulation.setDeviceMetricsOverride",
            {"width": 1280, "height": 1400, "deviceScaleFactor": 1, "mobile": False},
        )
        yield cdp
        cdp.close()
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
        shutil.rmtree(profile, ignore_errors=True)


# --------------------------------------------------------------------------
# page loading and checks
# --------------------------------------------------------------------------


def load(cdp: CDP, url: str) -> dict:
    """Navigate, wait for load + MathJax + quiet network; return what the page did."""
    cdp.events.clear()
    cdp.send("Page.navigate", {"url": url})
    deadline = time.time() + 60
    while time.time() < deadline and not any(e["method"] == "Page.loadEventFired" for e in cdp.events):
        cdp.pump(0.2)
    # wait for MathJax to finish typesetting (if the page loads it)
    cdp.eval(
        """(async () => {
        for (let i = 0; i < 100 && !(window.MathJax && MathJax.startup && MathJax.startup.promise); i++)
            await new Promise(r => setTimeout(r, 100));
        if (window.MathJax && MathJax.startup && MathJax.startup.promise) await MathJax.startup.promise;
        return true; })()""",
        await_promise=True,
    )
    cdp.pump(1.0)  # late requests (fonts, lazy components)
    requests, finished, failed, status = {}, set(), {}, {}
    exceptions = []
    for e in cdp.events:
        m, p = e["method"], e.get("params", {})
        if m == "Network.requestWillBeSent":
            requests[p["requestId"]] = p["request"]["url"]
        elif m == "Network.responseReceived":
            status[p["requestId"]] = p["response"]["status"]
        elif m == "Network.loadingFinished":
            finished.add(p["requestId"])
        elif m == "Network.loadingFailed":
            failed[p["requestId"]] = p.get("errorText", "failed")
        elif m == "Runtime.exceptionThrown":
            d = p.get("exceptionDetails", {})
            exceptions.append(d.get("exception", {}).get("description") or d.get("text"))
    info = cdp.eval("""(() => ({
        url: location.href,
        title: document.title,
        images: Array.from(document.images).map(
            i => ({src: i.currentSrc || i.src, complete: i.complete, w: i.naturalWidth})),
        mjx: document.querySelectorAll('mjx-container').length,
        merror: document.querySelectorAll('mjx-merror').length,
        errorCells: document.querySelectorAll(
            '.output.error, .output_error, div.traceback, .output.traceback').length,
        stderr: Array.from(document.querySelectorAll('.output.stderr, .output_stderr'))
            .map(e => e.innerText.slice(0, 300)),
        text: document.body ? document.body.innerText : ''
    }))()""")
    info["requests"] = requests
    info["failed"] = {requests.get(k, k): v for k, v in failed.items()}
    info["bad_status"] = {requests.get(k, k): s for k, s in status.items() if s >= 400}
    info["exceptions"] = exceptions
    return info


def screenshot(cdp: CDP, name: str) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    data = cdp.send("Page.captureScreenshot", {"format": "png"})["data"]
    path = SHOTS / name
    path.write_bytes(base64.b64decode(data))
    return path


def check_page(info: dict, server: str, *, need_math: bool = False, need_images: bool = False) -> list[str]:
    problems = []
    for url in info["requests"].values():
        if url.startswith(("data:", "blob:", "about:")):
            continue
        if not url.startswith(server + "/"):
            problems.append(f"request outside the local site: {url}")
    for url, err in info["failed"].items():
        problems.append(f"failed request: {url} ({err})")
    for url, code in info["bad_status"].items():
        problems.append(f"HTTP {code}: {url}")
    for img in info["images"]:
        if not img["complete"] or img["w"] <= 0:
            problems.append(f"image not loaded: {img['src'][:120]}")
    if need_images and not info["images"]:
        problems.append("no figure on the page")
    if need_math and info["mjx"] == 0:
        problems.append("no MathJax output (mjx-container) on a page with math")
    if info["merror"]:
        problems.append(f"{info['merror']} MathJax error(s)")
    if info["errorCells"]:
        problems.append(f"{info['errorCells']} error output cell(s)")
    if "Traceback (most recent call last)" in info["text"]:
        problems.append("a Python traceback is shown on the page")
    for block in info["stderr"]:
        if re.search(r"Traceback|Error\b|Exception\b", block):
            problems.append(f"stderr output with an error: {block[:200]!r}")
    for exc in info["exceptions"]:
        problems.append(f"JavaScript exception: {str(exc)[:200]}")
    return [f"{info['url']}: {p}" for p in problems]


# --------------------------------------------------------------------------
# tests
# --------------------------------------------------------------------------


def _external_resources(html_dir: Path) -> list[str]:
    sys.path.insert(0, str(BOOK / "_ext"))
    try:
        from ecedu_book import external_resources
    finally:
        sys.path.pop(0)
    return [f"{p}: {u}" for p, u in external_resources(html_dir)]


def test_site_has_no_external_resources(site):
    bad = _external_resources(site)
    assert not bad, "the site must work offline; external resources:\n" + "\n".join(bad[:30])
    assert (site / "_static" / "mathjax" / "tex-mml-chtml.js").is_file(), "MathJax is not served locally"


def test_chapters_were_executed_without_errors(site):
    pages = sorted((site / "notebooks").glob("*.html"))
    assert pages, "no chapter pages in the site"
    problems = []
    for page in pages:
        text = page.read_text(encoding="utf-8", errors="replace")
        if "Traceback (most recent call last)" in text or 'class="output traceback' in text:
            problems.append(f"{page.name}: shows a traceback")
        if page.name.startswith(("00_", "09_", "10_")) and "cell_output" not in text:
            problems.append(f"{page.name}: no executed output at all")
    assert not problems, "\n".join(problems)


def test_front_page_renders(server, browser):
    info = load(browser, server + "/intro.html")
    shot = screenshot(browser, "front_page.png")
    assert shot.stat().st_size > 10_000
    assert "ecedu" in info["title"].lower() or "ecedu" in info["text"].lower()
    problems = check_page(info, server, need_math=True)
    assert not problems, "\n".join(problems)


def test_chapters_render(site, server, browser):
    pages = sorted((site / "notebooks").glob("*.html"))
    assert pages, "no chapter pages"
    problems = []
    shot_taken = False
    for page in pages:
        rel = page.relative_to(site).as_posix()
        info = load(browser, f"{server}/{rel}")
        problems += check_page(info, server, need_images=page.name.startswith(("00_", "09_", "10_")))
        if page.name.startswith("09_"):
            problems += [p for p in check_page(info, server, need_math=True) if "MathJax" in p]
            screenshot(browser, "chapter_09.png")
            shot_taken = True
    if not shot_taken:
        load(browser, f"{server}/{pages[0].relative_to(site).as_posix()}")
        screenshot(browser, "chapter.png")
    assert not problems, "\n".join(problems)


def test_api_reference_renders(server, browser):
    info = load(browser, server + "/api.html")
    problems = check_page(info, server)
    assert not problems, "\n".join(problems)
    # entries autodoc wrote from the docstrings (the page's own headings and the site's navigation
    # say "ecedu" too): one per part of the page
    for entry in ("get_curve", "BinaryField", "shared_secret", "montgomery_ladder", "force_implementation"):
        assert entry in info["text"], entry
