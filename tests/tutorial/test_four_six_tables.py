"""The score as a 4 and a 6 at every table with four scoring sides or fewer (two teams,
two-handed, cutthroat's three players), one pair per side, as the free-play page says; at
five or six players scoring alone, numbers only, and the page says why."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from euchre_tutorial.present.scores import score_bar_html, winner_html

from tests.tutorial.test_game_table_sizes import SIDES, play_game

PLAY_PAGE = Path(__file__).resolve().parents[2] / "docs" / "practice" / "play.md"
SIDE = re.compile(r'<div class="eu-score-side[^"]*"[^>]*data-score="(\d+)">(.*?)</div>', re.S)


@pytest.mark.parametrize(("table", "seed"), [("3", 21), ("2", 9), ("5", 9)])
def test_each_side_s_score_is_drawn_as_a_4_and_a_6_where_a_pack_has_enough(
    table: str, seed: int
) -> None:
    model, _ = play_game(table, seed)
    boxes = SIDE.findall(score_bar_html(model))
    assert len(boxes) == SIDES[table]
    drawn = SIDES[table] <= 4
    for score, box in boxes:
        assert ("<svg" in box) == (drawn and int(score) > 0), (table, score, box)
    assert ("<svg" in winner_html(model)) == drawn


def test_the_free_play_page_says_where_the_score_is_numbers_only() -> None:
    text = " ".join(PLAY_PAGE.read_text(encoding="utf-8").split())
    assert "cutthroat's three players included" in text
    assert "five or six players who each score alone, the score shows as numbers only" in text
