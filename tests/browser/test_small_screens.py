"""A small phone (320 px wide): no page of the site is wider than the screen, so nothing has
to be scrolled sideways to be read or tapped. A wide table may scroll inside its own box.

Found this way: the teacher's "Decision" list (its options are whole sentences) and the
progress page's file picker pushed their pages 113 and 40 px past a 320 px screen, and a
marked "Diamonds" in the quiz pushed the second column of suits 14 px past it. Try again's
hindsight table, which may scroll in its own box, fits that box on such a phone since its
mark and the coach's words left their column for a row of their own; its lines side by
side fit with a try beside the deal as played since each trick has a row of its own, its
cards two by two.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import euchre
from euchre_tutorial.tryagain.branch import finished_deal
from euchre_tutorial.tryagain.hindsight import review_plays

from tests.browser.harness import allow_console_errors, goto, wait_ready
from tests.browser.test_accessibility import site_pages
from tests.browser.test_quiz import (
    QUIZ,
    answer,
    current_question,
    next_question,
    open_quiz,
    wrong_answer,
)
from tests.browser.test_try_again import WIDGET, a_card_decision, open_link, site_rules

PHONE = {"viewport": {"width": 320, "height": 640}, "is_mobile": True, "has_touch": True}

# What sticks out past the right edge of the screen, outside any box that scrolls sideways.
STICKING_OUT = """() => {
  const width = document.documentElement.clientWidth;
  const scrolls = (el) => {
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const x = getComputedStyle(p).overflowX;
      if (x === "auto" || x === "scroll" || x === "hidden" || x === "clip") return true;
    }
    return false;
  };
  const out = [];
  for (const el of document.querySelectorAll("body *")) {
    const box = el.getBoundingClientRect();
    if (box.width > 0 && box.height > 0 && box.right > width + 1 && !scrolls(el)) {
      out.push(`${el.tagName.toLowerCase()}.${String(el.className).split(" ")[0]} to ${Math.round(box.right)} px`);
    }
  }
  return { page: document.documentElement.scrollWidth, width, out: out.slice(0, 4) };
}"""


def test_no_page_is_wider_than_a_small_phone(new_page: Any, site_dir: Path) -> None:
    page = new_page(**PHONE)
    # The rooms page of a static copy asks its own address for a room server (a 404 here).
    allow_console_errors(page, r"/rooms/health")
    problems = []
    for path in site_pages(site_dir):
        goto(page, path)
        if page.locator("[data-widget]").count():
            wait_ready(page)
        problem = wider_than_the_screen(page)
        if problem:
            problems.append(f"/{path}: {problem}")
    assert not problems, "\n".join(problems)


def wider_than_the_screen(page: Any) -> str | None:
    seen = page.evaluate(STICKING_OUT)
    if seen["page"] > seen["width"] or seen["out"]:
        return f"{seen['page']} px wide on a {seen['width']} px screen: {seen['out']}"
    return None


def test_a_quiz_answered_wrong_and_its_summary_fit_a_small_phone(new_page: Any) -> None:
    """Marks and feedback make the answers wider than the question was: every question
    answered wrong, then the summary with its review of the misses."""
    page = new_page(**PHONE)
    open_quiz(
        page, "practice/quiz/?kinds=suit,plays,winner,order&seed=5&count=6&level=learning&traps=50"
    )
    for number in range(6):
        answer(page, wrong_answer(current_question(page)))
        assert wider_than_the_screen(page) is None, (
            f"question {number + 1}: {wider_than_the_screen(page)}"
        )
        if number < 5:
            next_question(page)
    page.locator(f"{QUIZ} .eu-quiz-actions .eu-quiz-submit").click()
    page.wait_for_selector(f"{QUIZ} .eu-quiz-summary")
    assert wider_than_the_screen(page) is None, f"summary: {wider_than_the_screen(page)}"


def test_try_again_s_hindsight_fits_a_small_phone(new_page: Any) -> None:
    page = new_page(**PHONE)
    goto(page, "practice/try-again/")
    wait_ready(page)
    rules = site_rules(page)
    seed = next(
        s for s in range(60) if any(r.cost > 0 for r in review_plays(finished_deal(s, rules), 0))
    )
    played = finished_deal(seed, rules)
    k = a_card_decision(played, 2)
    open_link(page, euchre.to_share_code(played), k)
    page.wait_for_selector(".eu-ta-hindsight .eu-ta-why")
    assert wider_than_the_screen(page) is None, wider_than_the_screen(page)
    # a try of another card, finished: the deal as played and the try side by side
    page.locator(
        f"{WIDGET} .eu-ta-hand button[data-action=act]:not([data-value='{played.actions[k]}'])"
    ).first.click()
    page.wait_for_selector(
        f"{WIDGET} button[data-action=finish], {WIDGET} button[data-action=new-try]"
    )
    if page.locator(f"{WIDGET} button[data-action=finish]").count():
        page.locator(f"{WIDGET} button[data-action=finish]").click()
    page.wait_for_selector(f"{WIDGET} .eu-ta-compare th:has-text('Try 1')")
    assert wider_than_the_screen(page) is None, wider_than_the_screen(page)
    boxes = page.locator(".eu-ta-scroll").evaluate_all(
        "(bs) => bs.map((b) => [b.firstElementChild.className, b.scrollWidth, b.clientWidth])"
    )
    assert [css for css, *_ in boxes[:2]] == [
        "eu-ta-table eu-ta-lines",
        "eu-ta-table eu-ta-plays",
    ], boxes
    # the lines side by side (a trick's cards two by two) and the hindsight fit their boxes
    for _css, wide, box in boxes:
        assert wide <= box, boxes


def test_a_review_s_try_again_link_stretches_no_card_on_a_phone(new_page: Any) -> None:
    """A deal's review on a touch phone: "Try again from here" sits on a line of its own
    under a trick's cards. (It sat in the learner's card's column: that column widened to
    the link and, the link being 44 px tall on a touch screen, every card's box of the
    trick stretched with it, the winner's gold box twice the height of its card.)"""
    page = new_page(**PHONE)
    goto(page, "practice/try-again/")
    wait_ready(page)
    played = finished_deal(3, site_rules(page))
    goto(page, f"practice/play/?deal={euchre.to_share_code(played)}")
    wait_ready(page, "[data-widget=game]")
    page.wait_for_selector(".eu-review .eu-review-again a.eu-try-again")
    tricks = page.locator(".eu-review .eu-review-trick").evaluate_all(
        """(ts) => ts.map((t) => {
          const plays = [...t.querySelectorAll('.eu-review-play')];
          const link = t.querySelector('a.eu-try-again');
          return {
            heights: plays.map((p) => Math.round(p.getBoundingClientRect().height)),
            inPlay: Boolean(t.querySelector('.eu-review-play a')),
            below: link === null || link.getBoundingClientRect().top >=
              Math.max(...plays.map((p) => p.getBoundingClientRect().bottom)) - 1,
          };
        })"""
    )
    assert any(t["heights"] for t in tricks), tricks
    for trick in tricks:
        assert not trick["inPlay"] and trick["below"], trick
        assert max(trick["heights"]) - min(trick["heights"]) <= 2, trick
    assert wider_than_the_screen(page) is None, wider_than_the_screen(page)
