"""The rooms page without a network, and on a copy of the site with no room server: offline
it says the learner is offline (not how to run a server), with Join disabled, and asks the
network nothing until it is back; a static copy at its host's root answers the page's look
for a server with the site's own rooms/health file, so no request fails."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from functools import partial
from http.server import SimpleHTTPRequestHandler
from pathlib import Path
from typing import Any, ClassVar

import pytest

from tests.browser.harness import (
    MIME_TYPES,
    ROOT,
    ConsoleWatch,
    StaticServer,
    allow_console_errors,
    goto,
    runtime_call,
    wait_ready,
)

PAGE = "practice/rooms/"
WIDGET = "[data-widget=room]"
BUTTONS = f"() => [...document.querySelectorAll('{WIDGET} [data-form=entry] button')].map((b) => b.disabled)"


def test_offline_the_rooms_page_says_so_and_disables_join(new_page: Callable[..., Any]) -> None:
    page = new_page()
    goto(page, "rules/cards/")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=120_000)
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.context.set_offline(True)
    goto(page, PAGE)  # from the service worker's copy
    wait_ready(page, WIDGET)
    note = page.locator(f"{WIDGET} [data-region=no-network]")
    note.wait_for(state="visible")
    text = note.inner_text()
    assert "You are offline" in text and "make serve" not in text
    assert page.locator(f"{WIDGET} [data-region=offline]").is_hidden()
    assert page.evaluate(BUTTONS) and all(page.evaluate(BUTTONS))
    assert not [url for url in requests if "/rooms/" in url and not url.endswith(PAGE)]
    # the engine started from the kept snapshot, and looked for no newer build offline
    assert runtime_call(page, "runtime.ping") == "pong"
    page.wait_for_timeout(500)
    assert not [url for url in requests if "manifest.json?fresh" in url]
    # Back online, the page looks again by itself: this copy has no room server.
    allow_console_errors(page, r"rooms/health")
    page.context.set_offline(False)
    page.locator(f"{WIDGET} [data-region=offline]").wait_for(state="visible")
    assert note.is_hidden()


class _RootHandler(SimpleHTTPRequestHandler):
    """The built site served at its host's root, as a plain static host would."""

    extensions_map: ClassVar[dict[str, str]] = {
        **SimpleHTTPRequestHandler.extensions_map,
        **MIME_TYPES,
    }

    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture
def root_copy(site_dir: Path) -> Iterator[str]:
    import threading

    server = StaticServer(("127.0.0.1", 0), partial(_RootHandler, directory=str(site_dir)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def test_a_static_copy_at_its_host_s_root_makes_no_request_that_fails(
    browser: Any, root_copy: str
) -> None:
    assert json.loads((ROOT / "docs" / "rooms" / "health").read_text())["ok"] is False
    context = browser.new_context(base_url=root_copy)
    watch = ConsoleWatch()
    context.on("console", watch.on_console)
    page = context.new_page()
    page.on("pageerror", watch.on_page_error)
    failed: list[str] = []
    page.on("response", lambda r: r.status >= 400 and failed.append(f"{r.status} {r.url}"))
    page.on("requestfailed", lambda r: failed.append(f"failed {r.url}"))
    try:
        goto(page, PAGE)
        wait_ready(page, WIDGET)
        page.locator(f"{WIDGET} [data-region=offline]").wait_for(state="visible")
        text = page.locator(f"{WIDGET} [data-region=offline]").inner_text()
        assert "make serve" in text  # no server here: how to start one
        assert page.locator(f"{WIDGET} [data-region=no-network]").is_hidden()
        assert not failed, failed
        assert not watch.unexpected(), watch.unexpected()
    finally:
        context.close()
