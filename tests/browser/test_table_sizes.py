"""Free play at other table sizes in a real browser: a three-handed cutthroat game and a
six-handed game (two teams of three) played to a winner by a scripted clicker, with one
score box per side and the seats laid out around the table; and quiz links with three- and
six-player rules. Any console error fails."""

from __future__ import annotations

import time
from typing import Any

import pytest
from euchre_tutorial.quiz.rules_code import parse_rules_code

from tests.browser.test_game import attr, check_review, my_move, open_game, wait_turn_or_review
from tests.browser.test_quiz import QUIZ, answer, current_question, next_question, open_quiz

PLACES = {
    "3": ["bottom", "top-left", "top-right"],
    "6": ["bottom", "left", "top-left", "top", "top-right", "right"],
}
SIDES = {"3": ["You", "Player 2", "Player 3"], "6": ["Your team", "Other team"]}


def start_table(page: Any, root: Any, table: str) -> None:
    root.locator("#eu-game-table").select_option(table)
    root.locator("#eu-game-profile").select_option("american")
    root.locator("#eu-game-game_to").select_option("5")
    root.locator("#eu-game-level").select_option("easy")
    root.locator("#eu-game-undo").set_checked(True)
    root.locator("[data-game-start]").click()
    page.wait_for_function(
        "() => document.querySelector('[data-widget=game] .eu-table') && !document.querySelector('.eu-newgame')"
    )


def play_to_the_end(page: Any, root: Any) -> int:
    """Click through the game; returns how many reviews were seen."""
    reviews = 0
    deadline = time.time() + 600
    while time.time() < deadline:
        wait_turn_or_review(page)
        if attr(root, "data-game-over") == "true":
            return reviews
        if attr(root, "data-review") == "open":
            check_review(root)
            reviews += 1
            root.locator("[data-review-continue]").click()
            page.wait_for_function(
                "() => document.querySelector('[data-widget=game]').dataset.review !== 'open'"
            )
            continue
        my_move(page, root)
    raise AssertionError("the game did not end in time")


@pytest.mark.parametrize("table", ["3", "6"])
def test_a_game_at_another_table_size_played_to_a_winner(page: Any, table: str) -> None:
    root = open_game(page)
    start_table(page, root, table)
    places = root.locator(".eu-table .eu-seat").evaluate_all("(s) => s.map((x) => x.dataset.place)")
    assert places == PLACES[table]
    assert attr(root.locator(".eu-table"), "data-players") == table
    labels = root.locator(".eu-score-side .eu-score-label").all_inner_texts()
    assert labels == SIDES[table]
    reviews = play_to_the_end(page, root)
    assert attr(root, "data-game-over") == "true"
    assert attr(root, "data-winner") in ("us", "them")
    assert "the game" in root.locator(".eu-game-over h3").inner_text()
    scores = [
        int(s)
        for s in root.locator(".eu-score-side").evaluate_all("(s) => s.map((x) => x.dataset.score)")
    ]
    assert len(scores) == len(SIDES[table])
    assert max(scores) >= 5 and reviews >= 1
    final = root.locator(".eu-game-over").inner_text()
    assert "Final score" in final and all(label.lower() in final.lower() for label in SIDES[table])


def test_the_table_choice_is_remembered_and_a_reload_resumes(page: Any) -> None:
    root = open_game(page)
    start_table(page, root, "3")
    wait_turn_or_review(page)
    if attr(root, "data-review") != "open":
        my_move(page, root)
        wait_turn_or_review(page)
    page.reload()
    page.wait_for_function(
        "() => document.querySelector('[data-widget=game]').dataset.ready === 'true'"
    )
    wait_turn_or_review(page)
    assert attr(root.locator(".eu-table"), "data-players") == "3"
    root.locator("[data-game-new]").click()
    assert root.locator("#eu-game-table").input_value() == "3"


@pytest.mark.parametrize(
    "rules", ["american,players:3,partnerships:0", "american,players:6,deck:32"]
)
def test_a_quiz_link_with_other_table_rules(page: Any, rules: str) -> None:
    open_quiz(page, f"practice/quiz/?kinds=winner&seed=5&count=3&rules={rules}")
    for _ in range(3):
        q = current_question(page)
        assert parse_rules_code(q.id.rules) == parse_rules_code(rules)
        assert len(q.options) == parse_rules_code(rules).players
        assert "Player" in page.locator(f"{QUIZ} .eu-quiz-question").inner_text()
        answer(page, list(q.answer))
        assert "eu-quiz-verdict--right" in (
            page.locator(f"{QUIZ} .eu-quiz-verdict").get_attribute("class") or ""
        )
        next_question(page)
