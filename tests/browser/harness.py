"""Helpers for the real-browser tests (the fixtures are in conftest.py).

    from tests.browser.harness import goto, wait_ready, axe, allow_console_errors, runtime_call

``goto(page, path)``            open a page of the served site ("rules/cards/")
``presave(page, entries)``      localStorage entries set before the first practice page
``wait_ready(page, selector)``  wait for data-ready="true" on every matching widget root
``axe(page)``                   axe-core's serious and critical violations on the page
``allow_console_errors(page, pattern, ...)``  errors the test expects (e.g. a 404)
``runtime_call(page, method, payload)``       ask the page's card engine directly
``replace_file(path, data)``    change a file of a ``site_copy`` safely
``hold_requests(page, glob)``   hold requests back (the page's and the service worker's); ``first_held`` waits
                                for one, ``continue_()`` lets them all go
``EngineGate(page)``             Pyodide's files held back until ``open()``
"""

from __future__ import annotations

import contextlib
import gzip
import io
import os
import re
import shutil
import socket
import subprocess
import sys
import threading
import time
import traceback
import weakref
from dataclasses import dataclass
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar

from euchre_rooms.sitefiles import preferred_encodings

ROOT = Path(__file__).resolve().parents[2]
SUBPATH = "/learn-euchre/"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
"""Chromium's flags wherever this project drives it (the tests and ``make bench``)."""
TEST_CHROMIUM_ARGS = [*CHROMIUM_ARGS, "--js-flags=--liftoff-only"]
"""The tests' Chromium: wasm compiled by V8's baseline compiler only. Each test starts the
engine in a fresh profile and closes it seconds later, so the optimizing compiler's work on
Pyodide's hot functions (about 1.7 s of CPU an engine start here) was never paid back: the
browser tests took 15 to 20% more CPU on a machine they keep busy. The code's behaviour
is the same under either compiler; ``make bench`` keeps Chromium's defaults."""
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
READY_TIMEOUT_MS = 90_000
MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".wasm": "application/wasm",
    ".gz": "application/gzip",  # served as the bytes they are: no Content-Encoding
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".svg": "image/svg+xml",
    ".xml": "application/xml",
    ".woff2": "font/woff2",
}


# ------------------------------------------------------------------ the site and its server


def build_site(target: Path, site_url: str) -> None:
    """Build the runtime (when missing) and the site with the default rules, for the
    address ``site_url`` (mkdocs.yml's site_url), exactly as ``make site`` would."""
    env = {k: v for k, v in os.environ.items() if k != "EUCHRE_RULES"}
    env["SITE_URL"] = site_url
    if not (ROOT / "docs" / "runtime" / "manifest.json").exists():
        subprocess.run([sys.executable, "scripts/build_runtime.py"], cwd=ROOT, env=env, check=True)
    subprocess.run(
        [sys.executable, "scripts/build_site.py", "--out", str(target)],
        cwd=ROOT,
        env=env,
        check=True,
        stdout=subprocess.DEVNULL,
    )


# Types a compressing host gzips on the fly (as Netlify, Cloudflare, nginx with gzip_types).
COMPRESSIBLE = ("text/", "application/json", "application/xml", "image/svg+xml", "application/wasm")
SIBLING_ENDINGS = {"br": ".br", "gzip": ".gz"}


class _Handler(SimpleHTTPRequestHandler):
    """Static files under SUBPATH only, with the MIME types the runtime needs, served
    exactly as they are on disk, revalidated on every use (``no-cache``)."""

    protocol_version = "HTTP/1.1"
    extensions_map: ClassVar[dict[str, str]] = {
        **SimpleHTTPRequestHandler.extensions_map,
        **MIME_TYPES,
    }
    cache_control = "no-cache"

    def translate_path(self, path: str) -> str:
        clean = path.split("?", 1)[0].split("#", 1)[0]
        if not clean.startswith(SUBPATH):
            return str(Path(self.directory) / "__outside_the_site__")
        return super().translate_path("/" + clean[len(SUBPATH) :])

    def end_headers(self) -> None:
        self.send_header("Cache-Control", self.cache_control)
        super().end_headers()

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """A missing page gets the site's own 404.html, as static hosts serve it."""
        page = Path(self.directory) / "404.html"
        if code != 404 or not page.is_file() or self.command != "GET":
            super().send_error(code, message, explain)
            return
        body = page.read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        server = self.server
        if isinstance(server, _Server):
            server.record(self.path, int(code) if str(code).isdigit() else 0)

    def log_message(self, format: str, *args: Any) -> None:
        pass


