"""Bid Euchre's quiz in a real browser, on its rules page: a learner answers a whole run
(right and wrong, the engine's reasons shown) to its summary, once answered by Python and
once before Python starts (from the replies the build wrote); a Euchre run stored by the
trick quiz's page is not taken up there. Every page fails the test on a console error."""

from __future__ import annotations

from typing import Any

from euchre_tutorial.quiz import check
from euchre_tutorial.quiz.levels import level_kinds

from tests.browser.harness import ROOT, axe_in_light_and_dark, goto, wait_ready
from tests.browser.test_first_session import block_pyodide
from tests.browser.test_quiz import (
    QUIZ,
    answer,
    current_question,
    next_question,
    stored,
    wrong_answer,
)

PAGE = "rules/bid-euchre/"


def answer_the_run(page: Any, shoot_as: str = "") -> list[str]:
    """Answer every question, the third ones wrong, checking each verdict's words (and
    taking a picture of each kind's first verdict ``shoot_as``); the kinds asked, in
    order."""
    kinds = []
    for n in range(10):
        q = current_question(page)
        kinds.append(q.kind)
        assert q.id.rules == "bid-euchre"
        given = wrong_answer(q) if n % 3 == 2 else list(q.answer)
        answer(page, given)
        feedback = check(q, given)
        text = page.locator(f"{QUIZ} .eu-quiz-feedback").inner_text()
        assert ("Right." if feedback["correct"] else "Not quite.") in text
        for reason in feedback["reasons"]:
            assert reason in text
        if shoot_as and q.kind not in kinds[:-1]:
            shoot(page, f"{shoot_as}-{q.kind}")
        next_question(page)
    page.wait_for_selector(f"{QUIZ} .eu-quiz-summary")
    return kinds


def shoot(page: Any, name: str) -> None:
    """The quiz in the light scheme and the dark one, into build/screenshots/bid-quiz/."""
    shots = ROOT / "build" / "screenshots" / "bid-quiz"
    shots.mkdir(parents=True, exist_ok=True)
    for scheme in ("default", "slate"):
        page.evaluate("(s) => document.body.setAttribute('data-md-color-scheme', s)", scheme)
        page.locator(QUIZ).screenshot(path=str(shots / f"{name}-{scheme}.png"))
    page.evaluate("() => document.body.setAttribute('data-md-color-scheme', 'default')")


def test_a_learner_answers_a_bid_euchre_quiz_to_its_end(new_page: Any) -> None:
    phone = new_page(viewport={"width": 390, "height": 844})
    goto(phone, PAGE)
    wait_ready(phone, QUIZ)
    q = current_question(phone)
    answer(phone, wrong_answer(q))
    shoot(phone, f"phone-{q.kind}")
    assert not axe_in_light_and_dark(phone), axe_in_light_and_dark(phone)

    page = new_page(viewport={"width": 1280, "height": 900})
    goto(page, PAGE)
    wait_ready(page, QUIZ)
    first = current_question(page)
    assert first.kind in level_kinds("learning", "bid")
    if not first.trump_named:
        trump = page.locator(f"{QUIZ} .eu-quiz-trump").inner_text()
        assert "Not named yet" in trump
    kinds = answer_the_run(page, shoot_as="desktop")
    assert set(kinds) == set(level_kinds("learning", "bid"))  # bids, leader, bidscore, plays
    title = page.locator(f"{QUIZ} .eu-quiz-summary-title").inner_text()
    assert "You scored 7 of 10" in title
    assert page.locator(f"{QUIZ} .eu-quiz-review-item").count() == 3


def test_the_bid_euchre_quiz_is_answered_before_python_starts(page: Any) -> None:
    block_pyodide(page)
    goto(page, PAGE, wait_until="domcontentloaded")
    page.wait_for_selector(f"{QUIZ} .eu-quiz-option:not([disabled])")
    answer_the_run(page)
    assert "You scored 7 of 10" in page.locator(f"{QUIZ} .eu-quiz-summary-title").inner_text()
    assert page.locator(QUIZ).get_attribute("data-ready") != "true"
    page.wait_for_selector(f"{QUIZ}[data-ready='failed']", timeout=60_000)


def test_a_euchre_run_is_not_taken_up_by_the_bid_euchre_quiz(page: Any) -> None:
    goto(page, "practice/quiz/")
    wait_ready(page, QUIZ)
    q = current_question(page)
    answer(page, list(q.answer))
    assert stored(page)["run"]["ids"][0].endswith("@american")
    goto(page, PAGE)
    wait_ready(page, QUIZ)
    assert current_question(page).id.rules == "bid-euchre"
    assert page.locator(f"{QUIZ} .eu-quiz-progress").inner_text().lower() == "question 1 of 10"
