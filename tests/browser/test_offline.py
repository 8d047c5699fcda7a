"""Offline, all of it: after one visit to any one page, the service worker has cached the
engine and every page in idle time, so unvisited pages open without a network, their
widgets answer through the engine, and a missing address gets the site's 404 page."""

from __future__ import annotations

import socket
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

from tests.browser.harness import (
    SiteServer,
    allow_console_errors,
    go_offline,
    goto,
    runtime_call,
    wait_ready,
)

SiteCopy = Callable[[Callable[[Any], None]], SiteServer]


def _visit_then_go_offline(new_page: Callable[..., Any], site_copy: SiteCopy, first: str) -> Any:
    server = site_copy(lambda root: None)
    page = new_page(server)
    goto(page, first)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=120_000)
    go_offline(page, server)
    return page


def _opens_styled(page: Any, path: str) -> None:
    response = goto(page, path)
    assert response is not None and response.ok, path
    assert page.locator("article h1").count() >= 1, path
    header = page.evaluate("() => getComputedStyle(document.querySelector('.md-header')).position")
    assert header == "sticky", f"{path} opened without its styles"


def test_after_visiting_a_text_page_every_page_opens_offline(
    new_page: Callable[..., Any], site_copy: SiteCopy
) -> None:
    page = _visit_then_go_offline(new_page, site_copy, "")
    for path in ("rules/scoring/", "rules/glossary/", "about/"):
        _opens_styled(page, path)
    _opens_styled(page, "practice/quiz/")
    wait_ready(page)
    assert runtime_call(page, "runtime.ping") == "pong"


def test_after_visiting_a_widget_page_unvisited_widget_pages_work_offline(
    new_page: Callable[..., Any], site_copy: SiteCopy
) -> None:
    page = _visit_then_go_offline(new_page, site_copy, "rules/cards/")
    for path in ("practice/lessons/", "practice/play/"):
        _opens_styled(page, path)
        wait_ready(page)
    assert runtime_call(page, "runtime.ping") == "pong"
    info = runtime_call(page, "runtime.info")
    assert info["boot"] == "snapshot"


def test_on_a_network_that_never_answers_pages_open_from_the_kept_copies(
    new_page: Callable[..., Any], site_copy: SiteCopy
) -> None:
    """A phone on a weak signal: the host accepts connections and never answers. Pages and
    their assets do not wait for it for ever: after a few seconds the kept copy is shown,
    and the widgets answer through the engine."""
    page = _visit_then_go_offline(new_page, site_copy, "about/")
    port = urlsplit(page.url).port
    silent = socket.socket()
    silent.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    silent.bind(("127.0.0.1", port))
    silent.listen(64)  # connections are queued and never read
    try:
        for path in ("rules/scoring/", "practice/quiz/"):
            _opens_styled(page, path)
        wait_ready(page)
        assert runtime_call(page, "runtime.ping") == "pong"
    finally:
        silent.close()


def test_offline_a_missing_address_gets_the_404_page(
    new_page: Callable[..., Any], site_copy: SiteCopy
) -> None:
    page = _visit_then_go_offline(new_page, site_copy, "about/")
    allow_console_errors(page, r"404|Failed to load resource")
    response = goto(page, "rules/no-such-page/")
    assert response is not None and response.status == 404
    assert page.locator("h1", has_text="404").count() == 1
