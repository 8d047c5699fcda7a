"""Hosted anywhere: the site built for an address (SITE_URL) and served as built from a
sub-folder has a sitemap of that address, keeps one engine worker across Material's
instant navigation, and answers a missing page with its own styled 404 page whose links
work at any depth. The harness builds the site for its own server's address.

What a host sends: every compressible file has brotli and gzip siblings that decode to
its bytes (in Python and Node, and in Chromium from a brotli host and a gzip-only one);
and a first visit asks for nothing before it is needed: the engine's large files once the
page's styles and scripts are in, Material's search index and the offline copies once the
engine has answered (or the reader opens the search)."""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.harness import (
    ROOT,
    EngineGate,
    SiteServer,
    allow_console_errors,
    first_held,
    goto,
    hold_requests,
    runtime_call,
    wait_ready,
)

WIDGET_PAGE = "practice/quiz/"
LOCS = re.compile(r"<loc>([^<]+)</loc>")


def _pages(site: Path) -> set[str]:
    return {
        path.parent.relative_to(site).as_posix().removeprefix(".").strip("/")
        for path in site.rglob("index.html")
        if not path.relative_to(site).as_posix().startswith("runtime/")
    }


def test_the_sitemap_lists_every_page_at_the_served_address(site_server: SiteServer) -> None:
    text = (site_server.directory / "sitemap.xml").read_text()
    locs = LOCS.findall(text)
    assert locs and all(loc.startswith(site_server.url) for loc in locs), locs[:3]
    assert {loc.removeprefix(site_server.url).strip("/") for loc in locs} == _pages(
        site_server.directory
    )


def test_instant_navigation_keeps_one_worker_across_pages(page: Any) -> None:
    page.add_init_script(
        "window.__workers = 0; const W = window.Worker;"
        "window.Worker = class extends W { constructor(u, o) { super(u, o);"
        " if (String(u).includes('assets/euchre/worker.js')) window.__workers++; } };"
    )
    goto(page, WIDGET_PAGE)
    wait_ready(page)
    page.evaluate("() => { window.__sameDocument = true; }")
    for target in ("rules/scoring/", "practice/lessons/", "rules/cards/"):
        page.locator(f".md-sidebar--primary a.md-nav__link[href$='{target}']").first.click()
        # the lessons page may name its open lesson in the address (?lesson=...) at once
        page.wait_for_url(re.compile(re.escape(target) + r"(\?[^/]*)?$"))
        if target.startswith(("practice/", "rules/cards/")):
            wait_ready(page)
    assert page.evaluate("() => window.__sameDocument === true"), "a page was reloaded"
    assert page.evaluate("() => window.__workers") == 1  # the engine's (not Material's search)
    assert runtime_call(page, "runtime.ping") == "pong"


def test_a_missing_page_gets_the_styled_404_page_at_any_depth(page: Any) -> None:
    allow_console_errors(page, r"404|Failed to load resource")
    for missing in ("no-such-page/", "rules/no-such-page/", "a/b/c/d/e"):
        response = goto(page, missing)
        assert response.status == 404
        assert page.locator("h1", has_text="404").count() == 1
        # Material's stylesheet is applied: its header sticks to the top.
        header = page.evaluate(
            "() => getComputedStyle(document.querySelector('.md-header')).position"
        )
        assert header == "sticky", f"{missing}: the 404 page is unstyled"
        hrefs = page.evaluate(
            "() => [...document.querySelectorAll('.md-sidebar--primary a.md-nav__link[href]')]"
            ".map((a) => a.href)"
        )
        assert len(hrefs) > 10
        for href in hrefs:
            assert page.request.get(href).status == 200, f"{missing}: {href} is broken"


