"""Fixtures of the real-browser tests: the built site served from a sub-path, Debian's
Chromium driven by Playwright, and pages that fail the test on any console error.

``site_server``   the site at http://127.0.0.1:<free port>/learn-euchre/ (``.url``), built
                  for exactly that address (``SITE_URL``) into build/test-site/ (one
                  folder per xdist worker: build/test-site-gw0/, ...) once the port is
                  known, and served as built
``site_dir``      that built site's folder
``browser``       headless Chromium from /usr/bin/chromium (tests/conftest.py: shared with
                  the site tests, since one process may run only one Playwright)
``page``          a page in a fresh context (cold cache, no service worker yet) whose base
                  URL is the server's; the test FAILS on any console error or page error,
                  except those allowed with ``harness.allow_console_errors``
``new_page``      ``new_page(server=None, **context_options)``: more such pages
``site_copy``     ``site_copy(mutate)``: a copy of the site changed by ``mutate(root)``,
                  served on its own port (for fallback tests)

Helpers (goto, wait_ready, axe, ...) are in ``harness.py``. Every test in this folder is
marked ``browser``.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.harness import (
    ROOT,
    ConsoleWatch,
    SiteServer,
    build_site,
    link_or_copy,
    register_page,
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.path)).parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def site_server(worker_id: str) -> Iterator[SiteServer]:
    # one built site per pytest-xdist worker: each is built for its own server's address
    site = ROOT / "build" / ("test-site" if worker_id == "master" else f"test-site-{worker_id}")
    server = SiteServer(site)
    try:
        build_site(site, server.url)
        if not (site / "runtime" / "manifest.json").exists():
            pytest.fail(f"{site} has no runtime/manifest.json: run `make runtime`")
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def site_dir(site_server: SiteServer) -> Path:
    return site_server.directory


@pytest.fixture
def site_copy(
    site_dir: Path, tmp_path: Path
) -> Iterator[Callable[[Callable[[Path], None]], SiteServer]]:
    """``site_copy(mutate)``: serve a copy of the site after ``mutate(copy_root)``.

    Files are hard links where possible: change one with ``harness.replace_file``.
    """
    servers: list[SiteServer] = []

    def make(mutate: Callable[[Path], None]) -> SiteServer:
        copy = tmp_path / f"site{len(servers)}"
        shutil.copytree(site_dir, copy, copy_function=link_or_copy)
        mutate(copy)
        server = SiteServer(copy)
        servers.append(server)
        return server

    yield make
    for server in servers:
        server.stop()


@pytest.fixture
def new_page(browser: Any, site_server: SiteServer) -> Iterator[Callable[..., Any]]:
    """``new_page(server=None, **context_options)``: a page in a fresh context."""
    opened: list[tuple[Any, ConsoleWatch]] = []

    def make(server: SiteServer | None = None, **options: Any) -> Any:
        server = server or site_server
        context = browser.new_context(base_url=server.url, **options)
        watch = ConsoleWatch()
        context.on("console", watch.on_console)
        page = context.new_page()
        page.on("pageerror", watch.on_page_error)
        register_page(page, watch, server)
        opened.append((context, watch))
        return page

    yield make
    problems = [problem for _, watch in opened for problem in watch.unexpected()]
    for context, _ in opened:
        context.close()
    if problems:
        pytest.fail("the browser reported errors:\n" + "\n".join(problems), pytrace=False)


@pytest.fixture
def page(new_page: Callable[..., Any]) -> Any:
    return new_page()
