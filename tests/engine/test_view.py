"""A seat's view: its own cards and public facts only."""

from __future__ import annotations

from euchre import HandState

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