def test_a_build_for_another_address_uses_that_address(tmp_path: Path) -> None:
    address = "https://school.example/euchre/"
    env = {k: v for k, v in os.environ.items() if k != "EUCHRE_RULES"}
    env["SITE_URL"] = address
    out = tmp_path / "site"
    subprocess.run(
        [sys.executable, "scripts/build_site.py", "--out", str(out)],
        cwd=ROOT,
        env=env,
        check=True,
        stdout=subprocess.DEVNULL,
    )
    locs = LOCS.findall((out / "sitemap.xml").read_text())
    assert locs and all(loc.startswith(address) for loc in locs)
    not_found = (out / "404.html").read_text()
    assert 'href="/euchre/assets/stylesheets/' in not_found
    assert 'href="/euchre/rules/cards/"' in not_found


# ------------------------------------------------------------------ what a host sends

COMPRESSIBLE = (".html", ".js", ".mjs", ".css", ".json", ".svg", ".xml", ".wasm", ".zip", ".whl")


def test_every_compressible_file_has_siblings_that_decode_to_it(site_dir: Path) -> None:
    """The built site as a host serves it: beside each page, script, style, JSON file, the
    wasm and the engine's zips, a .br and a .gz that decode to exactly its bytes (the few
    files too small to gain have none)."""
    files = [p for p in site_dir.rglob("*") if p.is_file() and p.suffix in COMPRESSIBLE]
    with_siblings = [p for p in files if p.with_name(p.name + ".gz").exists()]
    assert len(with_siblings) > 0.9 * len(files)
    for name in (
        "index.html",
        "practice/quiz/index.html",
        "search/search_index.json",
        "runtime/manifest.json",
        "runtime/pyodide/pyodide.asm.wasm",
        "runtime/pyodide/python_stdlib.zip",
        "runtime/wheels/bytecode.zip",
    ):
        assert site_dir / name in with_siblings, name
    pairs = []
    for path in with_siblings:
        assert gzip.decompress(path.with_name(path.name + ".gz").read_bytes()) == path.read_bytes()
        brotli = path.with_name(path.name + ".br")
        assert brotli.stat().st_size <= path.with_name(path.name + ".gz").stat().st_size * 1.02
        pairs.append([str(path), str(brotli)])
    jobs = site_dir.parent / f"brotli-check-{os.getpid()}.json"
    jobs.write_text(json.dumps(pairs))
    try:
        checked = subprocess.run(
            ["node", str(ROOT / "scripts" / "brotli.mjs"), "check", str(jobs)],
            capture_output=True,
            text=True,
            check=False,
        )
    finally:
        jobs.unlink()
    assert json.loads(checked.stdout) == {"differ": []}


@pytest.fixture
def host(site_dir: Path) -> Iterator[Callable[[str], SiteServer]]:
    """``host(kind)``: the built site served by a host of that kind ("brotli", "gzip")."""
    servers: list[SiteServer] = []

    def make(kind: str) -> SiteServer:
        servers.append(SiteServer(site_dir, host=kind))
        return servers[-1]

    yield make
    for server in servers:
        server.stop()


# The SHA-256 of what Chromium makes of a file it fetches (the bytes after decoding), and
# the encoding the host sent it in.
FETCHED = """async (path) => {
    const response = await fetch(path, { cache: "no-store" });
    const digest = await crypto.subtle.digest("SHA-256", await response.arrayBuffer());
    const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
    return hex;
}"""


@pytest.mark.parametrize("kind", ["brotli", "gzip"])
def test_chromium_reads_each_host_s_compressed_files_as_the_files_themselves(
    new_page: Callable[..., Any], host: Callable[[str], SiteServer], site_dir: Path, kind: str
) -> None:
    server = host(kind)
    page = new_page(server, service_workers="block")
    sent: dict[str, str] = {}
    page.on(
        "response",
        lambda r: sent.setdefault(
            r.url.split("/learn-euchre/")[-1], r.headers.get("content-encoding", "")
        ),
    )
    goto(page, "about/")
    for name in (
        "runtime/pyodide/python_stdlib.zip",
        "runtime/wheels/bytecode.zip",
        "search/search_index.json",
    ):
        digest = page.evaluate(FETCHED, server.url + name)
        assert digest == hashlib.sha256((site_dir / name).read_bytes()).hexdigest(), name
        assert sent[name] == ("br" if kind == "brotli" else "gzip"), (name, sent[name])
    assert sent["about/"] == ("br" if kind == "brotli" else "gzip")


