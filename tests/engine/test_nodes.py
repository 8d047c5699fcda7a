"""Nodes and movers (``node.py``, ``mover.py``, ``bid_node.py``, ``play_node.py``): an action
given as text or as an equal Action made elsewhere moves exactly as the listed one does,
through ``apply`` and ``push`` alike, and pops back exactly; a state's attributes refuse a
change; the bidding's tables are shared.
"""

from __future__ import annotations

import pytest
from euchre import Action, Deal, HandState, Rules
from euchre.bid_node import bid_tables
from euchre.core import fields
from euchre.node import LEGAL, PARENT
from euchre.nodes import moved
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.engine.test_core import ALL_TABLES, fingerprint, random_start


def made_elsewhere(action: Action) -> Action:
    """An Action equal to ``action`` but not the engine's shared one."""
    return Action(action.kind, action.suit, action.cards, action.alone, action.tricks)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=st.sampled_from(sorted(ALL_TABLES)), seed=st.integers(0, 2**32))
def test_any_form_of_an_action_moves_as_the_listed_one(table: str, seed: int) -> None:
    _, rng, _, listed = random_start(table, seed)
    state = listed
    core = listed.core()
    seen = [core.fields()]
    while listed.result is None:
        action = rng.choice(listed.legal_actions())
        form = rng.below(3)  # the listed action, its text, or an equal one made anew
        given_form: Action | str = (action, str(action), made_elsewhere(action))[form]
        listed = listed.apply(action)
        state = state.apply(given_form)
        core.push(given_form)
        assert state == listed and core.state() == listed
        assert fingerprint(state) == fingerprint(listed) == fingerprint(core.state())
        assert fields(state.position()) == fields(listed.position()) == core.fields()
        assert core.result == state.result == listed.result
        seen.append(core.fields())
    for before in reversed(seen[:-1]):
        core.pop()
        assert core.fields() == before
        assert core.result is None


def test_a_card_played_as_an_equal_action_is_recorded_as_given() -> None:
    state = HandState.replay(Deal.random(seed=7, dealer=0), Rules(), ["order", "discard 9s"])
    play = state.legal_actions()[0]
    mine = made_elsewhere(play)
    assert mine == play and mine is not play
    after = state.apply(mine)
    assert after.actions[-1] is mine and after == state.apply(play)
    core = state.core()
    core.push(mine)
    assert core.pop() is mine


def test_a_refused_card_changes_nothing() -> None:
    state = HandState.replay(Deal.random(seed=7, dealer=0), Rules(), ["order", "discard 9s"])
    core = state.core()
    before = core.fields()
    assert state.to_act == 1
    with pytest.raises(ValueError, match="you do not hold"):  # seat 2's card
        core.push(Action("play", cards=(state.hands[2][0],)))
    with pytest.raises(ValueError, match="discard"):  # a card of its own, but no play
        core.push(Action("discard", cards=(state.hands[1][0],)))
    assert core.fields() == before
    with pytest.raises(IndexError):
        core.pop()


@pytest.mark.parametrize("name", ["to_act", "result", "phase", "trump"])
def test_a_states_attributes_refuse_a_change(name: str) -> None:
    state = HandState.new(Deal.random(seed=7, dealer=0), Rules())
    with pytest.raises(AttributeError, match="a HandState never changes: apply"):
        setattr(state, name, None)
    with pytest.raises(AttributeError):
        state.something_new = 1  # type: ignore[attr-defined]


def test_moved_makes_the_node_a_core_would_reach() -> None:
    state = HandState.new(Deal.random(seed=7, dealer=0), Rules())
    node = moved(state.core()._node, "order")
    assert node[PARENT] is state.core()._node
    core = state.core()
    core.push("order")
    assert [str(a) for a in node[LEGAL]] == [str(a) for a in core.legal_actions()]


def test_the_bidding_tables_are_shared_by_the_deals_of_a_rules() -> None:
    rules = Rules()
    tables = bid_tables(rules)
    assert tables is not None and bid_tables(rules) is tables
    assert [table.dealer for table in tables] == [0, 1, 2, 3]
    assert bid_tables(Rules.profile("long-deck")) is None  # the dealer may decline
