"""A seat's view: its own cards and public facts only."""

from __future__ import annotations

import json
import random

from euchre import Deal, HandState, Rules, SeatView
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.engine.builders import play_out


def test_view_hides_other_hands_and_the_kitty(fixed: HandState) -> None:
    view = fixed.view(1)
    data = view.to_dict()
    assert data["hand"] == ["9c", "Tc", "Qc", "Kc", "Ac"]
    text = str(data)
    for code in ("Jh", "Jd", "9d", "As", "Th", "Jc"):  # others' cards and the kitty
        assert code not in text
    assert data["upcard"] == "9h"


def test_only_the_dealer_sees_the_discard(fixed: HandState) -> None:
    state = play_out(fixed, "order", "discard Qs")
    assert state.view(3).discard is not None and str(state.view(3).discard) == "Q♠"
    assert state.view(0).discard is None
    assert "discard Qs" in [str(a) for a in state.view(3).actions]
    assert "discard Qs" not in [str(a) for a in state.view(0).actions]
    assert "discard" in [str(a) for a in state.view(0).actions]


def test_played_cards_are_public(fixed: HandState) -> None:
    state = play_out(fixed, "order", "discard 9s", "play Jh")
    assert [c.code for c in state.view(2).played_cards()] == ["Jh"]
    assert state.view(1).legal and not state.view(2).legal


PROFILE_RULES = [Rules.profile(name) for name in Rules.profiles()] + [
    Rules.profile("long-deck").replace(calling_for_best=True, joker=True),
    Rules.profile("beginner").replace(farmers_hand="three_low"),
]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    rules=st.sampled_from(PROFILE_RULES),
    seed=st.integers(min_value=0, max_value=2**31 - 1),
    moves=st.integers(min_value=0, max_value=40),
)
def test_a_view_comes_back_from_its_dict(rules: Rules, seed: int, moves: int) -> None:
    """What a room server sends (``to_dict``) reads back as the same view, at any point of a
    random deal, for every seat."""
    state = HandState.new(Deal.random(seed, rules=rules), rules)
    chooser = random.Random(seed)
    for _ in range(moves):
        if state.result is not None:
            break
        state = state.apply(chooser.choice(state.legal_actions()))
    for seat in range(state.players):
        view = state.view(seat)
        data = json.loads(json.dumps(view.to_dict()))
        assert SeatView.from_dict(data, rules) == view