# Moments (epoch milliseconds) of the page's DOMContentLoaded (its styles and scripts have
# come and run) and of the engine's "ready".
MOMENTS = """
window.__moments = {};
const at = () => performance.timeOrigin + performance.now();
document.addEventListener("DOMContentLoaded", () => { window.__moments.parsed = at(); });
document.addEventListener("euchre-runtime", (event) => {
  if (event.detail.state === "ready" && window.__moments.ready === undefined) window.__moments.ready = at();
});
"""
# What a first visit downloads for the engine (besides the manifest and Pyodide's 6 KB
# loader, which the worker reads at once).
ENGINE_DOWNLOADS = (
    "runtime/pyodide/pyodide.asm",
    "runtime/pyodide/python_stdlib.zip",
    "runtime/wheels/",
)
# What waits for the engine's first answer: the search index, the service worker and the
# offline copies it makes.
AFTER_THE_ENGINE = ("search/search_index.json", "sw.js", "offline.json")


def test_a_first_visit_asks_for_nothing_before_it_is_needed(
    new_page: Callable[..., Any], host: Callable[[str], SiteServer]
) -> None:
    """The lessons page on a brotli host, one of its stylesheets held back for a while (a
    slow network): no large file of the engine is asked for until the page's styles and
    scripts are in; then each once; the search index, the service worker and the offline
    copies only once the engine has answered. (The requests in order are in the failure
    message.)"""
    server = host("brotli")
    page = new_page(server)
    page.add_init_script(MOMENTS)
    held = hold_requests(page, "**/assets/euchre/styles.css")
    page.goto("practice/lessons/", wait_until="commit")
    route = first_held(page, held)
    page.wait_for_timeout(2500)  # the worker has long started: it waits for the page
    released = time.time() * 1000
    route.continue_()
    page.context.unroute("**/assets/euchre/styles.css")  # the offline copy's request goes
    wait_ready(page, "[data-widget=lesson]")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=90_000)
    moments = page.evaluate("() => window.__moments")
    asked = [
        (t * 1000, path.split("?", 1)[0].removeprefix("/learn-euchre/"))
        for t, path, _ in server.timed_requests()
    ]
    listing = "\n".join(f"{t - asked[0][0]:8.0f} ms  {path}" for t, path in asked)
    engine = [(t, path) for t, path in asked if path.startswith(ENGINE_DOWNLOADS)]
    first_visit = [(t, path) for t, path in engine if t <= moments["ready"]]
    assert len(first_visit) >= 7, listing  # the glue, wasm, stdlib, four wheels, bytecode
    assert all(t >= released and t >= moments["parsed"] for t, _ in first_visit), listing
    names = [path for _, path in first_visit]
    assert len(names) == len(set(names)), listing
    assert not any("snapshot" in path or "lock" in path for path in names), listing
    later = [(t, path) for t, path in asked if path in AFTER_THE_ENGINE]
    assert {path for _, path in later} == set(AFTER_THE_ENGINE), listing
    assert all(t >= moments["ready"] for t, _ in later), listing


def test_opening_the_search_before_the_engine_answers_fetches_the_index(
    new_page: Callable[..., Any], host: Callable[[str], SiteServer]
) -> None:
    """The search index waits for the engine, but not for a reader who opens the search:
    with the engine held back, a search finds the bowers."""
    server = host("brotli")
    page = new_page(server)
    gate = EngineGate(page)
    goto(page, "practice/lessons/")
    page.wait_for_timeout(500)
    assert not any("search_index" in path for path, _ in server.requests())
    page.locator("[data-md-component=search-query]").fill("bower")  # focused, then typed
    page.wait_for_selector("[data-md-component=search-result] li", timeout=15_000)
    assert page.locator("[data-md-component=search-result] li").count() > 0
    gate.open()
    wait_ready(page, "[data-widget=lesson]")
