"""Fixtures shared by every test folder.

One Playwright (and one Chromium) per test session: Playwright's sync API cannot be started
twice in one process, so the browser tests and the site's print test share these.

Hypothesis runs without its deadline: speed is ``make bench``'s to measure, never a timed
test's, and on the shared machine a draw of 0.1 ms once took 290 ms and failed a property
test on the default deadline of 200 ms.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

from tests.browser.harness import CHROMIUM, TEST_CHROMIUM_ARGS

settings.register_profile("no-deadline", deadline=None)
settings.load_profile("no-deadline")


@pytest.fixture(scope="session")
def playwright_instance() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="session")
def browser(playwright_instance: Any) -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: run `make chromium`")
    browser = playwright_instance.chromium.launch(
        executable_path=CHROMIUM, headless=True, args=TEST_CHROMIUM_ARGS
    )
    yield browser
    browser.close()
