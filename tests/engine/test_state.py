"""HandState: immutability, legal actions, refusals that explain themselves."""

from __future__ import annotations

import pytest
from euchre import Action, HandState, IllegalAction, Phase

from tests.engine.builders import make_state, play_out


def test_apply_returns_a_new_state(fixed: HandState) -> None:
    after = fixed.apply("pass")
    assert fixed.actions == () and fixed.to_act == 0
    assert [str(a) for a in after.actions] == ["pass"]
    with pytest.raises(AttributeError):
        fixed.to_act = 2  # type: ignore[misc]


def test_actions_may_be_text_or_action(fixed: HandState) -> None:
    assert fixed.apply("pass") == fixed.apply(Action.parse("pass"))


@pytest.mark.parametrize(
    ("actions", "bad", "words"),
    [
        ((), "play Jh", "cannot play a card yet"),
        ((), "call spades", "round one"),
        ((), "play Zz", "not an action"),
        ((), "dance", "not an action"),
        (("order",), "discard Ac", "do not hold A♣"),
        (("order",), "pass", "must first discard"),
        (("order", "discard 9s"), "play 9c", "do not hold 9♣"),
        (("order", "discard 9s"), "order", "time to play a card"),
        (("pass",) * 4, "order", "turned down"),
    ],
)
def test_refusals_explain_and_change_nothing(
    fixed: HandState, actions: tuple[str, ...], bad: str, words: str
) -> None:
    state = play_out(fixed, *actions)
    before = state.to_json()
    reason = state.why_illegal(bad)
    assert reason is not None and words in reason
    with pytest.raises(IllegalAction) as info:
        state.apply(bad)
    assert str(info.value) == reason
    assert state.to_json() == before


def test_left_bower_refusal_names_the_rule() -> None:

    hands = ["Ad Kc Qc 9c Tc", "Jd Kd 9s Ts Qs", "9h Th Qh Kh Ah", "Js Jc Jh Ac As"]
    state = play_out(
        make_state(hands, "9d", dealer=3, kitty="Qd Td Ks"),
        "pass",
        "pass",
        "pass",
        "pass",
        "call hearts",
        "play Ad",
    )
    reason = state.why_illegal("play Jd")
    assert reason is not None
    assert "J♦ is a heart while hearts are trump" in reason and "cannot follow diamonds" in reason
    assert "K♦" in reason


def test_legal_actions_all_apply_and_nothing_else_does(fixed: HandState) -> None:
    state = play_out(fixed, "order", "discard 9s", "play Jh")
    legal = state.legal_actions()
    assert [str(a) for a in legal] == ["play 9c", "play Tc", "play Qc", "play Kc", "play Ac"]
    for action in legal:
        assert state.why_illegal(action) is None
        state.apply(action)


def test_no_action_after_the_deal_is_over(fixed: HandState) -> None:
    state = play_out(fixed, *["pass"] * 8)
    assert state.phase is Phase.OVER and state.to_act is None and state.legal_actions() == []
    assert state.why_illegal("pass") == "this deal is over"


def test_json_round_trip(fixed: HandState) -> None:
    state = play_out(fixed, "order", "discard 9s", "play Jh")
    assert HandState.from_json(state.to_json()) == state


def test_json_with_an_illegal_action_is_refused(fixed: HandState) -> None:
    text = fixed.to_json().replace('"actions":[]', '"actions":["play Jh"]')
    with pytest.raises(IllegalAction):
        HandState.from_json(text)
    with pytest.raises(ValueError, match="not a saved deal"):
        HandState.from_json("[1, 2]")
