"""With JavaScript off, every page with a widget reads as a page: a banner says the practice
needs JavaScript, and each widget shows its first state (the quiz's first question, the
lesson's table, the trump explorer's orders) with nothing on it that looks as if it could
be used and would do nothing.

Found this way: with JavaScript off, free play drew Hint, New game and Export EGN, its
Settings opened, and it said "The game starts when the card engine is ready"; the quiz
asked to "Select every card you may play, then check" above a Check button; the room page
offered Join the room and Create a room; none of them could ever act.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.browser.harness import (
    SiteServer,
    allow_console_errors,
    goto,
    wait_for_instant_navigation,
)
from tests.browser.test_accessibility import site_pages

# What is drawn in a widget, visible, and could be used but needs the script: a control
# that is not a card (a <details> opens by itself, so its summary is not one of them).
USABLE_CONTROLS = """() => {
  const shown = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden";
  const controls = document.querySelectorAll(
    "[data-widget] :is(button:not([data-card]), input, select, textarea, label.md-button)");
  return [...controls].filter((el) => shown(el) && !el.disabled && !el.readOnly)
    .map((el) => `${el.closest("[data-widget]").dataset.widget}: ${el.outerHTML.slice(0, 120)}`);
}"""

CARDS_THAT_REACT = """() => [...document.querySelectorAll("[data-widget] button[data-card]")]
  .filter((el) => el.getClientRects().length > 0 && getComputedStyle(el).pointerEvents !== "none")
  .length"""

SHOWN_CARDS = """() => [...document.querySelectorAll("[data-widget] .eu-card")]
  .filter((el) => el.getClientRects().length > 0).length"""

SHOWN_WIDGET_TEXT = """() => [...document.querySelectorAll("[data-widget]")]
  .filter((el) => el.getClientRects().length > 0).map((el) => el.innerText).join("\\n")"""

# Lines that ask for something only the script can answer.
ASKING = (
    "then check",
    "when the card engine is ready",
    "Looking for the room server",
    "Import progress",
    "Starting the card engine",
)


def widget_pages(site: Path) -> list[str]:
    return [
        path
        for path in site_pages(site)
        if 'data-widget="' in (site / path / "index.html").read_text(encoding="utf-8")
    ]


def test_without_javascript_no_widget_offers_what_it_cannot_do(
    new_page: Any, site_dir: Path
) -> None:
    pages = widget_pages(site_dir)
    assert {"practice/play/", "practice/quiz/", "practice/rooms/", "rules/cards/"} <= set(pages)
    page = new_page(java_script_enabled=False)
    for path in pages:
        goto(page, path)
        assert page.locator(".eu-noscript").is_visible(), path
        assert page.evaluate(USABLE_CONTROLS) == [], path
        assert page.evaluate(CARDS_THAT_REACT) == 0, path
        text = page.evaluate(SHOWN_WIDGET_TEXT)
        for words in ASKING:
            assert words not in text, (path, words)


def test_without_javascript_the_first_states_are_still_drawn(new_page: Any) -> None:
    page = new_page(java_script_enabled=False)
    goto(page, "practice/quiz/")
    assert page.locator("[data-widget=quiz] .eu-quiz-option").count() >= 2
    assert "Which cards may you play?" in page.inner_text("[data-widget=quiz]")
    goto(page, "practice/lessons/")
    assert page.evaluate(SHOWN_CARDS) >= 20  # the lesson's whole table, face up
    goto(page, "rules/cards/")
    assert page.evaluate(SHOWN_CARDS) >= 24  # the trump explorer's orders
    goto(page, "practice/play/")
    assert "game to 10" in page.inner_text("[data-widget=game]")


# Instant navigation parses the next page with scripting off, so a `<noscript>` in it is
# read as markup: the no-JavaScript rules once came along into the live page that way, and
# every card after a link click stopped reacting, the quiz's Check button was gone.
FOLLOW_LINK = """(href) => { const a = document.createElement("a"); a.href = href;
  a.textContent = "next"; document.querySelector(".md-content").append(a); a.click(); }"""


def test_with_javascript_a_widget_reached_by_a_link_is_fully_usable(
    page: Any, site_server: SiteServer
) -> None:
    site_dir = site_server.directory
    allow_console_errors(page, r"rooms/health")  # this static server has no room server
    goto(page, "rules/quick-start/")
    wait_for_instant_navigation(page)
    page.evaluate("() => { window.__sameDocument = true; }")
    for path in widget_pages(site_dir):
        page.evaluate(FOLLOW_LINK, site_server.url + path)
        page.wait_for_function("(p) => location.pathname.endsWith('/' + p)", arg=path)
        page.wait_for_selector("[data-widget]", state="attached")
        assert page.evaluate("() => window.__sameDocument === true"), f"{path} was reloaded"
        blocked = page.evaluate(
            """() => [...document.querySelectorAll("[data-widget] button[data-card]")]
              .filter((el) => getComputedStyle(el).pointerEvents === "none").length"""
        )
        assert blocked == 0, path
        assert page.locator(".eu-noscript").is_hidden(), path
    # and used as a learner would: the quiz reached by a link takes an answer
    page.evaluate(FOLLOW_LINK, site_server.url + "practice/quiz/?kinds=plays&seed=5&count=2")
    page.wait_for_selector("[data-widget=quiz][data-ready=true] .eu-quiz-option:not([disabled])")
    page.locator("[data-widget=quiz] .eu-quiz-body .eu-quiz-option").first.click()
    page.locator("[data-widget=quiz] .eu-quiz-submit").click()
    page.wait_for_selector("[data-widget=quiz] .eu-quiz-verdict")