class _CompressingHandler(_Handler):
    """A host as real ones are (nginx with ``brotli_static`` and ``gzip_static``, Caddy's
    ``precompressed``): the densest precompressed sibling the browser accepts, of the
    ``encodings`` this host knows, sent with Content-Encoding; else gzip on the fly for
    compressible types; max-age caching. A folder's address is its ``index.html``."""

    cache_control = "max-age=3600"
    encodings: ClassVar[tuple[str, ...]] = ("br", "gzip")
    _gzipped: ClassVar[dict[tuple[str, float], bytes]] = {}

    def send_head(self) -> Any:
        path = Path(self.translate_path(self.path))
        if path.is_dir() and self.path.split("?", 1)[0].endswith("/"):
            path = path / "index.html"
        if not path.is_file() or path.name.endswith((".br", ".gz")):
            return super().send_head()
        accepted = preferred_encodings(self.headers.get("Accept-Encoding", ""))
        encoding, body = self._encoded(path, [e for e in accepted if e in self.encodings])
        if encoding is None:
            return super().send_head()
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", encoding)
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)

    def _encoded(self, path: Path, accepted: list[str]) -> tuple[str | None, bytes]:
        """The first of ``accepted`` this file has a form in, and that form's bytes."""
        for encoding in accepted:
            sibling = path.with_name(path.name + SIBLING_ENDINGS[encoding])
            if sibling.is_file():
                return encoding, sibling.read_bytes()
            if encoding == "gzip" and self.guess_type(str(path)).startswith(COMPRESSIBLE):
                key = (str(path), path.stat().st_mtime)
                if key not in self._gzipped:
                    self._gzipped[key] = gzip.compress(path.read_bytes(), compresslevel=6)
                return encoding, self._gzipped[key]
        return None, b""


class _GzipOnlyHandler(_CompressingHandler):
    """A host that knows no brotli (GitHub Pages, nginx with ``gzip_static`` only): the
    ``.gz`` sibling, else gzip on the fly."""

    encodings: ClassVar[tuple[str, ...]] = ("gzip",)


HOSTS: dict[str, type[_Handler]] = {
    "brotli": _CompressingHandler,
    "gzip": _GzipOnlyHandler,
    "none": _Handler,
}
"""The kinds of static host, by what they compress: ``SiteServer(site, host="gzip")``."""


class StaticServer(ThreadingHTTPServer):
    """A threaded HTTP server for tests, on daemon threads, that takes a browser dropping
    a connection in its stride."""

    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A browser that drops a connection (a page closed mid-request) is no error of the
        site's; anything else is written whole, with its traceback, to the real standard
        error (the test's own capture would hold back the traceback and keep the header)."""
        error = sys.exc_info()[1]
        if isinstance(error, ConnectionError):
            return
        report = "".join(traceback.format_exception(error)) if error else "(no exception)\n"
        sys.__stderr__.write(f"Site server: a request from {client_address} failed:\n{report}")


class _Server(StaticServer):
    """The site's server, with the log of the requests it answered: (path, status), and
    the moment (``time.time()``) each was answered."""

    def __init__(self, address: tuple[str, int], handler: Any) -> None:
        super().__init__(address, handler)
        self.lock = threading.Lock()
        self.requests: list[tuple[str, int]] = []
        self.moments: list[float] = []
        self.connections: set[socket.socket] = set()

    def get_request(self) -> tuple[socket.socket, Any]:
        connection, address = super().get_request()
        with self.lock:
            self.connections.add(connection)
        return connection, address

    def shutdown_request(self, request: Any) -> None:
        with self.lock:
            self.connections.discard(request)
        super().shutdown_request(request)

    def hang_up(self) -> None:
        """Close every open connection: a browser's kept-alive connections would otherwise
        still be answered after the server stops listening."""
        with self.lock:
            open_now = list(self.connections)
        for connection in open_now:
            with contextlib.suppress(OSError):  # already closed by the browser
                connection.shutdown(socket.SHUT_RDWR)

    def record(self, path: str, status: int) -> None:
        with self.lock:
            self.requests.append((path, status))
            self.moments.append(time.time())


class SiteServer:
    """A threaded static server of one folder at http://127.0.0.1:<port>/learn-euchre/.

    ``compress=True`` serves it as a compressing host does (``_CompressingHandler``: the
    brotli and gzip siblings); ``host`` names the kind of host (``HOSTS``: "brotli",
    "gzip", "none"). ``requests()`` returns the (path, status) of every request answered
    so far.
    """

    def __init__(
        self,
        directory: Path,
        handler_class: type[_Handler] | None = None,
        compress: bool = False,
        host: str | None = None,
    ) -> None:
        self.directory = directory
        kind = host or ("brotli" if compress else "none")
        chosen = handler_class or HOSTS[kind]
        handler = partial(chosen, directory=str(directory))
        self.httpd = _Server(("127.0.0.1", 0), handler)
        self.port = self.httpd.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}{SUBPATH}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()
        self.running = True

    def requests(self) -> list[tuple[str, int]]:
        with self.httpd.lock:
            return list(self.httpd.requests)

    def timed_requests(self) -> list[tuple[float, str, int]]:
        """(moment, path, status) of every request answered so far, ``time.time()``."""
        with self.httpd.lock:
            return [
                (t, p, s) for t, (p, s) in zip(self.httpd.moments, self.httpd.requests, strict=True)
            ]

    def stop(self) -> None:
        """Stop serving (an offline test stops it mid-test); safe to call twice."""
        if self.running:
            self.running = False
            self.httpd.shutdown()
            self.httpd.server_close()
            self.httpd.hang_up()
            self.thread.join(timeout=5)


