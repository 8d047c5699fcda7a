"""The page around the table: Material's "Back to top" button never covers a widget's
control (checked with elementFromPoint at each control's centre, at phone and desktop
size, while the button is up), yet still comes up over plain text; a quiz selection and a
lesson in progress survive an in-page link (a heading's ¶, the table of contents), which
makes Material draw the page again."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.harness import goto, wait_ready

SIZES = {"phone": (390, 844), "desktop": (1280, 900)}
PAGES = ["practice/play/", "practice/lessons/", "practice/quiz/", "practice/try-again/"]

COVERED = """() => {
  const header = document.querySelector('.md-header').getBoundingClientRect().bottom;
  const found = [];
  const controls = document.querySelectorAll(
    '[data-widget] :is(button, a[href], input, select, summary, h2, h3, [data-region=head])');
  for (const el of controls) {
    const r = el.getBoundingClientRect();
    if (r.width < 2 || r.height < 2) continue;
    if (!el.checkVisibility({opacityProperty: true, visibilityProperty: true})) continue;
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (y < header + 2 || y > innerHeight - 2 || x < 0 || x > innerWidth) continue;
    const hit = document.elementFromPoint(x, y);
    if (hit && !el.contains(hit) && !hit.contains(el)) {
      found.push(`${(el.textContent || el.tagName).trim().slice(0, 30)} under ${hit.className || hit.tagName}`);
    }
  }
  return found;
}"""
TOP_UP = """() => {
  const top = document.querySelector('.md-top');
  return Boolean(top) && !top.hidden && getComputedStyle(top).visibility !== 'hidden';
}"""


SCROLLED = """(y) => new Promise((done) => {
  window.scrollTo(0, y);
  // two frames: the scroll event has been handled before the next scroll (a loaded machine
  // would otherwise fold both scrolls into one, and Material would see no way up)
  requestAnimationFrame(() => requestAnimationFrame(() => done(scrollY)));
})"""


def scroll_up_to(page: Any, y: int) -> None:
    """Scroll past ``y`` and back up to it: Material shows its button on the way up."""
    page.evaluate(SCROLLED, y + 250)
    page.evaluate(SCROLLED, y)
    page.wait_for_timeout(200)  # Material's button fades in (125 ms)


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("path", PAGES)
def test_back_to_top_never_covers_a_widget_control(new_page: Any, path: str, size: str) -> None:
    width, height = SIZES[size]
    page = new_page(viewport={"width": width, "height": height})
    goto(page, path)
    wait_ready(page)
    bottom = page.evaluate(
        "() => Math.max(...[...document.querySelectorAll('[data-widget]')]"
        ".map((w) => w.getBoundingClientRect().bottom + scrollY))"
    )
    covered: set[str] = set()
    for y in range(0, int(bottom), 100):
        scroll_up_to(page, y)
        covered.update(page.evaluate(COVERED))
    assert not covered, covered


@pytest.mark.parametrize("size", sorted(SIZES))
def test_back_to_top_still_comes_up_over_plain_text(new_page: Any, size: str) -> None:
    """Below the progress map the page is text: there the button comes up as usual."""
    width, height = SIZES[size]
    page = new_page(viewport={"width": width, "height": height})
    goto(page, "practice/progress/")
    wait_ready(page)
    below = page.evaluate(
        "() => document.querySelector('[data-widget]').getBoundingClientRect().bottom + scrollY"
    )
    assert below + 300 < page.evaluate("() => document.documentElement.scrollHeight - innerHeight")
    scroll_up_to(page, int(below) + 20)
    page.wait_for_function(TOP_UP, timeout=5_000)
    assert not page.evaluate(COVERED)


def picked(page: Any) -> list[str | None]:
    return page.evaluate(
        "() => [...document.querySelectorAll('[data-widget=quiz] [data-action=pick]')]"
        ".map((b) => b.getAttribute('aria-pressed'))"
    )


def click_in_page_link(page: Any, selector: str) -> None:
    """Click an in-page link (a heading's ¶, the table of contents) as a reader does: the
    link is scrolled into view first, and the click waits until Material is done with that
    scroll. Material writes the scroll offset into the history entry 100 ms after a scroll
    and its tracking puts the heading in view into the address 250 ms after; a click before
    those land gets them written onto the entry it pushes, and Material then restores that
    entry's offset instead of jumping to the anchor. The page counts as done when the
    history entry and the address have not changed for half a second (timers fire in the
    order they are due, so Material's come first)."""
    link = page.locator(selector)
    link.scroll_into_view_if_needed()
    page.wait_for_function(
        """() => {
            const now = performance.now();
            const seen = JSON.stringify(history.state) + location.href + scrollY;
            const last = (window.__settled ??= { seen, at: now });
            if (last.seen !== seen) Object.assign(last, { seen, at: now });
            return now - last.at > 500;
        }""",
        polling=50,
    )
    page.evaluate("() => { delete window.__settled; }")
    link.click()


def test_a_quiz_selection_survives_a_heading_link_and_the_table_of_contents(
    new_page: Any,
) -> None:
    page = new_page(viewport=dict(zip(("width", "height"), SIZES["desktop"], strict=True)))
    goto(page, "practice/quiz/")
    wait_ready(page)
    quiz = page.locator("[data-widget=quiz]")
    quiz.locator("[data-action=pick]").first.click()
    page.wait_for_function(
        "() => document.querySelector('[data-widget=quiz] [data-action=pick]')"
        ".getAttribute('aria-pressed') === 'true'"
    )
    chosen = picked(page)
    click_in_page_link(page, "h2#what-the-questions-ask a.headerlink")
    page.wait_for_url("**#what-the-questions-ask", wait_until="commit")  # in-page jump
    page.wait_for_timeout(1000)  # Material draws the page again, if it does
    assert picked(page) == chosen
    click_in_page_link(page, ".md-sidebar--secondary a[href$='#use-it-by-keyboard']")
    page.wait_for_url("**#use-it-by-keyboard", wait_until="commit")  # in-page jump
    page.wait_for_timeout(500)
    assert picked(page) == chosen
    page.go_back()
    page.wait_for_timeout(500)
    assert picked(page) == chosen
    # the kept quiz still answers
    quiz.locator("[data-action=check]").click()
    page.wait_for_selector(
        "[data-widget=quiz] .eu-quiz-verdict, [data-widget=quiz] [data-action=next]"
    )


def test_a_lesson_in_progress_survives_a_heading_link(page: Any) -> None:
    goto(page, "practice/lessons/?lesson=winning-tricks")
    wait_ready(page)
    root = page.locator("[data-widget=lesson]")
    root.locator(".eu-hand button[data-card=Ks]").click()  # refused: diamonds were led
    page.wait_for_function(
        "() => document.querySelector('[data-widget=lesson] [data-region=feedback]')"
        ".textContent.length > 0"
    )
    said = root.locator("[data-region=feedback]").inner_text()
    click_in_page_link(page, "h2#how-a-step-works a.headerlink")
    page.wait_for_url("**#how-a-step-works", wait_until="commit")  # in-page jump
    page.wait_for_timeout(1000)
    assert root.locator("[data-region=feedback]").inner_text() == said
    assert root.get_attribute("data-ready") == "true"
