"""The room server's fast view encoding says exactly what the engine's ``SeatView.to_dict``
says, for every seat after every move of whole deals, in every rule set (Bid Euchre's views
have no upcard and carry a bid) and at every table size, the way the server encodes them
(one encoder for deal after deal, the public fields encoded once for every seat of a
moment), and it is really the fast path that runs."""

from __future__ import annotations

import json

import pytest
from euchre import Deal, HandState, Rules
from euchre.rules import TABLES
from euchre.view import Moment
from euchre_rooms import viewcodec
from hypothesis import given, settings
from hypothesis import strategies as st


def test_the_fast_path_is_taken() -> None:
    """The engine's view has the keys the codec writes (else every view goes the slow way)."""
    assert viewcodec.FAST


@settings(max_examples=30, deadline=None)
@given(
    profile=st.sampled_from(Rules.profiles()),
    seed=st.integers(0, 10_000),
)
def test_every_view_of_a_whole_deal_encodes_as_the_engine_says(profile: str, seed: int) -> None:
    rules = Rules.profile(profile)
    state = HandState.new(Deal.random(seed=seed, dealer=seed % rules.players, rules=rules), rules)
    encoder = viewcodec.Encoder()
    while True:
        for seat in range(rules.players):
            view = state.view(seat)
            assert json.loads(encoder.text(view)) == view.to_dict()
        if state.result is not None:
            break
        legal = state.legal_actions()
        state = state.apply(legal[seed % len(legal)])


@pytest.mark.parametrize("profile", ["american", "bid-euchre"])
def test_a_view_alone_encodes_as_the_engine_says(profile: str) -> None:
    rules = Rules.profile(profile)
    view = HandState.new(Deal.random(seed=3, dealer=0, rules=rules), rules).view(1)
    assert json.loads(viewcodec.view_text(view)) == view.to_dict()


RULES = {
    **{
        f"{name} at {table}": Rules.profile(name).at_table(table)
        for name in ("american", "long-deck")
        for table in TABLES
    },
    "calling for best": Rules.profile("long-deck").replace(calling_for_best=True, joker=True),
    "farmer's hand": Rules.profile("beginner").replace(farmers_hand="three_low"),
    "bid euchre": Rules.profile("bid-euchre"),
}


@settings(max_examples=30, deadline=None)
@given(table=st.sampled_from(sorted(RULES)), seed=st.integers(0, 10_000))
def test_the_views_of_each_moment_encode_as_the_engine_says(table: str, seed: int) -> None:
    """As the server sends them: one encoder kept from deal to deal (what grew is only
    added to), each moment built on the one before it (a moment of the deal before is
    not built on), each moment's public fields encoded once, from one seat's view, for
    all."""
    rules = RULES[table]
    encoder = viewcodec.Encoder()
    moment = None
    for deal in range(2):
        dealer = (seed + deal) % rules.players
        state = HandState.new(Deal.random(seed=seed + deal, dealer=dealer, rules=rules), rules)
        while True:
            moment = Moment.of(state, moment)
            seats = [(seed + k) % rules.players for k in range(rules.players)]
            shared = encoder.shared(moment.view(seats[0]))
            for seat in seats:
                view = moment.view(seat)
                expected = json.dumps(view.to_dict(), separators=(",", ":"))
                assert encoder.text(view, shared) == expected
            if state.result is not None:
                break
            legal = state.legal_actions()
            state = state.apply(legal[seed % len(legal)])
