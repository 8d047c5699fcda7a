"""EGN for games and share codes for deals: both ways, and damage reported plainly."""

from __future__ import annotations

import json

import pytest
from euchre import (
    Deal,
    Game,
    HandState,
    RecordError,
    Rules,
    from_egn,
    from_share_code,
    to_egn,
    to_share_code,
)

from tests.engine.test_game import play_game


def test_egn_round_trips_a_finished_game() -> None:
    game = play_game(Rules.profile("beginner"), seed=4)
    again = from_egn(to_egn(game))
    assert again.score == game.score and again.winner == game.winner
    assert again.history == game.history


def test_egn_round_trips_a_game_in_progress() -> None:
    game = Game.new(Rules().replace(game_to=7), seed=2).apply("pass").apply("order")
    assert from_egn(to_egn(game)).state == game.state


def test_egn_with_a_tampered_action_is_refused() -> None:
    data = json.loads(to_egn(Game.new(Rules(), seed=2).apply("pass")))
    data["deals"][0]["actions"] = ["play Jd"]
    with pytest.raises(RecordError, match="illegal action"):
        from_egn(json.dumps(data))
    with pytest.raises(RecordError):
        from_egn("not json")


def test_share_code_is_url_safe_and_round_trips() -> None:
    state = HandState.new(Deal.random(seed=12, dealer=1), Rules.profile("midwest"))
    for _ in range(9):
        state = state.apply(state.legal_actions()[-1])
    code = to_share_code(state)
    assert all(ch.isalnum() or ch in "-_" for ch in code) and len(code) < 300
    again = from_share_code(code)
    assert again == state and again.rules == state.rules


@pytest.mark.parametrize("code", ["", "hello", "e1AAAA", "e1" + "x" * 5000, "<script>"])
def test_damaged_share_codes_are_reported(code: str) -> None:
    with pytest.raises(RecordError):
        from_share_code(code)