def link_or_copy(source: str, target: str) -> None:
    try:
        os.link(source, target)
    except OSError:
        shutil.copy2(source, target)


def replace_file(path: Path, data: bytes | str) -> None:
    """Replace a (possibly hard-linked) file of a site copy: never write one in place."""
    path.unlink(missing_ok=True)
    if isinstance(data, str):
        path.write_text(data)
    else:
        path.write_bytes(data)


# ------------------------------------------------------------------ console watching


class ConsoleWatch:
    """Console errors and page errors of one context, minus the allowed patterns."""

    def __init__(self) -> None:
        self.errors: list[str] = []
        self.allowed: list[re.Pattern[str]] = []

    def on_console(self, message: Any) -> None:
        if message.type == "error":
            location = message.location or {}
            self.errors.append(f"console error: {message.text} ({location.get('url', '')})")

    def on_page_error(self, error: Any) -> None:
        self.errors.append(f"page error: {error}")

    def unexpected(self) -> list[str]:
        return [e for e in self.errors if not any(p.search(e) for p in self.allowed)]


@dataclass(frozen=True)
class PageFacts:
    """What the tests know of a page they opened: its console watch and its site server."""

    console: ConsoleWatch
    server: SiteServer


_OPENED: weakref.WeakKeyDictionary[Any, PageFacts] = weakref.WeakKeyDictionary()


def register_page(page: Any, console: ConsoleWatch, server: SiteServer) -> None:
    """Remember ``page``'s console watch and server (``new_page`` does, for every page)."""
    _OPENED[page] = PageFacts(console, server)


def another_tab(page: Any) -> Any:
    """A second tab beside ``page``: the same browser profile (its storage, its service
    worker), watched for errors as ``page`` is."""
    facts = _OPENED[page]
    tab = page.context.new_page()
    tab.on("pageerror", facts.console.on_page_error)
    register_page(tab, facts.console, facts.server)
    return tab


def page_server(page: Any) -> SiteServer:
    """The site server ``page`` was opened on."""
    return _OPENED[page].server


def allow_console_errors(page: Any, *patterns: str) -> None:
    """Let console errors matching these regular expressions pass (e.g. an expected 404)."""
    _OPENED[page].console.allowed.extend(re.compile(p) for p in patterns)


def go_offline(page: Any, server: SiteServer) -> None:
    """Stop ``server``, open connections included: the page is offline. The engine's look
    for a newer build then fails, and the browser logs that failure."""
    server.stop()
    allow_console_errors(page, r"Failed to load resource: net::ERR_CONNECTION_REFUSED")


def console_errors(page: Any) -> list[str]:
    """The console and page errors seen so far that are not allowed."""
    return _OPENED[page].console.unexpected()


# ------------------------------------------------------------------ page helpers


def goto(page: Any, path: str = "", **options: Any) -> Any:
    """Open ``path`` relative to the served site's root (``"rules/cards/"``)."""
    options.setdefault("wait_until", "load")
    return page.goto(path.lstrip("/"), **options)


