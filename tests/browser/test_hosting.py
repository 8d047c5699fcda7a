"""Hosted anywhere: the site built for an address (SITE_URL) and served as built from a
sub-folder has a sitemap of that address, keeps one engine worker across Material's
instant navigation, and answers a missing page with its own styled 404 page whose links
work at any depth. The harness builds the site for its own server's address."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

from tests.browser.harness import (
    ROOT,
    SiteServer,
    allow_console_errors,
    goto,
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
