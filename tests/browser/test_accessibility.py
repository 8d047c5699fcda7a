"""axe-core finds no serious or critical violation on any page of the built site, in light
and in dark mode (widgets checked once they are live)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser.harness import allow_console_errors, axe, goto, wait_ready

SKIP_DIRS = {"assets", "runtime", "search"}


def site_pages(site: Path) -> list[str]:
    """Every page of the built site, as a path relative to its root ("rules/cards/")."""
    pages = []
    for index in sorted(site.rglob("index.html")):
        rel = index.relative_to(site).parent
        if rel.parts and rel.parts[0] in SKIP_DIRS:
            continue
        pages.append("" if str(rel) == "." else f"{rel.as_posix()}/")
    return pages


def describe(page_path: str, violation: dict[str, Any]) -> str:
    targets = [", ".join(node["target"]) for node in violation["nodes"][:4]]
    return (
        f"/{page_path}: {violation['id']} ({violation['impact']}): {violation['help']}\n"
        f"    at {'; '.join(targets)}"
    )


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_serious_axe_violation_on_any_page(new_page: Any, site_dir: Path, scheme: str) -> None:
    pages = site_pages(site_dir)
    assert "" in pages and "rules/cards/" in pages, pages
    page = new_page(color_scheme=scheme)
    # The rooms page of a static copy asks its own address for a room server (a 404 here).
    allow_console_errors(page, r"/rooms/health")
    expected = "slate" if scheme == "dark" else "default"
    problems: list[str] = []
    for path in pages:
        goto(page, path)
        if page.locator("[data-md-component=palette]").count():
            assert page.get_attribute("body", "data-md-color-scheme") == expected
        else:  # a page without the palette switch (an embed): set the scheme directly
            page.evaluate(
                "(scheme) => document.body.setAttribute('data-md-color-scheme', scheme)", expected
            )
        if page.locator("[data-widget]").count():
            wait_ready(page)
        problems += [describe(path, v) for v in axe(page)]
    assert not problems, f"{len(problems)} axe violations ({scheme}):\n" + "\n".join(problems)


# The focused element: its place on the screen and whether it is in the navigation drawer.
FOCUSED = """() => { const a = document.activeElement; const r = a.getBoundingClientRect();
  return { drawer: Boolean(a.closest('.md-sidebar--primary')), left: r.left, right: r.right,
           menu: a.matches('label[for=__drawer]'), expanded: a.getAttribute('aria-expanded') }; }"""


def test_on_a_phone_the_drawer_is_no_tab_stop_until_the_keyboard_opens_it(new_page: Any) -> None:
    """Where the navigation is a drawer, its links were Tab stops while it was closed, off the
    screen (a keyboard user's focus vanished for a dozen presses), and its menu icon could not
    be reached: now the icon is a button, Enter opens the drawer on a link on the screen, and
    Escape closes it with the focus back on the icon."""
    page = new_page(viewport={"width": 390, "height": 844}, service_workers="block")
    goto(page, "rules/cards/")
    stops = []
    for _ in range(8):
        page.keyboard.press("Tab")
        stops.append(page.evaluate(FOCUSED))
    assert not [stop for stop in stops if stop["drawer"] or stop["right"] < 0], stops
    menu = next(i for i, stop in enumerate(stops) if stop["menu"])
    assert stops[menu]["expanded"] == "false"
    for _ in range(len(stops) - 1 - menu):
        page.keyboard.press("Shift+Tab")
    page.keyboard.press("Enter")
    assert page.evaluate(FOCUSED)["drawer"]
    page.wait_for_function(  # once the drawer has slid in
        "() => document.activeElement.getBoundingClientRect().left >= 0", timeout=5000
    )
    page.keyboard.press("Escape")
    closed = page.evaluate(FOCUSED)
    assert closed["menu"] and closed["expanded"] == "false", closed
    page.wait_for_function(
        "() => getComputedStyle(document.querySelector('.md-sidebar--primary')).visibility === 'hidden'"
    )