# Material's instant navigation follows a link in the page only once it has read the
# site's sitemap.xml (the pages it may fetch); a click before then loads the page whole.
_SITEMAP_READ = """() => performance.getEntriesByType("resource")
  .some((entry) => new URL(entry.name).pathname.endsWith("/sitemap.xml"))"""


def wait_for_instant_navigation(page: Any) -> None:
    """Wait until the page has read sitemap.xml, so that a link followed next is followed
    in the same document (a test that asserts no reload clicks only after this)."""
    page.wait_for_function(_SITEMAP_READ)
    # the response is parsed in the task after it arrives: let that task run first
    page.evaluate("() => new Promise((done) => setTimeout(done, 100))")


def presave(page: Any, entries: dict[str, Any]) -> None:
    """Put ``entries`` (key -> JSON value) into the site's localStorage before the page's
    first visit to a practice page, as a reader's earlier visit would have: from a page of
    the site that starts no card engine (About), so the test pays one engine start, not two
    (a page load and a reload)."""
    goto(page, "about/")
    page.evaluate(
        "(entries) => { for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, JSON.stringify(v)); }",
        entries,
    )


def wait_ready(
    page: Any, selector: str = "[data-widget]", timeout: float = READY_TIMEOUT_MS
) -> None:
    """Wait until every element matching ``selector`` has data-ready="true".

    Fails at once, with the widget's text, when one says data-ready="failed".
    """
    page.wait_for_selector(selector, state="attached", timeout=timeout)
    handle = page.wait_for_function(
        """(selector) => {
            const roots = [...document.querySelectorAll(selector)];
            const failed = roots.find((root) => root.dataset.ready === "failed");
            if (failed) return {failed: failed.textContent.trim().slice(-300)};
            return roots.length > 0 && roots.every((root) => root.dataset.ready === "true");
        }""",
        arg=selector,
        timeout=timeout,
        polling=100,
    )
    result = handle.json_value()
    if isinstance(result, dict) and "failed" in result:
        raise AssertionError(f"{selector} failed to start: {result['failed']}")


def wait_lesson_outcome(page: Any, outcome: str = "done", timeout: float = 20_000) -> None:
    """Wait until the lesson's step has ``outcome`` ("open", "done", "missed") and its
    answer is fully drawn (the widget is no longer busy with it)."""
    page.wait_for_function(
        """(o) => {
            const root = document.querySelector('[data-widget=lesson]');
            return root.dataset.outcome === o && root.dataset.busy !== 'true';
        }""",
        arg=outcome,
        timeout=timeout,
    )


# ------------------------------------------------------------------ free play


def wait_turn_or_review(page: Any, tapping: bool = True) -> None:
    """Wait for the learner's turn, the hand review or the end of the game. ``tapping``: as
    an impatient learner does, tap the table (not a control) while the computer players
    move, which ends each pause and animation at once (the "hurry" setting). The turn may
    wait for an engine's start (a restored game the engine had taken over), so this waits
    as long as ``wait_ready`` does."""
    try:
        page.wait_for_function(
            """(tapping) => { const r = document.querySelector('[data-widget=game]');
                const waiting = r.dataset.yourTurn !== 'true' && r.dataset.review !== 'open' && r.dataset.gameOver !== 'true';
                if (waiting && tapping) r.querySelector('.eu-game').dispatchEvent(new PointerEvent('pointerdown', {bubbles: true}));
                return !waiting; }""",
            arg=tapping,
            timeout=READY_TIMEOUT_MS,
        )
    except Exception as error:
        raise AssertionError(f"free play never came to the learner: {game_state(page)}") from error


# What free play and its engine were doing, for a test's failure message.
_GAME_STATE = """() => {
    const root = document.querySelector('[data-widget=game]');
    const engine = window.__euchreRuntime;
    return {
        widget: root ? {...root.dataset} : null,
        message: root?.querySelector('[data-region=message]')?.innerText ?? null,
        panel: root?.querySelector('[data-region=panel]')?.innerText.slice(0, 300) ?? null,
        engine: engine ? {state: engine.state, message: engine.message, pending: engine.pending.size,
                          boot: engine.info?.boot ?? null} : null,
        saved: localStorage.getItem('euchre.game'),
    };
}"""


def game_state(page: Any) -> str:
    """Free play's data attributes, message and panel, the engine's state and the saved game,
    as one line (what a failed wait reports)."""
    try:
        return str(page.evaluate(_GAME_STATE))
    except Exception as error:  # the page itself is gone or hung
        return f"(the page could not be read: {error})"


