"""The printed house-rules card fits on one page (Chromium's print-to-PDF), for the default
rules and for the sample house rules (the longest list)."""

from __future__ import annotations

import functools
import re
import threading
from http.server import SimpleHTTPRequestHandler
from pathlib import Path
from typing import Any

import pytest

from tests.browser.harness import StaticServer
from tests.site.conftest import HOUSE_RULES, SitePath

pytestmark = pytest.mark.browser


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        return None


def serve(root: Path) -> tuple[StaticServer, str]:
    handler = functools.partial(_Quiet, directory=str(root))
    server = StaticServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def pdf_pages(data: bytes) -> int:
    """Pages in a PDF (Chromium writes one ``/Type /Page`` object per page)."""
    return len(re.findall(rb"/Type\s*/Page(?![s\w])", data))


@pytest.mark.parametrize("spec", ["american", str(HOUSE_RULES)])
@pytest.mark.parametrize("paper", ["Letter", "A4"])
def test_house_rules_card_prints_on_one_page(
    site_for: SitePath, browser: Any, spec: str, paper: str
) -> None:
    server, url = serve(site_for(spec))
    try:
        page = browser.new_page()
        page.goto(url + "rules/house-rules-card/", wait_until="load")
        assert page.locator(".eu-house-card").count() == 1
        data = page.pdf(format=paper, print_background=False)
        page.close()
    finally:
        server.shutdown()
        server.server_close()
    assert pdf_pages(data) == 1