def wait_for_my_decision(page: Any, root: Any) -> None:
    """Wait for the learner's turn, closing any hand review on the way: a deal can end
    without the learner (their partner went alone), and then the review comes first."""
    for _ in range(10):
        wait_turn_or_review(page)
        if root.get_attribute("data-review") != "open":
            return
        root.locator("[data-review-continue]").click()
        page.wait_for_function(
            "() => document.querySelector('[data-widget=game]').dataset.review !== 'open'"
        )
    raise AssertionError("ten deals in a row ended without the learner's turn")


class HeldRequests:
    """Every request of a page's context matching a glob, held back until ``continue_()``
    lets them all go, and every later one through. All of them: the page's own request
    and the service worker's for the same file (its precache fetches the whole site while
    it installs) may come in either order, and a test that let only the first go could
    leave the page's waiting for ever (a clean-clone CI run waited 90 s for free play's
    script that way)."""

    def __init__(self, page: Any, pattern: str) -> None:
        self.routes: list[Any] = []
        self.released = False
        page.context.route(pattern, self._hold)

    def _hold(self, route: Any) -> None:
        if self.released:
            route.continue_()
        else:
            self.routes.append(route)

    def __len__(self) -> int:
        return len(self.routes)

    def continue_(self) -> None:
        """Let every held request go, and every later one through."""
        self.released = True
        for route in self.routes:
            route.continue_()


def hold_requests(page: Any, pattern: str) -> HeldRequests:
    """Hold back every request of the page's context matching ``pattern`` (a glob), until
    the test lets them go (``first_held(...).continue_()``)."""
    return HeldRequests(page, pattern)


class EngineGate(HeldRequests):
    """Pyodide's files held back until ``open()``: the engine starts only then."""

    def __init__(self, page: Any) -> None:
        super().__init__(page, "**/runtime/pyodide/**")

    def open(self) -> None:
        """Let the engine's files come."""
        self.continue_()


def first_held(page: Any, held: HeldRequests, timeout_ms: float = 10_000) -> HeldRequests:
    """``held``, once the page has asked for what it holds back (a request is held):
    ``continue_()`` lets it go."""
    waited = 0.0
    while not held and waited < timeout_ms:
        page.wait_for_timeout(50)
        waited += 50
    assert held, "the held request was never made"
    return held


def axe(page: Any, options: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """Run axe-core on the page; return its serious and critical violations."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE))
    # Colours are judged at rest: a fade still running would be measured half-way.
    page.evaluate(
        """() => Promise.race([
            Promise.all(document.getAnimations()
                .filter((a) => a.effect && a.effect.getComputedTiming().endTime !== Infinity)
                .map((a) => a.finished.catch(() => null))),
            new Promise((resolve) => setTimeout(resolve, 3000)),
        ])"""
    )
    result = page.evaluate(
        "async (options) => await axe.run(document, options)",
        options or {"resultTypes": ["violations"]},
    )
    return [v for v in result["violations"] if v.get("impact") in ("serious", "critical")]


def axe_in_light_and_dark(page: Any) -> list[str]:
    """The serious and critical axe violations of the page as it is now, in the light
    scheme and in the dark one (described; empty when there are none); left light."""
    found = []
    for name, scheme in (("light", "default"), ("dark", "slate")):
        page.evaluate("(s) => document.body.setAttribute('data-md-color-scheme', s)", scheme)
        found += [
            f"{name}: {v['id']}: {v['help']} at "
            + "; ".join(
                f"{n.get('target')} {n.get('failureSummary', '')}" for n in v.get("nodes", [])[:4]
            )
            for v in axe(page)
        ]
    page.evaluate("() => document.body.setAttribute('data-md-color-scheme', 'default')")
    return found


def site_url(page: Any, path: str = "") -> str:
    """The absolute URL of ``path`` on the page's server."""
    return f"{page_server(page).url}{path.lstrip('/')}"


def runtime_call(page: Any, method: str, payload: Any = None) -> Any:
    """Ask the page's card engine (runtime.js: getRuntime().call) and return the value."""
    return page.evaluate(
        """async ([url, method, payload]) => {
            const { getRuntime } = await import(url);
            const runtime = await getRuntime();
            return runtime.call(method, payload);
        }""",
        [site_url(page, "assets/euchre/runtime.js"), method, payload],
    )
